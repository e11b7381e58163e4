import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type WebSocket from 'ws'
import { DEFAULT_SETTINGS } from '../../../src/server/config'
import { enter, meeting, RtmClient, startServer, type TestServer } from '../harness'
import { watchServer, type ServerWatch } from '../server-watch'
import {
  allFrameProbes,
  chat,
  NUL,
  type FrameProbe,
  type ProbeContext,
  type Sender,
} from './probe-frames'

/**
 * Hostile frames on the realtime socket (docs/realtime.md): every frame type with every field
 * wrong in turn, frames that are no frames, lying channel and peer texts, frames before a login
 * and for channels never joined. Each must be answered (an ack or a clear error frame), none may
 * throw on the server (no `unavailable`, no warning or error in its log but a refused frame, no
 * unhandled rejection), and the room must work for its members afterwards.
 */
let server: TestServer
let watch: ServerWatch
let refusedLines = 0
beforeAll(async () => {
  server = await startServer({
    // The probe's anonymous sockets live longer than the login timeout would let them.
    settings: { rtm: { ...DEFAULT_SETTINGS.rtm, loginTimeoutMs: 120_000 } },
  })
  watch = watchServer(server, (level, msg) => {
    const refused = level === 'warn' && msg === 'realtime frame refused'
    if (refused) refusedLines++
    return refused
  })
}, 180_000)
afterAll(async () => {
  watch.stop()
  await server.close()
})

/** At most this many frames a second per socket: under the service's 60, so none is rate-limited. */
const PACE = 45

/** One socket the probe drives: sends one frame, waits for its answer (the next ack or error). */
class ProbeSocket {
  private waiting: ((kind: string) => void) | undefined
  private sent: number[] = []
  closed: number | undefined

  constructor(readonly socket: WebSocket) {
    socket.on('message', (raw, isBinary) => {
      if (isBinary) return this.answer('binary answer')
      const frame = JSON.parse(raw.toString()) as { t: string; code?: string }
      if (frame.t === 'ack') this.answer('ack')
      else if (frame.t === 'error') this.answer(`error:${frame.code}`)
    })
    socket.on('close', (code) => {
      this.closed = code
      this.answer(`close:${code}`)
    })
  }

  private answer(kind: string) {
    const resolve = this.waiting
    this.waiting = undefined
    resolve?.(kind)
  }

  async send(payload: string | Buffer, timeoutMs = 20_000): Promise<string> {
    if (this.closed !== undefined) return `close:${this.closed}`
    const now = Date.now()
    this.sent = this.sent.filter((t) => now - t < 1000)
    if (this.sent.length >= PACE) await sleep(1000 - (now - this.sent[0]!) + 5)
    this.sent.push(Date.now())
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting = undefined
        resolve('none')
      }, timeoutMs)
      this.waiting = (kind) => {
        clearTimeout(timer)
        resolve(kind)
      }
      this.socket.send(payload, { binary: typeof payload !== 'string' })
    })
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A room with its host and conferee joined, and a socket that never logs in. */
async function probeRoom() {
  const m = await meeting(server)
  const host = await RtmClient.join(server, m.host)
  const guest = await RtmClient.join(server, m.guest)
  const anon = await RtmClient.open(server.wsUrl)
  const context: ProbeContext = {
    channel: m.host.room.channelName,
    hostUid: m.host.me.uid,
    hostToken: m.host.me.rtmToken,
    guestUid: m.guest.me.uid,
    guestUserId: m.guest.me.userId,
  }
  const sockets: Record<Sender, ProbeSocket> = {
    host: new ProbeSocket(host.socket),
    guest: new ProbeSocket(guest.socket),
    anon: new ProbeSocket(anon.socket),
  }
  return {
    roomName: m.name,
    hostUserId: m.host.me.userId as string,
    host,
    guest,
    anon,
    context,
    sockets,
  }
}

/** Whether the room still works both ways: a chat line from each member reaches the other. */
async function stillTalks(room: Awaited<ReturnType<typeof probeRoom>>) {
  const { host, guest, context } = room
  const word = `still here ${Math.random()}`
  const sent = await guest.request({
    t: 'channelMessage',
    channel: context.channel,
    text: chat(context.guestUserId, word),
  })
  expect(sent.t, JSON.stringify(sent)).toBe('ack')
  await host.message(1, (m) => m.data.message === word, 30_000)
  const back = `${word} back`
  await host.request({
    t: 'channelMessage',
    channel: context.channel,
    text: chat(room.hostUserId, back),
  })
  await guest.message(1, (m) => m.data.message === back, 30_000)
}

const ROOMS = 4

