import { describe, expect, it } from 'vitest'
import { ChannelLog } from '../../../src/adapters/local-messaging/channel-log'
import { RealtimeError } from '../../../src/adapters/local-messaging/socket-client'

const setup = () => {
  const delivered: string[] = []
  const log = new ChannelLog((from, text) => delivered.push(`${from}:${text}`))
  return { log, delivered }
}
const message = (seq: number, from = 'a') => ({ seq, from, text: `m${seq}` })

describe('channel log', () => {
  it('delivers each seq once and in order; announcements without a seq pass', () => {
    const { log, delivered } = setup()
    log.start(4)
    log.receive('a', 'm4', 4)
    log.receive('a', 'm5', 5)
    log.receive('a', 'm5', 5)
    log.receive('server', 'notice', undefined)
    log.receive('a', 'm6', 6)
    expect(delivered).toEqual(['a:m5', 'server:notice', 'a:m6'])
  })

  it('after a rejoin: holds live messages, fills the gap from the history page by page, skips my own, then releases the rest', async () => {
    const { log, delivered } = setup()
    log.start(0)
    log.receive('a', 'm1', 1)
    log.hold()
    log.receive('a', 'm6', 6)
    log.receive('a', 'm5', 5)
    const asked: number[] = []
    const pages = [
      { messages: [message(2), message(3, 'me')], last: 5, complete: true },
      { messages: [message(4), message(5)], last: 5, complete: true },
    ]
    const result = await log.catchUp('me', async (since) => {
      asked.push(since)
      return pages.shift()
    })
    expect(asked).toEqual([1, 3])
    expect(result).toEqual({ missed: 3, complete: true })
    expect(delivered).toEqual(['a:m1', 'a:m2', 'a:m4', 'a:m5', 'a:m6'])
  })

  it('a history that lost some says so; a bad answer is refused and the held ones released', async () => {
    const { log, delivered } = setup()
    log.start(10)
    log.hold()
    const partial = await log.catchUp('me', async () => ({
      messages: [message(30)],
      last: 30,
      complete: false,
    }))
    expect(partial).toEqual({ missed: 1, complete: false })
    log.hold()
    log.receive('a', 'm31', 31)
    await expect(log.catchUp('me', async () => ({ messages: 'no' }))).rejects.toThrow(
      /invalid history answer/,
    )
    expect(delivered).toEqual(['a:m30', 'a:m31'])
  })

  it('a drop during the catch-up keeps holding, so the next one starts from the same place', async () => {
    const { log, delivered } = setup()
    log.start(1)
    log.hold()
    log.receive('a', 'm9', 9)
    await expect(
      log.catchUp('me', async () => {
        throw new RealtimeError('closed', 'connection closed')
      }),
    ).rejects.toThrow('connection closed')
    expect(delivered).toEqual([])
    log.hold()
    const asked: number[] = []
    await log.catchUp('me', async (since) => {
      asked.push(since)
      return { messages: [message(2), message(9)], last: 9, complete: true }
    })
    expect(asked).toEqual([1])
    expect(delivered).toEqual(['a:m2', 'a:m9'])
  })
  it('after a page reload: the kept messages up to the join, mine too, page by page; live ones held until after them, each once', async () => {
    const { log, delivered } = setup()
    log.start(4)
    const asked: number[] = []
    const pages = [
      { messages: [message(2), message(3, 'me')], last: 5, complete: false },
      { messages: [message(4), message(5)], last: 5, complete: true },
    ]
    const restoring = log.restore(async (since) => {
      asked.push(since)
      // live while the history is read: held, then released after the restored ones
      log.receive('a', 'm5', 5)
      return pages.shift()
    })
    const result = await restoring
    expect(asked).toEqual([0, 3])
    expect(delivered).toEqual(['a:m2', 'me:m3', 'a:m4', 'a:m5'])
    expect(result).toEqual({ missed: 3, complete: false })
    log.receive('a', 'm6', 6)
    log.receive('a', 'm5', 5)
    expect(delivered.slice(4)).toEqual(['a:m6'])
  })

  it('a reload into a channel with nothing kept asks nothing', async () => {
    const { log, delivered } = setup()
    log.start(0)
    const result = await log.restore(async () => {
      throw new Error('not asked')
    })
    expect(result).toEqual({ missed: 0, complete: true })
    expect(delivered).toEqual([])
  })
})
