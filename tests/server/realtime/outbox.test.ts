import { describe, expect, it } from 'vitest'
import { textFrame } from '../../../src/server/realtime/frames'
import { Outbox, type Fanout, type Recipient } from '../../../src/server/realtime/outbox'

/** A recipient that records each write (as the TCP socket would get it). */
function recipient(name: string, log: string[]): Recipient & { writes: Buffer[] } {
  const writes: Buffer[] = []
  return {
    writes,
    peer: {
      write: (frames) => {
        writes.push(frames)
        log.push(name)
      },
      close: () => undefined,
    },
  }
}

const texts = (bytes: Buffer): string[] => {
  const out: string[] = []
  for (let at = 0; at < bytes.length;) {
    const length = bytes[at + 1]! & 0x7f
    out.push(bytes.toString('utf8', at + 2, at + 2 + length))
    at += 2 + length
  }
  return out
}
const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('the realtime outbox', () => {
  it('writes a channel’s frames of one turn to each member once, the same buffer for all', async () => {
    const log: string[] = []
    const a = recipient('a', log)
    const b = recipient('b', log)
    const outbox = new Outbox<typeof a>()
    const channel: Fanout<typeof a> = { members: new Set([a, b]), batch: [], excepts: [] }
    for (const text of ['one', 'two', 'three']) outbox.toAll(channel, textFrame(text))
    expect(log).toEqual([])
    await turn()
    expect(log).toEqual(['a', 'b'])
    expect(texts(a.writes[0]!)).toEqual(['one', 'two', 'three'])
    expect(b.writes[0]).toBe(a.writes[0])
  })

  it('leaves a member’s own channel messages out of what it gets', async () => {
    const log: string[] = []
    const a = recipient('a', log)
    const b = recipient('b', log)
    const outbox = new Outbox<typeof a>()
    const channel: Fanout<typeof a> = { members: new Set([a, b]), batch: [], excepts: [] }
    outbox.toAll(channel, textFrame('from a'), a)
    outbox.toAll(channel, textFrame('from b'), b)
    outbox.toAll(channel, textFrame('server'))
    await turn()
    expect(texts(a.writes[0]!)).toEqual(['from b', 'server'])
    expect(texts(b.writes[0]!)).toEqual(['from a', 'server'])
  })

  it('writes a member’s own frames before what its channel says after them', async () => {
    const log: string[] = []
    const a = recipient('a', log)
    const b = recipient('b', log)
    const outbox = new Outbox<typeof a>()
    const channel: Fanout<typeof a> = { members: new Set([a, b]), batch: [], excepts: [] }
    outbox.toOne(b, textFrame('ack'))
    outbox.toAll(channel, textFrame('said'))
    outbox.flushAll(channel)
    expect(b.writes.map(texts)).toEqual([['ack'], ['said']])
    expect(a.writes.map(texts)).toEqual([['said']])
    await turn()
    expect(b.writes).toHaveLength(2)
  })

  it('writes nothing for a channel it was told to forget', async () => {
    const log: string[] = []
    const a = recipient('a', log)
    const outbox = new Outbox<typeof a>()
    const channel: Fanout<typeof a> = { members: new Set([a]), batch: [], excepts: [] }
    outbox.toAll(channel, textFrame('late'))
    outbox.forget(channel)
    await turn()
    expect(log).toEqual([])
  })
})
