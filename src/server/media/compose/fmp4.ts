/**
 * Just enough of ISO BMFF (fragmented MP4, ISO/IEC 14496-12) to cut ffmpeg's fragmented output
 * into LL-HLS parts: top-level boxes out of a byte stream, the tracks of the `moov` (timescale,
 * handler, `trex` defaults) and, for each `moof`, each track's start, duration and whether its
 * first sample is a sync sample (a key frame).
 */

/** One whole top-level box: its four-letter type and its bytes, header included. */
export interface Box {
  readonly type: string
  readonly bytes: Buffer
}

/** Splits a byte stream into top-level boxes as they complete. */
export class BoxReader {
  private buffer: Buffer = Buffer.alloc(0)

  /** Takes bytes; answers the boxes they complete, in order. */
  push(chunk: Buffer): Box[] {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk
    const boxes: Box[] = []
    let at = 0
    for (;;) {
      const size = boxSize(this.buffer, at)
      if (size === undefined || at + size > this.buffer.length) break
      boxes.push({
        type: this.buffer.toString('latin1', at + 4, at + 8),
        bytes: this.buffer.subarray(at, at + size),
      })
      at += size
    }
    this.buffer = this.buffer.subarray(at)
    return boxes
  }

  /** Bytes of a box not yet complete. */
  get pending(): number {
    return this.buffer.length
  }
}

/** The size of the box at `at` (header read), undefined until its header is there. */
function boxSize(buffer: Buffer, at: number): number | undefined {
  if (buffer.length - at < 8) return undefined
  const size = buffer.readUInt32BE(at)
  if (size === 1) {
    if (buffer.length - at < 16) return undefined
    return Number(buffer.readBigUInt64BE(at + 8))
  }
  // 0 ("to the end of the file") never closes in a stream; below 8 is not a box.
  if (size < 8) throw new Error(`an MP4 box of size ${size} in the stream`)
  return size
}

/** The boxes inside a box's payload (from `start`, after any fields of its own). */
function children(box: Buffer, start = 8): Map<string, Buffer[]> {
  const found = new Map<string, Buffer[]>()
  let at = start
  while (at + 8 <= box.length) {
    const size = boxSize(box, at)
    if (size === undefined || at + size > box.length) break
    const type = box.toString('latin1', at + 4, at + 8)
    found.set(type, [...(found.get(type) ?? []), box.subarray(at, at + size)])
    at += size
  }
  return found
}

const child = (box: Buffer, type: string): Buffer | undefined => children(box).get(type)?.[0]

/** A track of the stream, as the `moov` describes it. */
export interface Track {
  readonly id: number
  /** `vide`, `soun`… (the handler). */
  readonly handler: string
  readonly timescale: number
  readonly defaultDuration: number
  readonly defaultFlags: number
}

/** The tracks of an initialization section's `moov`. */
export function readMoov(moov: Buffer): Map<number, Track> {
  const defaults = new Map<number, { duration: number; flags: number }>()
  const mvex = child(moov, 'mvex')
  for (const trex of mvex ? (children(mvex).get('trex') ?? []) : [])
    defaults.set(trex.readUInt32BE(12), {
      duration: trex.readUInt32BE(20),
      flags: trex.readUInt32BE(28),
    })
  const tracks = new Map<number, Track>()
  for (const trak of children(moov).get('trak') ?? []) {
    const tkhd = child(trak, 'tkhd')
    const mdia = child(trak, 'mdia')
    const mdhd = mdia && child(mdia, 'mdhd')
    const hdlr = mdia && child(mdia, 'hdlr')
    if (!tkhd || !mdhd || !hdlr) continue
    const id = tkhd.readUInt32BE(tkhd[8] === 1 ? 28 : 20)
    const timescale = mdhd.readUInt32BE(mdhd[8] === 1 ? 28 : 20)
    const handler = hdlr.toString('latin1', 16, 20)
    const trex = defaults.get(id)
    tracks.set(id, {
      id,
      handler,
      timescale,
      defaultDuration: trex?.duration ?? 0,
      defaultFlags: trex?.flags ?? 0,
    })
  }
  return tracks
}

/** What a `moof` holds of one track. */
export interface TrackRun {
  readonly track: number
  readonly handler: string
  /** Its first sample's decode time, in seconds. */
  readonly start: number
  /** The time its samples cover, in seconds. */
  readonly duration: number
  readonly samples: number
  /** Its first sample is a sync sample (for video: a key frame). */
  readonly startsWithSync: boolean
}

/** A sample that is not a sync sample has this bit of its flags set (sample_is_non_sync_sample). */
const NON_SYNC = 0x10000

/** Each track's run in a `moof`. */
export function readMoof(moof: Buffer, tracks: ReadonlyMap<number, Track>): TrackRun[] {
  const runs: TrackRun[] = []
  for (const traf of children(moof).get('traf') ?? []) {
    const tfhd = child(traf, 'tfhd')
    if (!tfhd) continue
    const flags = tfhd.readUInt32BE(8) & 0xffffff
    const id = tfhd.readUInt32BE(12)
    const track = tracks.get(id)
    if (!track) continue
    let at = 16
    if (flags & 0x1) at += 8 // base data offset
    if (flags & 0x2) at += 4 // sample description index
    const defaultDuration = flags & 0x8 ? tfhd.readUInt32BE(at) : track.defaultDuration
    if (flags & 0x8) at += 4
    if (flags & 0x10) at += 4 // default sample size
    const defaultFlags = flags & 0x20 ? tfhd.readUInt32BE(at) : track.defaultFlags
    const tfdt = child(traf, 'tfdt')
    const base = !tfdt
      ? 0
      : tfdt[8] === 1
        ? Number(tfdt.readBigUInt64BE(12))
        : tfdt.readUInt32BE(12)
    let duration = 0
    let samples = 0
    let firstFlags: number | undefined
    for (const trun of children(traf).get('trun') ?? []) {
      const run = readTrun(trun, defaultDuration, defaultFlags)
      duration += run.duration
      samples += run.samples
      if (firstFlags === undefined && run.samples > 0) firstFlags = run.firstFlags
    }
    runs.push({
      track: id,
      handler: track.handler,
      start: base / track.timescale,
      duration: duration / track.timescale,
      samples,
      startsWithSync: firstFlags !== undefined && (firstFlags & NON_SYNC) === 0,
    })
  }
  return runs
}

function readTrun(
  trun: Buffer,
  defaultDuration: number,
  defaultFlags: number,
): { duration: number; samples: number; firstFlags: number } {
  const flags = trun.readUInt32BE(8) & 0xffffff
  const samples = trun.readUInt32BE(12)
  let at = 16
  if (flags & 0x1) at += 4 // data offset
  let firstFlags: number | undefined
  if (flags & 0x4) {
    firstFlags = trun.readUInt32BE(at)
    at += 4
  }
  const each =
    (flags & 0x100 ? 4 : 0) +
    (flags & 0x200 ? 4 : 0) +
    (flags & 0x400 ? 4 : 0) +
    (flags & 0x800 ? 4 : 0)
  let duration = 0
  for (let i = 0; i < samples; i++) {
    let field = at + i * each
    duration += flags & 0x100 ? trun.readUInt32BE(field) : defaultDuration
    if (flags & 0x100) field += 4
    if (flags & 0x200) field += 4
    if (i === 0 && firstFlags === undefined)
      firstFlags = flags & 0x400 ? trun.readUInt32BE(field) : defaultFlags
  }
  return { duration, samples, firstFlags: firstFlags ?? defaultFlags }
}
