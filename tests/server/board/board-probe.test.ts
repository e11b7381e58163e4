import * as encoding from 'lib0/encoding'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import {
  BOARD_PART_BYTES,
  BoardFrame,
  MAX_BOARD_CHANGE_BYTES,
  MAX_BOARD_FRAME_BYTES,
} from '@streams/wire/board'
import { boardServiceOf } from '../../../src/server/board'
import { BoardDoc } from '../../../src/server/board/board-doc'
import { startServer, type TestServer } from '../harness'
import { watchServer, type ServerWatch } from '../server-watch'
import { boardToken, enter, joinBoard, stroke, until, type Member } from './helpers'

/**
 * Hostile frames on the board socket (`/board/{boardId}`): before the token, with a wrong or
 * foreign token, malformed and fuzzed Yjs updates, garbage awareness, another member's awareness,
 * a non-writer's change, an oversized frame. Each gets a clear close code or refusal; nothing
 * fails on the server; the board keeps working for its members and loads from the store again.
 */
let server: TestServer
let watch: ServerWatch
beforeAll(async () => {
  server = await startServer()
  watch = watchServer(server)
}, 180_000)
afterAll(async () => {
  watch.stop()
  await server.close()
})

const frame = (tag: number, payload: Uint8Array | number[]) =>
  Buffer.from([tag, ...(payload instanceof Uint8Array ? payload : Uint8Array.from(payload))])
const control = (value: unknown) =>
  frame(BoardFrame.control, new TextEncoder().encode(JSON.stringify(value)))
const syncUpdate = (update: Uint8Array) => {
  const encoder = encoding.createEncoder()
  syncProtocol.writeUpdate(encoder, update)
  return frame(BoardFrame.sync, encoding.toUint8Array(encoder))
}

/** A raw board connection: what it was sent back, and how it closed. */
class RawBoard {
  readonly received: Buffer[] = []
  closed: number | undefined
  private readonly closing: Promise<number>
  private readonly opening: Promise<void>

  constructor(readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => this.received.push(data))
    this.closing = new Promise((resolve) =>
      socket.on('close', (code) => {
        this.closed = code
        resolve(code)
      }),
    )
    this.opening = new Promise((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('error', reject)
    })
  }

  static async open(boardId: string): Promise<RawBoard> {
    const raw = new RawBoard(new WebSocket(`${server.url.replace('http', 'ws')}/board/${boardId}`))
    await raw.opening
    return raw
  }

  /** Opened and authenticated with the member's own token (its `writable` answer received). */
  static async as(member: Member): Promise<RawBoard> {
    const { boardId, boardToken: token } = await boardToken(member)
    const raw = await RawBoard.open(boardId)
    raw.socket.send(control({ t: 'auth', token }))
    await until(() => raw.controls().some((c) => c.t === 'writable'), 30_000)
    return raw
  }

  controls(): { t: string; [k: string]: unknown }[] {
    return this.received
      .filter((d) => d[0] === BoardFrame.control)
      .map((d) => JSON.parse(d.subarray(1).toString()))
  }

  /** Sends, then answers how the connection took it: its close code, or 'open' after a while. */
  async answer(data: Buffer | string, settleMs = 400): Promise<string> {
    this.socket.send(data)
    const kind = await Promise.race([
      this.closing.then((code) => `close:${code}`),
      new Promise<string>((r) => setTimeout(() => r('open'), settleMs)),
    ])
    return kind
  }
}

async function boardRoom(tag: string) {
  const room = `${tag}-${Math.random()}`
  const host = await enter(server, room, 1, 'Hana')
  const guest = await enter(server, room, 2, 'Carl')
  const hostBoard = await joinBoard(server, host)
  const guestBoard = await joinBoard(server, guest)
  const { boardId } = await boardToken(host)
  return { host, guest, hostBoard, guestBoard, boardId }
}

/** A stroke from the host reaches the conferee: the board still works for its members. */
async function stillDraws(room: Awaited<ReturnType<typeof boardRoom>>, id: string) {
  room.hostBoard.writeElements([stroke(id)])
  await until(() => room.guestBoard.elements().some((e) => e.id === id), 30_000)
}

/** A real update a writer could send: one stroke in a fresh document. */
function realUpdate(seed: number): Uint8Array {
  const doc = new Y.Doc()
  doc.getMap('scenes').set(`s${seed}`, new Y.Map())
  doc.getArray('x').push([`stroke-${seed}`, { n: seed }])
  return Y.encodeStateAsUpdate(doc)
}

/** A deterministic pseudo-random generator (the fuzzing repeats run to run). */
function prng(seed: number) {
  let s = seed >>> 0
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32
}

