// `npm run bench:live`: one room composed by the server from 4 Janus publishers (our own Janus,
// ffmpeg sources as cameras, a tone each), with the live HLS output and a recording attached.
// It first waits until every camera is drawn in the composition at its place (and says so, or
// stops with the reason: on a machine too busy to run the cameras nothing else means anything).
// Prints: the composition's CPU (the server's process plus every ffmpeg of the composition and its
// outputs, the publishers and Janus left out) as % of one core; the recording's bitrate and size
// a minute; and the glass-to-glass latency from the host's camera to a player of the live
// low-latency HLS stream PART-HOLD-BACK behind the live edge, read at playback speed (what hls.js
// does in lowLatencyMode, live-ll-reader.ts): the host's camera draws the wall clock into each
// frame as a bar code (live-clock.ts) and the player reads it back as each frame is shown. Then the time from an
// RTMP input's start to its first frame in the room (live-input.ts), after the shared board's
// rendering time (live-board.ts). Last line: one JSON object.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import Fastify from 'fastify'
import {
  fragmentMicros,
  LIVE_HLS,
  LiveSink,
  liveShape,
} from '../../src/server/media/compose/live-sink'
import { LIVE_FILE, LiveQuerySchema, serveLive } from '../../src/server/routes/live-origin'
import { ENCODING } from '../../src/server/media/compose/program'
import { LIVE_GATE } from '../../src/server/media/compose/live-gate'
import { HlsSink } from '../../src/server/media/compose/sinks'
import { readLowLatency } from './live-ll-reader'
import { Studio } from '../../src/server/media/compose/studio'
import { publishPattern, quiet, Stage } from '../server/media/compose/stage'
import {
  barsOfPicture,
  clockAge,
  clockCamera,
  clockReaderFilter,
  readClock,
  BITS,
} from './live-clock'
import { boardFigures } from './live-board'
import { inputFirstFrames } from './live-input'

const WARMUP_S = 10
/** How long the cameras may take to be drawn in the composition. */
const CAMERAS_S = 120
const MEASURE_S = 30
/** Clock ticks a second in /proc (Linux). */
const TICK = 100
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Frames the composition's camera decoders took, and dropped, so far. */
function gateCounts(studio: Studio, uids: readonly string[]): { written: number; dropped: number } {
  return uids.reduce(
    (sum, uid) => ({
      written: sum.written + (studio.camera(uid)?.gate.written ?? 0),
      dropped: sum.dropped + (studio.camera(uid)?.gate.dropped ?? 0),
    }),
    { written: 0, dropped: 0 },
  )
}

