// `npm run bench:live`: one room composed by the server from 4 Janus publishers (our own Janus,
// ffmpeg test patterns as cameras, a tone each), with the live HLS output and a recording attached.
// Prints: the composition's CPU (the server's process plus every ffmpeg of the composition and its
// outputs, the publishers and Janus left out) as % of one core; the recording's bitrate and size
// a minute; and the latency from a camera to a player two segments behind the live edge, read at
// playback speed (what hls.js does with our settings): the host's camera turns from black to
// white and back every 4 s, and a reader decoding the live HLS sees each change. The latency
// includes the sender's own start-up (it is counted from its spawn). Then the time from an RTMP
// input's start to its first frame in the room (live-input.ts). Last line: one JSON object.
import { createServer } from 'node:http'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { cpus } from 'node:os'
import { join } from 'node:path'
import send from '@fastify/send'
import { LIVE_HLS } from '../../src/server/media/compose/broadcasts'
import { FfmpegProcess } from '../../src/server/media/compose/ffmpeg'
import { ENCODING } from '../../src/server/media/compose/program'
import { HlsSink } from '../../src/server/media/compose/sinks'
import { Studio } from '../../src/server/media/compose/studio'
import { publishPattern, quiet, Stage } from '../server/media/compose/stage'
import { inputFirstFrames } from './live-input'

const WARMUP_S = 10
const MEASURE_S = 30
/** Clock ticks a second in /proc (Linux). */
const TICK = 100
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** CPU seconds of this process's descendants that are the composition's ffmpegs. */
function compositionCpu(): number {
  let ticks = 0
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (!cmd.startsWith('ffmpeg') && !cmd.includes('/ffmpeg\0')) continue
      if (cmd.includes('lavfi') || cmd.includes('-listen')) continue // publishers, readers
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      if (Number(stat[1]) !== process.pid) continue
      ticks += Number(stat[11]) + Number(stat[12])
    } catch {
      // gone meanwhile
    }
  }
  return ticks / TICK
}