describe('hostile frames on the realtime socket', () => {
  it('every hostile frame is answered with an ack or a clear error; nothing throws; the rooms still talk', async () => {
    const rooms = await Promise.all(Array.from({ length: ROOMS }, () => probeRoom()))
    const probes = rooms.map((room) => allFrameProbes(room.context))
    // Each room gets a share of the probes, so its sockets keep under the rate limit together.
    const queues = rooms.map((room, r) => ({
      room,
      probes: probes[r]!.filter((_, i) => i % ROOMS === r),
    }))
    const byKind = new Map<string, number>()
    const problems: string[] = []
    const run = async (room: (typeof rooms)[number], list: FrameProbe[], as: Sender) => {
      for (const probe of list.filter((p) => p.as === as)) {
        const kind = await room.sockets[as].send(probe.payload)
        byKind.set(kind, (byKind.get(kind) ?? 0) + 1)
        if (process.env.PROBE_VERBOSE && kind === 'ack')
          console.log(`ack: ${probe.as} ${probe.input}`)
        const refusable = /NUL|18446744073709551616/.test(probe.input)
        if (
          kind === 'none' ||
          kind.startsWith('close:') ||
          kind === 'error:unavailable' ||
          (refusable && kind === 'ack')
        )
          problems.push(`${probe.as} ${probe.input}: ${kind}`)
      }
    }
    await Promise.all(
      queues.flatMap(({ room, probes: list }) =>
        (['host', 'guest', 'anon'] as const).map((as) => run(room, list, as)),
      ),
    )
    const total = queues.reduce((n, q) => n + q.probes.length, 0)
    console.log(
      `realtime probe: ${total} hostile frames; answers ${JSON.stringify(Object.fromEntries([...byKind].sort()))};`,
      `problems ${problems.length}; server log ${watch.logged.length}; unhandled rejections ${watch.unhandled.length}`,
    )
    expect(problems).toEqual([])
    expect(watch.logged).toEqual([])
    for (const room of rooms) await stillTalks(room)
    expect(watch.logged).toEqual([])
    expect(watch.unhandled).toEqual([])
    for (const room of rooms) for (const s of [room.host, room.guest, room.anon]) s.close()
  }, 300_000)

  it('a frame over 64 KB closes with 1009, invalid UTF-8 with 1007; the others in the room go on', async () => {
    const room = await probeRoom()
    const big = new ProbeSocket(room.anon.socket)
    expect(await big.send('x'.repeat(70 * 1024))).toBe('close:1009')
    const raw = new ProbeSocket((await RtmClient.open(server.wsUrl)).socket)
    // ws sends a Buffer as it is with binary false: bytes that are not UTF-8 in a text frame.
    const kind = await new Promise<string>((resolve) => {
      raw.socket.once('close', (code) => resolve(`close:${code}`))
      raw.socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false })
    })
    expect(kind).toBe('close:1007')
    await stillTalks(room)
    // What ws refuses of a client is not a server error in the log.
    expect(watch.logged).toEqual([])
    room.host.close()
    room.guest.close()
  })

  it('a flood: frames over 60 a second are refused rateLimited, each answered; a second later the socket answers', async () => {
    const room = await probeRoom()
    const answers: string[] = []
    room.guest.socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString())
      if (frame.t === 'ack' || frame.t === 'error')
        answers.push(frame.t === 'ack' ? 'ack' : frame.code)
    })
    for (let i = 0; i < 500; i++)
      room.guest.socket.send(JSON.stringify({ t: 'ping', id: 10_000 + i }))
    const started = Date.now()
    while (answers.length < 500 && Date.now() - started < 20_000) await sleep(20)
    expect(answers).toHaveLength(500)
    expect(answers.filter((a) => a === 'rateLimited').length).toBeGreaterThan(0)
    expect(answers.every((a) => a === 'ack' || a === 'rateLimited')).toBe(true)
    await sleep(1100)
    await stillTalks(room)
    room.host.close()
    room.guest.close()
    room.anon.close()
  })

  it('refused frames are logged once a minute per socket, not a line each', async () => {
    const room = await probeRoom()
    const answers: string[] = []
    room.guest.socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString())
      if (frame.t === 'error') answers.push(frame.code)
    })
    const before = refusedLines
    for (let i = 0; i < 50; i++)
      room.guest.socket.send(JSON.stringify({ t: 'nonsense', id: 20_000 + i }))
    const started = Date.now()
    while (answers.length < 50 && Date.now() - started < 30_000) await sleep(20)
    expect(answers).toEqual(Array.from({ length: 50 }, () => 'badFrame'))
    expect(refusedLines - before).toBe(1)
    room.host.close()
    room.guest.close()
    room.anon.close()
  })

  it('a second login on one socket as another uid logs the first out: its members hear it left, it is not online', async () => {
    const room = await probeRoom()
    const { host, guest, context } = room
    const dora = await enter(server, { roomName: room.roomName, userName: 'Dora', role: 2 })
    // The conferee's socket logs in as another member of the room (with that member's token).
    const again = await guest.request({ t: 'login', uid: dora.me.uid, token: dora.me.rtmToken })
    expect(again).toMatchObject({ t: 'ack' })
    await host.next((f) => f.t === 'memberLeft' && f.uid === context.guestUid, 30_000)
    expect(server.app.hub.isOnline(context.guestUid)).toBe(false)
    expect((await guest.request({ t: 'join', channel: context.channel })).t).toBe('ack')
    expect(
      (await host.request({ t: 'getMembers', channel: context.channel })).data.members.sort(),
    ).toEqual([context.hostUid, dora.me.uid].sort())
    host.close()
    guest.close()
    room.anon.close()
  })

  it('a chat line with a NUL byte (its id too) is refused as a bad message, and the lines after it are kept', async () => {
    const room = await probeRoom()
    const { host, guest, context } = room
    for (const extra of [{ id: NUL }, { message: NUL }])
      expect(
        await guest.request({
          t: 'channelMessage',
          channel: context.channel,
          text: chat(context.guestUserId, 'odd', extra),
        }),
      ).toMatchObject({ t: 'error', code: 'badMessage' })
    await stillTalks(room)
    host.close()
    guest.close()
    room.anon.close()
  })

  it('a channel message nested deeper than 32 levels is refused as a bad message, not failed', async () => {
    const room = await probeRoom()
    const { guest, context } = room
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`
    const text = chat(context.guestUserId, 'deep').replace(
      '"message":"deep"',
      `"message":"deep","x":${deep}`,
    )
    expect(
      await guest.request({ t: 'channelMessage', channel: context.channel, text }),
    ).toMatchObject({
      t: 'error',
      code: 'badMessage',
    })
    await stillTalks(room)
    room.host.close()
    guest.close()
    room.anon.close()
  })
})
