import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { meeting, startServer, type TestServer } from '../harness'
import { SfuPeer } from './sfu-peer'
import { until } from './werift-peer'

/**
 * Hostile frames on the SFU signalling socket (/sfu): every field of every frame made wrong in
 * turn, before and after a join. Each is answered (an ack or a clear refusal), none fails on the
 * server (`failed`), the socket stays open, and the member still publishes afterwards.
 */
let server: TestServer
const logged: string[] = []
beforeAll(async () => {
  server = await startServer({ settings: { media: 'sfu' } })
  const log = server.app.fastify.log
  for (const level of ['warn', 'error'] as const)
    vi.spyOn(log, level).mockImplementation(((obj: unknown, msg?: string) => {
      logged.push(`${level} ${msg ?? ''} ${JSON.stringify(obj)?.slice(0, 300)}`)
    }) as never)
})
afterAll(() => server?.close())

const NUL = 'a\u0000b'
const HUGE = '18446744073709551616'

/** Valid frames of every type (an SDP that is not one, a feed that does not exist). */
function templates(who: { channel: string; uid: string; token: string }) {
  return [
    { t: 'join', id: 1, channel: who.channel, uid: who.uid, token: who.token },
    { t: 'publish', id: 1, source: 'camera', sdp: 'v=0' },
    { t: 'unpublish', id: 1, source: 'screen' },
    { t: 'want', id: 1, streams: [{ feed: 12345, mid: '0', substream: 0 }] },
    { t: 'answer', id: 1, sdp: 'v=0' },
    { t: 'layer', id: 1, feed: 12345, mid: '0', substream: 1 },
    { t: 'trickle', id: 1, pc: 'sub', candidates: [{ candidate: 'x', sdpMid: '0' }] },
    { t: 'restart', id: 1 },
    { t: 'ping', id: 1 },
  ] as Record<string, unknown>[]
}

/** Each field of each template made wrong in turn, as JSON text. */
function hostile(who: { channel: string; uid: string; token: string }): string[] {
  const out: string[] = ['not json', '[]', '7', 'null', '{}', '{"t":"nope","id":1}']
  const bad = (value: unknown): unknown[] => {
    if (typeof value === 'string') return [NUL, '', 7, null, 'x'.repeat(70_000 / 2 - 100)]
    if (typeof value === 'number') return [-1, 1.5, '1', null, HUGE, 1e308, NUL]
    if (Array.isArray(value)) return [[], 'x', Array.from({ length: 300 }, () => value[0]), [NUL]]
    if (value && typeof value === 'object') return [NUL, [], { [NUL]: 1 }]
    return [NUL]
  }
  for (const frame of templates(who)) {
    for (const [key, value] of Object.entries(frame)) {
      if (key === 't') continue
      for (const wrong of bad(value)) {
        const text = JSON.stringify({ ...frame, [key]: wrong === HUGE ? 0 : wrong })
        out.push(wrong === HUGE ? text.replace(`"${key}":0`, `"${key}":${HUGE}`) : text)
      }
    }
    const streams = frame.streams as Record<string, unknown>[] | undefined
    const candidates = frame.candidates as Record<string, unknown>[] | undefined
    for (const [list, field] of [
      [streams, 'streams'],
      [candidates, 'candidates'],
    ] as const)
      for (const [key, value] of Object.entries(list?.[0] ?? {}))
        for (const wrong of bad(value))
          out.push(JSON.stringify({ ...frame, [field]: [{ ...list![0], [key]: wrong }] }))
  }
  // Last, as a join among them is whole and would join.
  for (const frame of templates(who)) out.push(JSON.stringify({ ...frame, deep: nested(64) }))
  return out
}

function nested(depth: number): unknown {
  let value: unknown = 'x'
  for (let i = 0; i < depth; i++) value = { v: value }
  return value
}

it('every hostile frame on /sfu is answered with an ack or a clear refusal, none fails, and the member still publishes', async () => {
  const room = await meeting(server)
  const peer = await SfuPeer.open(server, room.host)
  const who = {
    channel: room.host.room.channelName,
    uid: room.host.me.uid,
    token: room.host.me.rtcToken,
  }
  const codes = new Map<string, number>()
  const answers: unknown[] = []
  peer.socket.socket.on('message', (raw) => {
    const frame = JSON.parse(raw.toString())
    if (frame.t === 'ack' || frame.t === 'error') answers.push(frame)
  })
  let closed: number | undefined
  peer.socket.socket.on('close', (code) => (closed = code))
  const sendAll = async (frames: string[], phase: string) => {
    for (const text of frames) {
      const before = answers.length
      peer.socket.socket.send(text)
      await until(() => answers.length > before, 30_000, `an answer to ${text.slice(0, 80)}`)
      const answer = answers.at(-1) as { t: string; code?: string }
      const kind = answer.t === 'ack' ? 'ack' : answer.code!
      codes.set(`${phase} ${kind}`, (codes.get(`${phase} ${kind}`) ?? 0) + 1)
      const id = /"id":(-?[\d.e+]+)/.exec(text)?.[1]
      const wrong =
        kind === 'failed' ||
        (text.includes('\\u0000') && kind !== 'badFrame') ||
        (kind === 'ack' && !Number.isSafeInteger(Number(id)))
      if (wrong)
        problems.push(`${phase}: ${text.slice(0, 120)} → ${JSON.stringify(answer).slice(0, 160)}`)
    }
  }
  const problems: string[] = []
  const frames = hostile(who)
  await sendAll(frames, 'before join')
  expect((await peer.join()).t).toBe('ack')
  await sendAll(
    frames.filter((f) => !f.includes('"t":"join"')),
    'joined',
  )
  console.log(
    `sfu probe: ${frames.length * 2} frames; answers ${JSON.stringify(Object.fromEntries(codes))}`,
  )
  expect(problems).toEqual([])
  expect(closed).toBeUndefined()
  // The session still works: the member publishes.
  expect((await peer.publish({ audio: true, video: true })).t).toBe('ack')
  expect(logged.filter((l) => l.startsWith('error'))).toEqual([])
  await peer.close()
}, 300_000)
