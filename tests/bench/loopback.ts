/**
 * `npm run bench:loopback`: what a loopback delivery costs this machine with no protocol at all,
 * the floor under bench:realtime. A server process writes 150 bytes to each of N bare TCP sockets
 * (`net.Socket`, no delay), BROADCASTS times, 100 ms apart; a child process holds the sockets and
 * reads. Prints the CPU per write (and its share of system time) and per read, and the shortest
 * time one broadcast to 10,000 sockets could take on this machine's cores with that CPU.
 * The last line is one JSON object.
 */
import { fork } from 'node:child_process'
import net from 'node:net'
import { fileURLToPath } from 'node:url'
import { CORES, cpuMicros, fanOutFloorMs } from './support/cpu'

const N = Number(process.env.N ?? 5000)
const BROADCASTS = Number(process.env.BROADCASTS ?? 40)
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function reader(port: number) {
  let reads = 0
  for (let i = 0; i < N; i += 250)
    await Promise.all(
      Array.from(
        { length: Math.min(250, N - i) },
        () =>
          new Promise<void>((resolve, reject) => {
            const socket = net.connect(port, '127.0.0.1', resolve)
            socket.setNoDelay(true)
            socket.once('error', reject)
            socket.on('data', () => reads++)
          }),
      ),
    )
  process.on('message', () => process.send?.({ cpu: cpuMicros(), reads }))
  process.send?.({ ready: true })
}

async function writer() {
  const sockets: net.Socket[] = []
  const server = net.createServer((socket) => {
    socket.setNoDelay(true)
    sockets.push(socket)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  const child = fork(fileURLToPath(import.meta.url), ['reader', String(port)])
  const next = () => new Promise<{ cpu: number; reads: number }>((r) => child.once('message', r))
  await next()
  while (sockets.length < N) await sleep(10)
  await sleep(500)
  const ask = () => {
    const answer = next()
    child.send('cpu')
    return answer
  }
  const readerBefore = await ask()
  const before = process.cpuUsage()
  const bytes = Buffer.alloc(150, 0x41)
  for (let b = 0; b < BROADCASTS; b++) {
    for (const socket of sockets) socket.write(bytes)
    await sleep(100)
  }
  await sleep(500)
  const used = process.cpuUsage(before)
  const readerAfter = await ask()
  child.kill()
  server.close()
  for (const socket of sockets) socket.destroy()
  const deliveries = N * BROADCASTS
  const round = (x: number) => Math.round(x * 100) / 100
  const writeUs = round((used.user + used.system) / deliveries)
  const readUs = round((readerAfter.cpu - readerBefore.cpu) / deliveries)
  const figures = {
    bench: 'loopback',
    sockets: N,
    broadcasts: BROADCASTS,
    writeCpuUs: writeUs,
    writeSystemShare: round(used.system / (used.user + used.system)),
    readCpuUs: readUs,
    reads: readerAfter.reads - readerBefore.reads,
    cores: CORES,
    floorMsFor10kSockets: round(fanOutFloorMs(writeUs + readUs, 10_000)),
  }
  console.log(
    `loopback: ${N} bare sockets, ${BROADCASTS} broadcasts of 150 bytes: write ${writeUs} µs CPU ` +
      `(${Math.round(figures.writeSystemShare * 100)}% system), read ${readUs} µs CPU; one broadcast ` +
      `to 10,000 sockets needs at least ${figures.floorMsFor10kSockets} ms on ${CORES} cores`,
  )
  console.log(JSON.stringify(figures))
  process.exit(0)
}

if (process.argv[2] === 'reader') await reader(Number(process.argv[3]))
else await writer()
