// Part of `npm run bench:live`: a low-latency HLS player as hls.js plays our live stream in
// lowLatencyMode, reduced to what the latency depends on. It loads the playlist, starts at the
// server's PART-HOLD-BACK behind the live edge (decoding from the independent part at or before
// that point, showing nothing before it), and from then on follows the edge part by part with
// blocking playlist reloads (`_HLS_msn`/`_HLS_part` of the next part), fetching each new part as
// the playlist lists it. Its parts go through one ffmpeg decoder (one thread: no frame held by
// frame threading), and each decoded frame is shown at its place in real-time playback: the start
// time plus its media time. A frame decoded after its moment stalls playback; a stalled player
// goes on from where it stopped, later by the stall (no catching up: figures are not flattered).
import { FfmpegProcess } from '../../src/server/media/compose/ffmpeg'
import { ENCODING } from '../../src/server/media/compose/program'

interface ListedPart {
  readonly msn: number
  readonly index: number
  readonly name: string
  readonly duration: number
  readonly independent: boolean
}

function partsOf(text: string): { parts: ListedPart[]; map: string; holdBack: number } {
  let msn = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1] ?? 0)
  let index = 0
  const parts: ListedPart[] = []
  for (const line of text.split('\n')) {
    const part = /^#EXT-X-PART:DURATION=([\d.]+),URI="([^"]+)"(,INDEPENDENT=YES)?/.exec(line)
    if (part)
      parts.push({
        msn,
        index: index++,
        name: part[2]!,
        duration: Number(part[1]),
        independent: !!part[3],
      })
    else if (line.startsWith('#EXTINF:')) {
      msn++
      index = 0
    }
  }
  const map = [...text.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g)].at(-1)?.[1] ?? ''
  const holdBack = Number(/PART-HOLD-BACK=([\d.]+)/.exec(text)?.[1] ?? 1)
  return { parts, map, holdBack }
}

const number = (name: string) => Number(/\d+/.exec(name)?.[0] ?? -1)

export interface LlFrame {
  /** The frame's bytes as the decoder's filter gave them. */
  readonly bytes: Buffer
  /** When the player shows it (ms since the epoch; it may still be ahead when decoded). */
  readonly shownAt: number
}

export interface LlReader {
  stop(): Promise<void>
  /** Stalls (a frame decoded after its moment) and their total (ms). */
  readonly stalls: { count: number; ms: number }
  /** Parts fetched, and blocking reloads made. */
  readonly counts: { parts: number; reloads: number }
}

/** Plays `base`/index.m3u8; each shown frame (through `filter`, `frameBytes` each) goes to `onFrame`. */
export async function readLowLatency(
  ffmpeg: string,
  base: string,
  filter: string,
  frameBytes: number,
  onFrame: (frame: LlFrame) => void,
): Promise<LlReader> {
  const get = async (path: string) => {
    const answer = await fetch(`${base}/${path}`)
    if (!answer.ok) throw new Error(`${path}: ${answer.status}`)
    return answer
  }
  const first = partsOf(await (await get('index.m3u8')).text())
  const edge = first.parts.reduce((sum, p) => sum + p.duration, 0)
  const target = edge - first.holdBack
  // The independent part at or before the start position, and the start's offset into it.
  let time = 0
  let start = 0
  first.parts.forEach((part, i) => {
    if (part.independent && time <= target + 1e-6) start = i
    time += part.duration
  })
  const startTime = first.parts.slice(0, start).reduce((sum, p) => sum + p.duration, 0)
  const skip = Math.max(0, target - startTime)

  const decoder = new FfmpegProcess(
    ffmpeg,
    [
      ...['-threads', '1', '-probesize', '32', '-analyzeduration', '0', '-fflags', 'nobuffer'],
      ...['-f', 'mp4', '-i', 'pipe:0', '-an', '-vf', filter, '-fps_mode', 'passthrough'],
      ...['-f', 'rawvideo', 'pipe:1'],
    ],
    { name: 'll-hls reader' },
  )
  const stalls = { count: 0, ms: 0 }
  const counts = { parts: 0, reloads: 0 }
  let frames = 0
  let playStart = 0
  let pending = Buffer.alloc(0)
  decoder.stdout!.on('data', (chunk: Buffer) => {
    const now = Date.now()
    pending = Buffer.concat([pending, chunk])
    while (pending.length >= frameBytes) {
      const bytes = pending.subarray(0, frameBytes)
      pending = pending.subarray(frameBytes)
      const media = frames++ / ENCODING.fps - skip
      if (media < -1e-6) continue
      if (!playStart) playStart = now - media * 1000
      let shownAt = playStart + media * 1000
      if (now > shownAt) {
        if (now - shownAt > 1000 / ENCODING.fps) {
          stalls.count++
          stalls.ms += now - shownAt
          playStart += now - shownAt
        }
        shownAt = now
      }
      onFrame({ bytes, shownAt })
    }
  })
  const stdin = decoder.stdin!
  stdin.write(Buffer.from(await (await get(first.map)).arrayBuffer()))

  let stopped = false
  let last = first.parts[start - 1] ?? { msn: 0, index: -1, name: 'p-1.m4s' }
  const feed = async (parts: readonly ListedPart[]) => {
    for (const part of parts) {
      if (number(part.name) <= number(last.name)) continue
      stdin.write(Buffer.from(await (await get(part.name)).arrayBuffer()))
      counts.parts++
      last = part
    }
  }
  const follow = async () => {
    await feed(first.parts.slice(start))
    while (!stopped) {
      counts.reloads++
      const answer = await fetch(
        `${base}/index.m3u8?_HLS_msn=${last.msn}&_HLS_part=${last.index + 1}`,
      ).catch(() => undefined)
      if (!answer?.ok) continue
      const text = await answer.text()
      await feed(partsOf(text).parts)
      if (text.includes('#EXT-X-ENDLIST')) break
    }
  }
  const following = follow().catch((error: unknown) => {
    if (!stopped) console.log(`the low-latency reader stopped: ${String(error)}`)
  })
  return {
    stalls,
    counts,
    stop: async () => {
      stopped = true
      await Promise.race([following, new Promise((r) => setTimeout(r, 4000))])
      await decoder.stop()
    },
  }
}