/** CPU seconds of this process's descendants that are the composition's ffmpegs. */
function compositionCpu(): number {
  let ticks = 0
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (!cmd.startsWith('ffmpeg') && !cmd.includes('/ffmpeg\0')) continue
      // Publishers, receivers, the reader's decoder.
      if (cmd.includes('lavfi') || cmd.includes('-listen') || cmd.includes('-analyzeduration'))
        continue
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
  // The host's camera shows the wall clock; the others are test patterns. The clock camera sends
  // no sound: with a tone paced by `-re` in the same ffmpeg, that ffmpeg itself fell 2.7-5 s
  // behind the clock on this machine (read straight from its RTP, no Janus), and the figure
  // would be the synthetic camera's, not the composition's. It makes 30 frames a second, the
  // rate the input's encoder sends: a 15 fps source doubled by its `fps` filter fell further
  // behind still (a late frame made the encoder catch up with copies of it).
  const host = await publishPattern(
    stage.server,
    stage.ffmpeg,
    ref,
    people[0]!.uid,
    { audio: false, video: true },
    '320x180',
    clockCamera(320, 180, 30),
  )
  for (const p of people.slice(1)) await stage.publish(ref, p.uid, undefined, '640x360')
  const studio = new Studio({ ...stage, ref, publishers: 8, log: quiet }, row.room_id)
  const live = new LiveSink(stage.ffmpeg, quiet, 'live', join(stage.dir, 'live'))
  const recording = new HlsSink(stage.ffmpeg, quiet, 'recording', {
    dir: join(stage.dir, 'recording'),
    segmentSeconds: 4,
    listSize: 0,
  })
  live.start()
  recording.start()
  await studio.attach(live)
  await studio.attach(recording)

  // The live stream over HTTP, as our server's origin serves it (blocking reloads and all).
  const http = Fastify()
  http.get<{ Params: { file: string }; Querystring: Record<string, number> }>(
    '/:file',
    { schema: { querystring: LiveQuerySchema } },
    (request, reply) =>
      LIVE_FILE.test(request.params.file)
        ? serveLive(request, reply, join(stage.dir, 'live'), request.params.file, request.query)
        : reply.code(404).send(),
  )
  const base = await http.listen({ host: '127.0.0.1', port: 0 })

  // Every camera drawn at its place (a decoder starts at a key frame: up to 2 s of the sender's).
  const drawn = () =>
    studio.layout.filter((slot) => studio.picture(slot.key)?.width === slot.rect.width).length
  const waited = Date.now()
  while (studio.layout.length < 4 || drawn() < 4) {
    if (Date.now() - waited > CAMERAS_S * 1000) {
      console.log(
        `the cameras did not reach the composition in ${CAMERAS_S} s: ${drawn()} of ${studio.layout.length} places drawn (load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${cpus().length} cores); nothing measured`,
      )
      await studio.stop()
      await stage.close()
      process.exit(1)
    }
    await sleep(200)
  }
  console.log(`all 4 cameras drawn in the composition ${Date.now() - waited} ms after it started`)
  const large = studio.layout.find((slot) => slot.key === people[0]!.uid)!.rect
  await sleep(WARMUP_S * 1000)
  const load0 = loadavg()[0]!
  const uids = people.map((p) => p.uid)
  const gates0 = gateCounts(studio, uids)
  const cpu0 = compositionCpu()
  const own0 = process.cpuUsage()
  const wall0 = Date.now()
  const shape = liveShape()
  // The reader: a low-latency player PART-HOLD-BACK behind the edge, following it part by part
  // with blocking reloads (live-ll-reader.ts); the clock's bars in the large place.
  const ages: number[] = []
  let illegible = 0
  const reader = await readLowLatency(
    stage.ffmpeg.ffmpeg,
    base,
    clockReaderFilter(large),
    BITS,
    ({ bytes, shownAt }) => {
      const stamp = readClock(bytes)
      if (stamp === undefined) illegible++
      else ages.push(clockAge(stamp, shownAt))
    },
  )
  // The same clock in the composition's own decoded copy of the camera (before the encoder):
  // the part of the latency that is the camera, Janus and the decoder.
  const drawnAges: number[] = []
  const sampler = setInterval(() => {
    const picture = studio.picture(people[0]!.uid)
    const stamp = picture && readClock(barsOfPicture(picture))
    if (stamp !== undefined) drawnAges.push(clockAge(stamp, Date.now()))
  }, 100)
  await sleep(MEASURE_S * 1000)
  clearInterval(sampler)
  const gates1 = gateCounts(studio, uids)
  // The host's camera: how long its frames took from our socket to its decoder's output.
  const lags = [...(studio.camera(people[0]!.uid)?.gate.lags ?? [])].sort((x, y) => x - y)
  const cpu = compositionCpu() - cpu0
  const own = process.cpuUsage(own0)
  const wall = (Date.now() - wall0) / 1000
  await reader.stop()
  const sorted = ages.map((ms) => ms / 1000).sort((x, y) => x - y)
  const median = sorted[Math.floor(sorted.length / 2)] ?? NaN
  const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN
  const inComposition = drawnAges.map((ms) => ms / 1000).sort((x, y) => x - y)
  const drawnMedian = inComposition[Math.floor(inComposition.length / 2)] ?? NaN
  const gateWritten = gates1.written - gates0.written
  const gateDropped = gates1.dropped - gates0.dropped

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
    decoders: `VP8 RTP put together by the server, IVF into ffmpeg (1 thread); at most ${LIVE_GATE.window} frames in a decoder, none that waited over ${LIVE_GATE.maxWaitMs} ms`,
    hls: `low-latency HLS: fMP4 parts of at most ${shape.partTarget} s (ffmpeg -frag_duration ${fragmentMicros()} µs, cut at key frames), ${LIVE_HLS.segmentSeconds} s segments, ${LIVE_HLS.listSize} listed; reader PART-HOLD-BACK ${shape.partHoldBack} s behind the edge with blocking reloads`,
    readerStalls: reader.stalls,
    readerCounts: reader.counts,
    cpuFfmpegPercent: Math.round((cpu / wall) * 100),
    cpuServerPercent: Math.round((serverCpu / wall) * 100),
    cpuTotalPercentOfOneCore: Math.round(((cpu + serverCpu) / wall) * 100),
    recordingKbps: Math.round((bytes * 8) / seconds / 1000),
    recordingMbPerMinute: Number((((bytes / seconds) * 60) / 1e6).toFixed(1)),
    latencySeconds: {
      median: Number(median.toFixed(2)),
      p95: Number(p95.toFixed(2)),
      min: Number((sorted[0] ?? NaN).toFixed(2)),
      max: Number((sorted.at(-1) ?? NaN).toFixed(2)),
      frames: sorted.length,
      illegibleFrames: illegible,
      inCompositionMedian: Number(drawnMedian.toFixed(2)),
      inCompositionMin: Number((inComposition[0] ?? NaN).toFixed(2)),
      inCompositionMax: Number((inComposition.at(-1) ?? NaN).toFixed(2)),
      inCompositionSamples: inComposition.length,
      compositionToPlayerMedian: Number((median - drawnMedian).toFixed(2)),
      socketToDecodedMedianMs: lags[Math.floor(lags.length / 2)] ?? NaN,
      socketToDecodedMaxMs: lags.at(-1) ?? NaN,
    },
    lateFramesDropped: { dropped: gateDropped, decoded: gateWritten },
    loadAverage: Number(((load0 + loadavg()[0]!) / 2).toFixed(1)),
    cores: cpus().length,
  }
  console.log(
    `composition of 4 inputs at 1280x720 ${ENCODING.fps} fps: ${result.cpuTotalPercentOfOneCore}% of one core (ffmpeg ${result.cpuFfmpegPercent}%, server ${result.cpuServerPercent}%)`,
  )
  console.log(`recording: ${result.recordingKbps} kbps, ${result.recordingMbPerMinute} MB a minute`)
  console.log(
    `glass to glass, camera to the low-latency HLS player (the clock read back from ${sorted.length} frames, ${illegible} illegible): median ${result.latencySeconds.median} s, p95 ${result.latencySeconds.p95} s, min ${result.latencySeconds.min} s, max ${result.latencySeconds.max} s; load average ${result.loadAverage} on ${result.cores} cores`,
  )
  console.log(
    `the player: ${reader.counts.parts} parts after ${reader.counts.reloads} blocking reloads; ${reader.stalls.count} stalls, ${Math.round(reader.stalls.ms)} ms in all`,
  )
  console.log(
    `of which camera to the composition's decoded copy (the clock read ${inComposition.length} times there): median ${result.latencySeconds.inCompositionMedian} s, min ${result.latencySeconds.inCompositionMin} s, max ${result.latencySeconds.inCompositionMax} s; composition to player (the difference of the medians): ${result.latencySeconds.compositionToPlayerMedian} s`,
  )
  console.log(
    `of the camera leg, from the server's socket to the decoded picture (the host's camera, its last ${lags.length} frames): median ${result.latencySeconds.socketToDecodedMedianMs} ms, max ${result.latencySeconds.socketToDecodedMaxMs} ms; the rest of it is the synthetic camera's own ffmpeg and Janus before our server`,
  )
  console.log(
    `the composition's 4 camera decoders during the measure: ${gateWritten} frames decoded, ${gateDropped} dropped as late or undecodable (${result.decoders})`,
  )
  await http.close()
  await host.stop()
  await studio.stop()
  await live.end()
  await recording.end()
  await stage.close()
  staged = false
  const board = await boardFigures()
  console.log(
    `the shared board rendered into the picture (960x720): ${Object.entries(board.renderMs)
      .map(([n, ms]) => `${n} strokes ${ms} ms`)
      .join(
        ', ',
      )} a rendering (an empty page, the baseline: ${board.emptyRenderMs} ms); a stroke to the picture that shows it: ${board.strokeToPictureMs} ms (median of 10)`,
  )
  if (process.env.LIVE_INPUT === '0') process.exit(0)
  const input = await inputFirstFrames()
  console.log(
    `RTMP input to its first frame in the room (720p30 x264 encoder, median of ${input.runs}): ${input.rtmpFirstFrameMs} ms (its feed in the room after ${input.rtmpFeedMs} ms); plain RTP into Janus, the baseline: ${input.directFirstFrameMs} ms (ratio ${(input.rtmpFirstFrameMs / input.directFirstFrameMs).toFixed(2)})`,
  )
  console.log(JSON.stringify({ ...result, board, rtmpInput: input }))
} finally {
  if (staged) await stage.close()
}
// Whatever is left (a helper's timer, an exit hook) must not keep the bench, and the machine's
// heavy-work lock it runs under, alive once the figures are out.
process.exit(0)
