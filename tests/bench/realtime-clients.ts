/**
 * N receiving clients for `npm run bench:realtime`, in their own process: connect (and, for
 * roomcast, log in and join the channel), then count deliveries and their latency. Every bench
 * message carries its send time (CLOCK_MONOTONIC, shared by the processes of this machine).
 */
import { createTokens } from '../../src/server/auth/tokens'
import { cpuMicros } from './support/cpu'
import { LeanSocket } from './support/lean-socket'

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
const sockets: LeanSocket[] = []
/** Every socket of the process reads into this one buffer (LeanSocket `readInto`). */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024)

/** Bench messages numbered below this are left over from an earlier phase and not counted. */
let fromSeq = 0
const SEQ_MARK = Buffer.from('E#')
const SENT_MARK = Buffer.from('@T')
/** The bench number of a delivery (after `E#`), read from its bytes; -1 when it has none. */
function seqOf(payload: Buffer): number {
  const at = payload.indexOf(SEQ_MARK)
  if (at < 0) return -1
  let seq = 0
  for (let i = at + 2; i < payload.length; i++) {
    const digit = payload[i]! - 48
    if (digit < 0 || digit > 9) return i === at + 2 ? -1 : seq
    seq = seq * 10 + digit
  }
  return seq
}
/** Every delivery is counted; one socket in 8 also times its deliveries (reading is cheap then). */
function count(payload: Buffer) {
  if (seqOf(payload) >= fromSeq) received++
}
function onData(payload: Buffer) {
  const at = payload.indexOf(SENT_MARK)
  if (at < 0 || seqOf(payload) < fromSeq) return
  const sent = BigInt(payload.toString('latin1', at + 2, payload.indexOf('E', at)))
  const ms = Number(process.hrtime.bigint() - sent) / 1e6
  histogram[Math.min(histogram.length - 1, Math.floor(ms / BUCKET_MS))]!++
  received++
}

/**
 * One receiver on a bare socket (support/lean-socket.ts): the `ws` client's per-message work
 * (events, UTF-8 checks, a string per delivery) would be the bench's own CPU on the server's
 * cores. The same client reads every server of the run.
 */
async function open(i: number): Promise<void> {
  const listen = i % 8 === 0 ? onData : count
  if (kind === 'plain') {
    // A first exchange, as roomcast's login and join (the server answers it to this socket).
    let plain: LeanSocket | undefined
    await new Promise<void>((resolve, reject) => {
      LeanSocket.open(
        url,
        () => {
          plain!.listen(listen)
          resolve()
        },
        READ_BUFFER,
      ).then((opened) => {
        plain = opened
        sockets.push(opened)
        opened.send('hello')
      }, reject)
    })
    return
  }
  const uid = String(100_000 + first + i)
  const token = tokens.sign({ kind: 'rtm', sub: uid, ch: 'bench', uid: `u${uid}` })
  let socket: LeanSocket | undefined
  await new Promise<void>((resolve, reject) => {
    const answer = (payload: Buffer) => {
      const frame = JSON.parse(payload.toString()) as { t: string; id?: number }
      if (frame.t === 'ack' && frame.id === 1)
        socket!.send(JSON.stringify({ t: 'join', id: 2, channel: 'bench' }))
      else if (frame.t === 'ack' && frame.id === 2) {
        socket!.listen(listen)
        resolve()
      } else if (frame.t === 'error') reject(new Error(JSON.stringify(frame)))
    }
    LeanSocket.open(url, answer, READ_BUFFER).then((opened) => {
      socket = opened
      sockets.push(opened)
      opened.send(JSON.stringify({ t: 'login', id: 1, uid, token }))
    }, reject)
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
    for (const socket of sockets) socket.close()
    process.exit(0)
  }
})
process.send?.({ started: true })
