import WebSocket from 'ws'

export interface CrowdResult {
  readonly admitted: number
  readonly seconds: number
  readonly perSecond: number
  readonly serverCpuMsPerAdmission: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly busyAnswers: number
}

interface Envelope {
  code: number
  msg: string
  data: {
    me?: { uid: string; rtmToken: string }
    roomInfo?: { channelName: string }
    ticket?: string
    retryAfterMs?: number
  } | null
}

const PASSWORD = 'crowd-pw'
const entryUrl = (base: string) => `${base}/api/s1/serve/roomcast/v1/room/entry`
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function enter(base: string, body: Record<string, unknown>): Promise<Envelope> {
  const response = await fetch(entryUrl(base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json()) as Envelope
}

/** Opens a realtime connection, logs in and joins; resolves once the join is acknowledged. */
function connect(base: string, uid: string, token: string, channel: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/rtm`, { perMessageDeflate: false })
    socket.once('error', reject)
    socket.on('open', () => socket.send(JSON.stringify({ t: 'login', id: 1, uid, token })))
    socket.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { t: string; id?: number; message?: string }
      if (frame.t === 'error' && (frame.id === 1 || frame.id === 2))
        reject(new Error(`realtime ${frame.id === 1 ? 'login' : 'join'}: ${frame.message}`))
      if (frame.t !== 'ack') return
      if (frame.id === 1) socket.send(JSON.stringify({ t: 'join', id: 2, channel }))
      else if (frame.id === 2) {
        socket.removeAllListeners('message')
        resolve(socket)
      }
    })
  })
}

/**
 * A host creates a lecture hall, then `count` visitors enter it, log in and join its channel,
 * `concurrency` at a time. Answers the rate, the server CPU per admission (`cpu()` of the server
 * process, µs) and the time one admission took.
 */
export async function admitCrowd(
  base: string,
  count: number,
  concurrency: number,
  cpu: () => Promise<number>,
): Promise<CrowdResult> {
  const roomName = `crowd-${Date.now()}`
  const form = { roomName, roomType: 2, password: PASSWORD }
  const host = await enter(base, { ...form, userName: 'Host', role: 1 })
  if (host.code !== 0 || !host.data?.me || !host.data.roomInfo)
    throw new Error(`the host could not create the room: ${host.msg}`)
  const channel = host.data.roomInfo.channelName
  const sockets: WebSocket[] = [
    await connect(base, host.data.me.uid, host.data.me.rtmToken, channel),
  ]
  const times: number[] = []
  let busyAnswers = 0
  let next = 0
  const cpuBefore = await cpu()
  const started = performance.now()
  const one = async (i: number) => {
    const t0 = performance.now()
    let ticket: string | undefined
    for (;;) {
      const answer = await enter(base, { ...form, userName: `m${i}`, role: 2, ticket })
      if (answer.code === 1007 && answer.data?.ticket) {
        busyAnswers++
        ticket = answer.data.ticket
        await sleep(answer.data.retryAfterMs ?? 1000)
        continue
      }
      if (answer.code !== 0 || !answer.data?.me) throw new Error(`entry ${i}: ${answer.msg}`)
      sockets.push(await connect(base, answer.data.me.uid, answer.data.me.rtmToken, channel))
      times.push(performance.now() - t0)
      return
    }
  }
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) await one(next++)
    }),
  )
  const seconds = (performance.now() - started) / 1000
  const cpuUs = (await cpu()) - cpuBefore
  for (const socket of sockets) socket.terminate()
  times.sort((a, b) => a - b)
  const at = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0)
  return {
    admitted: times.length,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round(times.length / seconds),
    serverCpuMsPerAdmission: Math.round((cpuUs / 1000 / Math.max(1, times.length)) * 1000) / 1000,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    busyAnswers,
  }
}
