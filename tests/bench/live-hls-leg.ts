// `npm run bench:live-hls`: the HLS leg alone, low-latency HLS against the previous live HLS, in
// the same run from the same program. One program (the composition's encoder, 1280x720 30 fps)
// draws the wall clock as a bar code (live-clock.ts) into its picture; two outputs copy it:
// - low-latency HLS (LiveSink: fMP4 parts) served by our origin's route, read by a low-latency
//   player PART-HOLD-BACK behind the edge with blocking reloads (live-ll-reader.ts);
// - the baseline: MPEG-TS HLS of half-second segments (ffmpeg's HLS muxer, as the live stream
//   was before), read by ffmpeg two segments behind the edge at playback speed (`-re`), as
//   bench:live read it.
// Each reader reads the clock back as it shows each frame: the age is the time from the program
// drawing the frame to the player showing it (encoder, muxing, origin, player). The encoder's
// own lag on a busy machine is in both; their difference is the protocol's.
// MEASURE_S (default 30) seconds of measure after a 5 s start. Last line: one JSON object.
import { mkdtempSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import send from '@fastify/send'
import Fastify from 'fastify'
import { FfmpegProcess, locateFfmpeg } from '../../src/server/media/compose/ffmpeg'
import { liveShape, LiveSink } from '../../src/server/media/compose/live-sink'
import { Program } from '../../src/server/media/compose/program'
import { HlsSink } from '../../src/server/media/compose/sinks'
import { yuvOf } from '../../src/server/media/compose/yuv'
import { LIVE_FILE, LiveQuerySchema, serveLive } from '../../src/server/routes/live-origin'
import { BITS, clockAge, clockReaderFilter, readClock } from './live-clock'
import { readLowLatency } from './live-ll-reader'

const SECONDS = Number(process.env.MEASURE_S ?? 30)
const found = locateFfmpeg()
if ('missing' in found) throw new Error(found.missing)
const ffmpeg = found.install
const quiet = { warn: () => undefined }
const dir = mkdtempSync(join(tmpdir(), 'roomcast-hls-leg-'))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const stats = (ages: number[]) => {
  const s = [...ages].sort((x, y) => x - y)
  const at = (q: number) => (s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? NaN) / 1000
  return { frames: s.length, median: at(0.5), p95: at(0.95), min: at(0), max: at(1) }
}

// The clock in the picture's top-left 640x360: 16 bars, bar i white when bit i of the time in
// hundredths of a second is set.
const rect = { x: 0, y: 0, width: 640, height: 360 }
const [white, black] = [yuvOf(255, 255, 255), yuvOf(0, 0, 0)]
const program = new Program(ffmpeg, quiet, (frame) => {
  const now = Math.floor(Date.now() / 10)
  const bar = rect.width / BITS
  frame.fill(rect, black)
  for (let i = 0; i < BITS; i++)
    if (now & (1 << i))
      frame.fill(
        { x: Math.round(i * bar), y: 0, width: Math.round(bar), height: rect.height },
        white,
      )
})
const ll = new LiveSink(ffmpeg, quiet, 'll-hls', join(dir, 'll'))
const ts = new HlsSink(ffmpeg, quiet, 'mpegts-hls', {
  dir: join(dir, 'ts'),
  segmentSeconds: 0.5,
  listSize: 6,
  epochNumbers: true,
})
for (const sink of [ll, ts]) {
  program.add(sink)
  sink.start()
}
program.start()

const http = Fastify()
http.get<{ Params: { file: string }; Querystring: Record<string, number> }>(
  '/ll/:file',
  { schema: { querystring: LiveQuerySchema } },
  (request, reply) =>
    LIVE_FILE.test(request.params.file)
      ? serveLive(request, reply, join(dir, 'll'), request.params.file, request.query)
      : reply.code(404).send(),
)
http.get<{ Params: { file: string } }>('/ts/:file', async (request, reply) => {
  const sent = await send(request.raw, join(dir, 'ts', request.params.file))
  return reply
    .code(sent.statusCode)
    .headers(sent.headers as Record<string, string>)
    .send(sent.stream)
})
const base = await http.listen({ host: '127.0.0.1', port: 0 })
await sleep(5000)

const load0 = loadavg()[0]!
const llAges: number[] = []
const tsAges: number[] = []
const llReader = await readLowLatency(
  ffmpeg.ffmpeg,
  `${base}/ll`,
  clockReaderFilter(rect),
  BITS,
  (frame) => {
    const stamp = readClock(frame.bytes)
    if (stamp !== undefined) llAges.push(clockAge(stamp, frame.shownAt))
  },
)
const tsReader = new FfmpegProcess(
  ffmpeg.ffmpeg,
  [
    ...['-re', '-live_start_index', '-2', '-i', `${base}/ts/index.m3u8`],
    ...['-an', '-vf', clockReaderFilter(rect), '-f', 'rawvideo', 'pipe:1'],
  ],
  { name: 'mpegts reader', stdin: false },
)
let pending = Buffer.alloc(0)
tsReader.stdout!.on('data', (chunk: Buffer) => {
  const now = Date.now()
  pending = Buffer.concat([pending, chunk])
  while (pending.length >= BITS) {
    const stamp = readClock(pending.subarray(0, BITS))
    pending = pending.subarray(BITS)
    if (stamp !== undefined) tsAges.push(clockAge(stamp, now))
  }
})
await sleep(SECONDS * 1000)
await Promise.all([llReader.stop(), tsReader.stop()])
const shape = liveShape()
const result = {
  llHls: { ...stats(llAges), stalls: llReader.stalls, ...llReader.counts },
  mpegtsHls: stats(tsAges),
  llSettings: `parts of at most ${shape.partTarget} s, 1 s segments, PART-HOLD-BACK ${shape.partHoldBack} s`,
  baselineSettings: '0.5 s MPEG-TS segments, reader 2 segments behind the edge',
  loadAverage: Number(((load0 + loadavg()[0]!) / 2).toFixed(1)),
  cores: cpus().length,
}
console.log(
  `program to player, low-latency HLS: median ${result.llHls.median} s, p95 ${result.llHls.p95} s (${result.llHls.frames} frames; ${llReader.stalls.count} stalls); MPEG-TS HLS, 0.5 s segments 2 behind: median ${result.mpegtsHls.median} s, p95 ${result.mpegtsHls.p95} s (${result.mpegtsHls.frames} frames); load average ${result.loadAverage} on ${result.cores} cores`,
)
console.log(JSON.stringify(result))
await program.stop()
await Promise.all([ll.end(), ts.end()])
await http.close()
rmSync(dir, { recursive: true, force: true })
process.exit(0)