const stage = new Stage()
await stage.open()
let staged = true
try {
  const { row, ref } = await stage.room()
  const people = await Promise.all(
    ['Hana', 'Carl', 'Ada', 'Bo'].map((name, i) =>
      stage.member(row.room_id, name, i === 0 ? 1 : 2),
    ),
  )
  // The host's camera is black for 4 s, then white for 4 s, and so on; the others are patterns.
  const flip = `color=c=black:s=320x180:r=15,geq=lum='if(lt(mod(T,8),4),16,235)':cb=128:cr=128`
  const t0 = Date.now()
  const host = await publishPattern(
    stage.server,
    stage.ffmpeg,
    ref,
    people[0]!.uid,
    undefined,
    '320x180',
    flip,
  )
  for (const p of people.slice(1)) await stage.publish(ref, p.uid, undefined, '640x360')
  const studio = new Studio({ ...stage, ref, publishers: 8, log: quiet }, row.room_id)
  const live = new HlsSink(stage.ffmpeg, quiet, 'live', {
    dir: join(stage.dir, 'live'),
    ...LIVE_HLS,
  })
  const recording = new HlsSink(stage.ffmpeg, quiet, 'recording', {
    dir: join(stage.dir, 'recording'),
    segmentSeconds: 4,
    listSize: 0,
  })
  live.start()
  recording.start()
  await studio.attach(live)
  await studio.attach(recording)

  // The live stream over HTTP, as our server serves it.
  const http = createServer((req, res) => {
    void send(req, join(stage.dir, 'live', (req.url ?? '/').slice(1))).then(
      ({ statusCode, headers, stream }) => {
        res.writeHead(statusCode, headers as Record<string, string>)
        stream.pipe(res)
      },
    )
  })
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r))
  const port = (http.address() as { port: number }).port

  await sleep(WARMUP_S * 1000)
  const cpu0 = compositionCpu()
  const own0 = process.cpuUsage()
  const wall0 = Date.now()
  // The reader: two segments behind the edge, at playback speed; the large place's middle, 8x6 gray.
  const changes: { at: number; bright: boolean }[] = []
  const reader = new FfmpegProcess(
    stage.ffmpeg.ffmpeg,
    [
      ...['-re', '-live_start_index', '-2', '-i', `http://127.0.0.1:${port}/index.m3u8`],
      ...['-an', '-vf', 'crop=480:360:240:180,scale=8:6,format=gray', '-f', 'rawvideo', 'pipe:1'],
    ],
    { name: 'reader', stdin: false },
  )
  let pending = Buffer.alloc(0)
  let bright: boolean | undefined
  reader.stdout!.on('data', (chunk: Buffer) => {
    pending = Buffer.concat([pending, chunk])
    while (pending.length >= 48) {
      const frame = pending.subarray(0, 48)
      pending = pending.subarray(48)
      const mean = frame.reduce((a, b) => a + b, 0) / 48
      const now = mean > 128
      if (bright !== undefined && now !== bright) changes.push({ at: Date.now(), bright: now })
      bright = now
    }
  })
  await sleep(MEASURE_S * 1000)
  const cpu = compositionCpu() - cpu0
  const own = process.cpuUsage(own0)
  const wall = (Date.now() - wall0) / 1000
  await reader.stop()
  // To white at t0 + 4 s + 8k s, to black at t0 + 8k s: the latency is the time since the latest.
  const latencies = changes.map(({ at, bright: white }) => {
    const since = (at - t0) / 1000 - (white ? 4 : 0)
    return since - Math.floor(since / 8) * 8
  })
  const sorted = [...latencies].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN

  // The recording: every whole segment, its bytes over its seconds.
  const dir = join(stage.dir, 'recording')
  const playlist = readFileSync(join(dir, 'index.m3u8'), 'utf8')
  const seconds = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((a, m) => a + Number(m[1]), 0)
  const bytes = readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .reduce((a, f) => a + statSync(join(dir, f)).size, 0)
  const serverCpu = (own.user + own.system) / 1e6
  const result = {
    inputs: 4,
    canvas: '1280x720',
    fps: ENCODING.fps,
    encoder: `libx264 ${ENCODING.preset} zerolatency ${ENCODING.videoKbps} kbps, GOP ${ENCODING.gopFrames}; AAC ${ENCODING.audioKbps} kbps`,
    hls: `${LIVE_HLS.segmentSeconds} s segments, ${LIVE_HLS.listSize} listed; reader 2 segments behind the edge`,
    cpuFfmpegPercent: Math.round((cpu / wall) * 100),
    cpuServerPercent: Math.round((serverCpu / wall) * 100),
    cpuTotalPercentOfOneCore: Math.round(((cpu + serverCpu) / wall) * 100),
    recordingKbps: Math.round((bytes * 8) / seconds / 1000),
    recordingMbPerMinute: Number((((bytes / seconds) * 60) / 1e6).toFixed(1)),
    latencySeconds: {
      median: Number(median.toFixed(2)),
      min: Number((sorted[0] ?? NaN).toFixed(2)),
      max: Number((sorted.at(-1) ?? NaN).toFixed(2)),
      samples: sorted.length,
    },
    cores: cpus().length,
  }
  console.log(
    `composition of 4 inputs at 1280x720 ${ENCODING.fps} fps: ${result.cpuTotalPercentOfOneCore}% of one core (ffmpeg ${result.cpuFfmpegPercent}%, server ${result.cpuServerPercent}%)`,
  )
  console.log(`recording: ${result.recordingKbps} kbps, ${result.recordingMbPerMinute} MB a minute`)
  console.log(
    `camera to player (2 segments behind the edge): median ${result.latencySeconds.median} s, min ${result.latencySeconds.min} s, max ${result.latencySeconds.max} s over ${sorted.length} changes`,
  )
  http.close()
  await host.stop()
  await studio.stop()
  await live.end()
  await recording.end()
  await stage.close()
  staged = false
  const input = await inputFirstFrames()
  console.log(
    `RTMP input to its first frame in the room (720p30 x264 encoder, median of ${input.runs}): ${input.rtmpFirstFrameMs} ms (its feed in the room after ${input.rtmpFeedMs} ms); plain RTP into Janus, the baseline: ${input.directFirstFrameMs} ms (ratio ${(input.rtmpFirstFrameMs / input.directFirstFrameMs).toFixed(2)})`,
  )
  console.log(JSON.stringify({ ...result, rtmpInput: input }))
} finally {
  if (staged) await stage.close()
}
