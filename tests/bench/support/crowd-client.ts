import { Agent, request } from 'node:http'
import { cpuMicros } from './cpu'
import { LeanSocket } from './lean-socket'

export interface CrowdResult {
  readonly admitted: number
  readonly seconds: number
  readonly perSecond: number
  readonly serverCpuMsPerAdmission: number
  /** The bench client's own CPU (this process: HTTP, sockets, JSON) per admission. */
  readonly clientCpuMsPerAdmission: number
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

/** A room entry over one of `agent`'s keep-alive connections (as a browser keeps them). */
function enter(agent: Agent, base: string, body: Record<string, unknown>): Promise<Envelope> {
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      entryUrl(base),
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString()) as Envelope)
          } catch (error) {
            reject(error as Error)
          }
        })
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

/**
 * Opens a realtime connection, logs in and joins; resolves once the join is acknowledged. The
 * socket then stays open, answering pings, its frames no longer decoded.
 */
function connect(base: string, uid: string, token: string, channel: string): Promise<LeanSocket> {
  return new Promise((resolve, reject) => {
    let socket: LeanSocket | undefined
    const heard = (payload: Buffer) => {
      // Only the two answers matter: skip what else comes (counts, member events) unparsed.
      const text = payload.toString()
      if (!text.startsWith('{"t":"ack"') && !text.startsWith('{"t":"error"')) return
      const frame = JSON.parse(text) as { t: string; id?: number; message?: string }
      if (frame.t === 'error' && (frame.id === 1 || frame.id === 2))
        reject(new Error(`realtime ${frame.id === 1 ? 'login' : 'join'}: ${frame.message}`))
      if (frame.t !== 'ack') return
      if (frame.id === 1) socket!.send(JSON.stringify({ t: 'join', id: 2, channel }))
      else if (frame.id === 2) {
        socket!.listen(undefined)
        resolve(socket!)
      }
    }
    LeanSocket.open(`${base.replace('http', 'ws')}/rtm`, heard).then((opened) => {
      socket = opened
      opened.send(JSON.stringify({ t: 'login', id: 1, uid, token }))
    }, reject)
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
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const host = await enter(agent, base, { ...form, userName: 'Host', role: 1 })
  if (host.code !== 0 || !host.data?.me || !host.data.roomInfo)
    throw new Error(`the host could not create the room: ${host.msg}`)
  const channel = host.data.roomInfo.channelName
  const sockets: LeanSocket[] = [
    await connect(base, host.data.me.uid, host.data.me.rtmToken, channel),
  ]
  const times: number[] = []
  let busyAnswers = 0
  let next = 0
  const cpuBefore = await cpu()
  const clientBefore = cpuMicros()
  const started = performance.now()
  const one = async (i: number) => {
    const t0 = performance.now()
    let ticket: string | undefined
    for (;;) {
      const answer = await enter(agent, base, { ...form, userName: `m${i}`, role: 2, ticket })
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
  const clientUs = cpuMicros() - clientBefore
  const cpuUs = (await cpu()) - cpuBefore
  for (const socket of sockets) socket.close()
  agent.destroy()
  times.sort((a, b) => a - b)
  const at = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor(times.length * p))] ?? 0)
  return {
    admitted: times.length,
    seconds: Math.round(seconds * 100) / 100,
    perSecond: Math.round(times.length / seconds),
    serverCpuMsPerAdmission: Math.round((cpuUs / 1000 / Math.max(1, times.length)) * 1000) / 1000,
    clientCpuMsPerAdmission:
      Math.round((clientUs / 1000 / Math.max(1, times.length)) * 1000) / 1000,
    p50Ms: at(0.5),
    p99Ms: at(0.99),
    busyAnswers,
  }
}