describe('hostile frames on the board socket', () => {
  it('before the token: another frame, a forged, foreign or wrong-kind token, garbage: each closed 4401', async () => {
    const a = await boardRoom('bp1')
    const other = await boardRoom('bp1o')
    const { boardToken: foreign } = await boardToken(other.host)
    const rtmToken = server.app.deps.tokens.sign({ kind: 'rtm', sub: a.host.uid, ch: a.boardId })
    const probes: [string, Buffer | string][] = [
      ['a sync frame first', syncUpdate(realUpdate(1))],
      ['a part first', frame(BoardFrame.part, [1, BoardFrame.control, 0x7b])],
      ['text that is not a control', 'hello'],
      ['an empty frame', Buffer.alloc(0)],
      ['a forged token', control({ t: 'auth', token: 'x.y.z' })],
      ['a token of another room’s board', control({ t: 'auth', token: foreign })],
      ['a realtime token', control({ t: 'auth', token: rtmToken })],
      ['a NUL token', control({ t: 'auth', token: 'a\u0000b' })],
      ['a control that is not JSON', frame(BoardFrame.control, [0x7b, 0x7b])],
      ['deep JSON', frame(BoardFrame.control, new TextEncoder().encode('['.repeat(20_000)))],
    ]
    const answers: string[] = []
    for (const [name, data] of probes)
      answers.push(`${name}: ${await (await RawBoard.open(a.boardId)).answer(data, 30_000)}`)
    expect(answers).toEqual(probes.map(([name]) => `${name}: close:4401`))
    // A NUL in the board id is refused before the upgrade, in the envelope's status.
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/board/a%00b`)
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0))
      socket.on('open', () => resolve(101))
      socket.on('error', () => undefined)
    })
    expect(status).toBe(400)
    await stillDraws(a, 'after-auth-probes')
    expect(watch.logged).toEqual([])
  })

  it('malformed frames from an authenticated writer close 1007 (unknown tag 1003, over 2 MB 1009); the board goes on', async () => {
    const a = await boardRoom('bp2')
    const huge = new Uint8Array(MAX_BOARD_FRAME_BYTES + 1024)
    const probes: [string, Buffer, string][] = [
      ['an empty frame', Buffer.alloc(0), 'close:1007'],
      ['an unknown tag', frame(9, [1, 2, 3]), 'close:1003'],
      ['a sync frame with no body', frame(BoardFrame.sync, []), 'close:1007'],
      ['an unknown sync type', frame(BoardFrame.sync, [7, 0]), 'close:1007'],
      ['a truncated varint', frame(BoardFrame.sync, [2, 0xff, 0xff]), 'close:1007'],
      [
        'a length beyond the frame',
        frame(BoardFrame.sync, [2, 0xff, 0xff, 0xff, 0x0f, 1]),
        'close:1007',
      ],
      ['an update of garbage', frame(BoardFrame.sync, [2, 5, 9, 9, 9, 9, 9]), 'close:1007'],
      ['a state vector of garbage', frame(BoardFrame.sync, [0, 3, 0xff, 0xff, 0xff]), 'close:1007'],
      ['awareness of garbage', frame(BoardFrame.awareness, [0xff, 0xff, 0xff]), 'close:1007'],
      [
        'awareness with a state that is not JSON',
        frame(BoardFrame.awareness, awarenessBytes(424242, 1, '{not json')),
        'close:1007',
      ],
      ['a control that is not JSON', frame(BoardFrame.control, [0x7b]), 'close:1007'],
      ['a frame over 2 MB', frame(BoardFrame.sync, huge), 'close:1009'],
      ['a part of no known flag', frame(BoardFrame.part, [7, 0, 1]), 'close:1007'],
      ['a part holding a part', frame(BoardFrame.part, [1, BoardFrame.part, 1, 0]), 'close:1007'],
      ['an empty frame in parts', frame(BoardFrame.part, [1]), 'close:1007'],
    ]
    const answers: string[] = []
    for (const [name, data] of probes)
      answers.push(`${name}: ${await (await RawBoard.as(a.host)).answer(data, 30_000)}`)
    expect(answers).toEqual(probes.map(([name, , want]) => `${name}: ${want}`))
    await stillDraws(a, 'after-malformed')
    expect(watch.logged).toEqual([])
  })

  it('[WB-1] a frame in parts is joined; parts past 16 MB are refused once (tooBig) and dropped, the socket stays open', async () => {
    const a = await boardRoom('bp5')
    const writer = await RawBoard.as(a.host)
    // A real update in two parts, the first part cut inside the sync message.
    const whole = syncUpdate(realUpdate(5))
    const cut = 3
    writer.socket.send(frame(BoardFrame.part, [0, ...whole.subarray(0, cut)]))
    writer.socket.send(frame(BoardFrame.part, [1, ...whole.subarray(cut)]))
    const doc = await boardServiceOf(server.app.fastify)!.open(a.boardId)
    // realUpdate pushes two items.
    await until(() => doc.doc.getArray('x').length === 2, 30_000)
    // 17 parts of 1 MB: over MAX_BOARD_CHANGE_BYTES at the 17th; the rest of that frame is dropped.
    const part = (last: 0 | 1) =>
      Buffer.concat([Buffer.from([BoardFrame.part, last]), Buffer.alloc(BOARD_PART_BYTES, 7)])
    for (let i = 0; i < 17; i++) writer.socket.send(part(0))
    writer.socket.send(part(1))
    await until(() => writer.controls().some((c) => c.t === 'refused'), 60_000)
    // A frame sent after the refused one is taken again.
    expect(await writer.answer(syncUpdate(realUpdate(6)), 2000)).toBe('open')
    expect(writer.controls().filter((c) => c.t === 'refused')).toEqual([
      { t: 'refused', reason: 'tooBig' },
    ])
    await until(() => doc.doc.getArray('x').length === 4, 30_000)
    expect(MAX_BOARD_CHANGE_BYTES).toBe(16 * BOARD_PART_BYTES)
    await stillDraws(a, 'after-parts')
    expect(watch.logged).toEqual([])
  })

  it('fuzzed Yjs updates from a writer are applied or refused 1007, never failed; the board works and loads again', async () => {
    const a = await boardRoom('bp3')
    const random = prng(16)
    const byKind = new Map<string, number>()
    const writer = { raw: await RawBoard.as(a.host) }
    for (let i = 0; i < 120; i++) {
      const update = realUpdate(i).slice()
      for (let flips = 1 + Math.floor(random() * 3); flips > 0; flips--)
        update[Math.floor(random() * update.length)] = Math.floor(random() * 256)
      if (writer.raw.closed !== undefined) writer.raw = await RawBoard.as(a.host)
      const kind = await writer.raw.answer(syncUpdate(update), 150)
      byKind.set(kind, (byKind.get(kind) ?? 0) + 1)
    }
    console.log(
      `board fuzz: 120 mutated updates; answers ${JSON.stringify(Object.fromEntries(byKind))}`,
    )
    expect([...byKind.keys()].filter((k) => k !== 'open' && k !== 'close:1007')).toEqual([])
    await stillDraws(a, 'after-fuzz')
    const service = boardServiceOf(server.app.fastify)!
    await (await service.open(a.boardId)).flush()
    const reloaded = await BoardDoc.load(server.app.db, a.boardId, Date.now, (e) =>
      watch.logged.push(String(e)),
    )
    expect(reloaded.doc.getMap('scenes').size).toBeGreaterThan(0)
    reloaded.destroy()
    expect(watch.logged).toEqual([])
  })

  it('[WB-2] a non-writer’s change is refused and changes nothing; another member’s awareness is not its to set (4403)', async () => {
    const a = await boardRoom('bp4')
    const guestRaw = await RawBoard.as(a.guest)
    expect(await guestRaw.answer(syncUpdate(realUpdate(1)))).toBe('open')
    await until(() => guestRaw.controls().some((c) => c.t === 'refused'))
    expect(guestRaw.controls()).toContainEqual({ t: 'refused', reason: 'notWriter' })
    const doc = await boardServiceOf(server.app.fastify)!.open(a.boardId)
    expect(doc.doc.getArray('x').length).toBe(0)
    // The host's presence on the server: the conferee tries to erase it and to speak for it.
    await until(() => doc.awareness.getStates().size >= 2, 30_000)
    const hostConn = [...doc.conns].find((c) => c.uid === a.host.uid)!
    const hostId = [...hostConn.awarenessIds][0]!
    const before = doc.awareness.getStates().get(hostId)
    const clock = doc.awareness.meta.get(hostId)!.clock
    expect(
      await guestRaw.answer(
        frame(BoardFrame.awareness, awarenessBytes(hostId, clock + 5, 'null')),
        30_000,
      ),
    ).toBe('close:4403')
    const spoof = await RawBoard.as(a.guest)
    const fake = JSON.stringify({ ...before, view: { mode: 'follower' } })
    expect(
      await spoof.answer(
        frame(BoardFrame.awareness, awarenessBytes(hostId, clock + 6, fake)),
        30_000,
      ),
    ).toBe('close:4403')
    expect(doc.awareness.getStates().get(hostId)).toEqual(before)
    await stillDraws(a, 'after-spoof')
    expect(watch.logged).toEqual([])
    expect(watch.unhandled).toEqual([])
  })
})

/** An awareness update of one client: its id, clock and state JSON as written. */
function awarenessBytes(clientId: number, clock: number, state: string): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, 1)
  encoding.writeVarUint(encoder, clientId)
  encoding.writeVarUint(encoder, clock)
  encoding.writeVarString(encoder, state)
  return encoding.toUint8Array(encoder)
}
