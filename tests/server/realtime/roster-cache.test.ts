import { describe, expect, it } from 'vitest'
import type { BusStatus, Topics } from '../../../src/server/realtime/bus'
import { RosterCache, type RosterEntry } from '../../../src/server/realtime/roster'

const ENTRY: RosterEntry = {
  userId: 'u1',
  userName: 'Carl',
  userPhoto: '',
  isHost: false,
  mayChat: true,
}

/** A roster read that counts its reads and answers when told (`answer`). */
function slowRead(entry: RosterEntry | null = ENTRY) {
  const waiting: (() => void)[] = []
  let reads = 0
  return {
    read: (_channel: string, _uid: string) => {
      reads++
      return new Promise<RosterEntry | null>((resolve) => waiting.push(() => resolve(entry)))
    },
    answer: () => waiting.splice(0).forEach((f) => f()),
    reads: () => reads,
  }
}

/** A bus whose topic messages the test sends, and whose connection it sets. */
function fakeBus() {
  const handlers = new Map<string, { message: () => void; back?: () => void }>()
  const published: string[] = []
  let connected = true
  const topics: Topics = {
    subscribe: (topic, message, back) => {
      handlers.set(topic, { message: () => message(new Uint8Array()), back })
      return { ready: Promise.resolve(), stop: () => handlers.delete(topic) }
    },
    publish: (topic) => void published.push(topic),
  }
  return {
    topics,
    status: (): BusStatus => ({ kind: 'redis', connected }),
    hear: () => handlers.get('roster')!.message(),
    back: () => handlers.get('roster')!.back!(),
    setConnected: (c: boolean) => (connected = c),
    published,
    subscribed: () => handlers.has('roster'),
  }
}

async function served(now = () => 0) {
  const source = slowRead()
  const bus = fakeBus()
  const cache = new RosterCache(now, 5_000)
  const roster = cache.serve(source.read, bus)
  const ask = async () => {
    const answer = roster('ch', 'u1')
    source.answer()
    return answer
  }
  return { source, bus, cache, roster, ask }
}

describe('the realtime roster, cached', () => {
  it('reads a member once; any change sent, done or heard from another process reads again', async () => {
    const { source, bus, cache, ask } = await served()
    expect(await ask()).toEqual(ENTRY)
    expect(await ask()).toEqual(ENTRY)
    expect(source.reads()).toBe(1)
    cache.starting()
    await ask()
    expect(source.reads()).toBe(2)
    cache.done()
    expect(bus.published).toEqual(['roster'])
    await ask()
    expect(source.reads()).toBe(3)
    bus.hear()
    await ask()
    await ask()
    expect(source.reads()).toBe(4)
  })

  it('keeps no read that a change overlapped, and no answer of a non-member', async () => {
    const { source, cache, roster, ask } = await served()
    const overlapped = roster('ch', 'u1')
    cache.starting()
    source.answer()
    expect(await overlapped).toEqual(ENTRY)
    await ask()
    expect(source.reads()).toBe(2)

    const none = slowRead(null)
    const cache2 = new RosterCache(() => 0)
    const roster2 = cache2.serve(none.read, fakeBus())
    for (let i = 0; i < 2; i++) {
      const answer = roster2('ch', 'stranger')
      none.answer()
      expect(await answer).toBeNull()
    }
    expect(none.reads()).toBe(2)
  })

  it('while the bus is away every read goes to the database; when it is back the cache starts over', async () => {
    const { source, bus, ask } = await served()
    await ask()
    bus.setConnected(false)
    await ask()
    await ask()
    expect(source.reads()).toBe(3)
    bus.setConnected(true)
    bus.back()
    await ask()
    await ask()
    expect(source.reads()).toBe(4)
  })

  it('an entry is trusted for its time at most, and the subscription stops on close', async () => {
    let now = 0
    const { source, bus, cache, ask } = await served(() => now)
    await ask()
    now = 4_999
    await ask()
    expect(source.reads()).toBe(1)
    now = 5_000
    await ask()
    expect(source.reads()).toBe(2)
    cache.close()
    expect(bus.subscribed()).toBe(false)
  })
})
