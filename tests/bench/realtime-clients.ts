/**
 * N receiving clients for `npm run bench:realtime`, in their own process: connect (and, for
 * roomcast, log in and join the channel), then count deliveries and their latency. Every bench
 * message carries its send time (CLOCK_MONOTONIC, shared by the processes of this machine).
 */
import WebSocket from 'ws'
import { createTokens } from '../../src/server/auth/tokens'
import { cpuMicros } from './support/cpu'

const [kind = 'roomcast', url = '', countText = '1000', secret = '', firstText = '0'] =
  process.argv.slice(2)
const total = Number(countText)
/** uids of this process start here, so several client processes never share one. */
const first = Number(firstText)
const tokens = createTokens(secret)
/** Latency histogram in 0.5 ms buckets up to 20 s (the last bucket holds anything later). */
export const BUCKET_MS = 0.5
const histogram = new Uint32Array(40_000)
let received = 0
/** CPU time (µs) this process had used at the last reset. */
let cpuAtReset = 0
const sockets: WebSocket[] = []

/** Bench messages numbered below this are left over from an earlier phase and not counted. */
let fromSeq = 0
const seqOf = (text: string) => {
  const at = text.indexOf('E#')
  return at < 0 ? -1 : parseInt(text.slice(at + 2, at + 12), 10)
}
/** Every delivery is counted; one socket in 8 also times its deliveries (reading is cheap then). */
function count(data: WebSocket.RawData) {
  if (seqOf(data.toString()) >= fromSeq) received++
}
function onData(data: WebSocket.RawData) {
  const text = data.toString()
  const at = text.indexOf('@T')
  if (at < 0 || seqOf(text) < fromSeq) return
  const sent = BigInt(text.slice(at + 2, text.indexOf('E', at)))
  const ms = Number(process.hrtime.bigint() - sent) / 1e6
  histogram[Math.min(histogram.length - 1, Math.floor(ms / BUCKET_MS))]!++
  received++
}

function open(i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: false })
    sockets.push(socket)
    socket.once('error', reject)
    socket.once('open', () => {
      const listen = i % 8 === 0 ? onData : count
      if (kind === 'plain') {
        socket.on('message', listen)
        return resolve()
      }
      const uid = String(100_000 + first + i)
      const token = tokens.sign({ kind: 'rtm', sub: uid, ch: 'bench', uid: `u${uid}` })
      let step = 0
      socket.on('message', (data) => {
        if (step === 2) return listen(data)
        const frame = JSON.parse(data.toString()) as { t: string; id?: number }
        if (frame.t === 'ack' && frame.id === 1) {
          step = 1
          socket.send(JSON.stringify({ t: 'join', id: 2, channel: 'bench' }))
        } else if (frame.t === 'ack' && frame.id === 2) {
          step = 2
          resolve()
        } else if (frame.t === 'error') reject(new Error(JSON.stringify(frame)))
      })
      socket.send(JSON.stringify({ t: 'login', id: 1, uid, token }))
    })
  })
}

async function connect(upTo: number) {
  for (let i = sockets.length; i < upTo; i += 250)
    await Promise.all(Array.from({ length: Math.min(250, upTo - i) }, (_, j) => open(i + j)))
}

process.on('message', async (message: { ask: string; fromSeq?: number }) => {
  if (message.ask === 'connect-tenth') {
    await connect(Math.ceil(total / 10))
    process.send?.({ tenth: sockets.length })
  } else if (message.ask === 'connect') {
    await connect(total)
    process.send?.({ ready: sockets.length })
  } else if (message.ask === 'reset') {
    fromSeq = message.fromSeq ?? fromSeq
    received = 0
    histogram.fill(0)
    cpuAtReset = cpuMicros()
    process.send?.({ reset: true })
  } else if (message.ask === 'stats') {
    const buckets: [number, number][] = []
    histogram.forEach((n, bucket) => n > 0 && buckets.push([bucket, n]))
    process.send?.({ received, buckets, cpuUs: cpuMicros() - cpuAtReset })
  } else if (message.ask === 'close') {
    for (const socket of sockets) socket.terminate()
    process.exit(0)
  }
})
process.send?.({ started: true })
