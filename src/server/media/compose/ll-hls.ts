import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BoxReader, readMoof, readMoov, type Box, type Track } from './fmp4'
import {
  renderPlaylist,
  type PlaylistPart,
  type PlaylistSegment,
  type PlaylistShape,
} from './ll-hls-playlist'

/** How a live stream is cut: parts, segments, the window the playlist keeps. */
export interface LlHlsOptions extends PlaylistShape {
  readonly dir: string
  /** A segment ends at the first key frame after it has lasted this long. */
  readonly segmentSeconds: number
  /** Complete segments listed. */
  readonly listSize: number
  /** The clock names are numbered from (ms): a name is never used twice in a folder or a cache. */
  readonly now?: () => number
}

/** Segments that have left the playlist whose files stay this long (a player still reading). */
const KEPT_AFTER = 4
/** Durations are summed from 1/30 s frames: a segment a hair short of its length is its length. */
const EPSILON = 0.001

interface Segment extends PlaylistSegment {
  name: string | undefined
  duration: number
  readonly parts: PlaylistPart[]
  /** The parts' bytes until the segment's file is written. */
  bytes: Buffer[]
}

/**
 * The part writer of a low-latency HLS stream. It takes ffmpeg's fragmented MP4 (`ftyp`, an
 * empty `moov`, then one `moof`+`mdat` per fragment, cut at every key frame and at the part
 * length) and writes into `dir`:
 * - the initialization section (`init{n}.mp4`: `ftyp`+`moov`), one per stream;
 * - each fragment as a part (`p{n}.m4s`), numbered across segments, so the preload hint names
 *   the next part before anyone knows whether it starts a segment;
 * - each segment once complete (`s{msn}.m4s`: its parts put together), starting on a key frame;
 * - the playlist (`index.m3u8`) after each part.
 * Every file is written whole under a temporary name and renamed, part before playlist, so a
 * playlist never names a file that is not there. Old segments leave the playlist and, a few
 * segments later, the disk.
 */
export class LlHlsWriter {
  private reader = new BoxReader()
  private tracks: Map<number, Track> | undefined
  private ftyp: Buffer | undefined
  private map: string | undefined
  private moof: Buffer | undefined
  private readonly segments: Segment[] = []
  private readonly gone: Segment[] = []
  private nextMsn: number
  private nextPart: number
  private nextInit: number
  private discontinuity = 0
  private newStream = false
  private ended = false
  /** Parts written, and dropped (a stream that did not start on a key frame). */
  parts = 0
  dropped = 0

  constructor(readonly options: LlHlsOptions) {
    mkdirSync(options.dir, { recursive: true })
    const now = (options.now ?? Date.now)()
    // Segments last at least half a second, parts and streams 50 ms: numbers from the clock at
    // those rates never catch up with a later stream's.
    this.nextMsn = Math.floor(now / 500)
    this.nextPart = Math.floor(now / 50)
    this.nextInit = this.nextPart
  }

  get playlist(): string {
    return join(this.options.dir, 'index.m3u8')
  }

  /** Bytes of ffmpeg's output. */
  write(chunk: Buffer): void {
    if (this.ended) return
    for (const box of this.reader.push(chunk)) this.box(box)
  }

  /**
   * A new ffmpeg starts (the last one died, or the encoder restarted): what follows is a new
   * stream with its own initialization section, after a discontinuity.
   */
  restart(): void {
    this.reader = new BoxReader()
    this.tracks = undefined
    this.ftyp = undefined
    this.map = undefined
    this.moof = undefined
    this.closeOpen()
    if (this.segments.length > 0 || this.gone.length > 0) this.newStream = true
  }

  /** The stream has ended: the open segment is completed and the playlist closed. */
  end(): void {
    if (this.ended) return
    this.closeOpen()
    this.ended = true
    if (this.segments.length > 0) this.writePlaylist()
  }

  private box({ type, bytes }: Box): void {
    if (type === 'ftyp') this.ftyp = Buffer.from(bytes)
    else if (type === 'moov') {
      this.tracks = readMoov(bytes)
      const name = `init${this.nextInit++}.mp4`
      this.file(name, this.ftyp ? [this.ftyp, bytes] : [bytes])
      this.map = name
    } else if (type === 'moof') this.moof = Buffer.from(bytes)
    else if (type === 'mdat' && this.moof) {
      const moof = this.moof
      this.moof = undefined
      this.part(moof, Buffer.from(bytes))
    }
  }

  private part(moof: Buffer, mdat: Buffer): void {
    const { tracks, map } = this
    if (!tracks || !map) return
    const runs = readMoof(moof, tracks)
    const video = runs.find((run) => run.handler === 'vide')
    const main = video ?? runs[0]
    if (!main) return
    const independent = video ? video.startsWithSync : true
    let open = this.open
    if (open && independent && open.duration >= this.options.segmentSeconds - EPSILON) {
      this.complete(open)
      open = undefined
    }
    if (!open) {
      // A segment starts on a key frame, with a part no longer than the target (without
      // delay_moov, ffmpeg stretched a stream's first picture back to the sound's start).
      if (!independent || main.duration > this.options.partTarget + 1e-6) {
        this.dropped++
        return
      }
      if (this.newStream) this.discontinuity++
      this.newStream = false
      open = {
        msn: this.nextMsn++,
        name: undefined,
        duration: 0,
        parts: [],
        map,
        discontinuity: this.discontinuity,
        bytes: [],
      }
      this.segments.push(open)
    }
    const name = `p${this.nextPart++}.m4s`
    this.file(name, [moof, mdat])
    open.parts.push({ name, duration: main.duration, independent })
    open.duration += main.duration
    open.bytes.push(moof, mdat)
    this.parts++
    this.trim()
    this.writePlaylist()
  }

  private get open(): Segment | undefined {
    const last = this.segments.at(-1)
    return last && last.name === undefined ? last : undefined
  }

  private closeOpen(): void {
    const open = this.open
    if (!open) return
    this.complete(open)
    this.trim()
  }

  private complete(segment: Segment): void {
    const name = `s${segment.msn}.m4s`
    this.file(name, segment.bytes)
    segment.bytes = []
    segment.name = name
  }

  /** Keeps `listSize` complete segments (and the open one); deletes files long gone. */
  private trim(): void {
    const complete = this.segments.filter((s) => s.name !== undefined).length
    for (let extra = complete - this.options.listSize; extra > 0; extra--) {
      const segment = this.segments.shift()
      if (segment) this.gone.push(segment)
    }
    while (this.gone.length > KEPT_AFTER) {
      const segment = this.gone.shift()!
      for (const part of segment.parts) this.remove(part.name)
      if (segment.name) this.remove(segment.name)
      const maps = new Set([...this.gone, ...this.segments].map((s) => s.map))
      if (!maps.has(segment.map) && segment.map !== this.map) this.remove(segment.map)
    }
  }

  private writePlaylist(): void {
    const next = this.ended ? undefined : `p${this.nextPart}.m4s`
    this.file('index.m3u8', [renderPlaylist(this.options, this.segments, next)])
  }

  /** Writes a whole file: under a temporary name, then renamed. */
  private file(name: string, data: readonly (Buffer | string)[]): void {
    const path = join(this.options.dir, name)
    writeFileSync(`${path}.tmp`, data.length === 1 ? data[0]! : Buffer.concat(data.map(asBuffer)))
    renameSync(`${path}.tmp`, path)
  }

  private remove(name: string): void {
    rmSync(join(this.options.dir, name), { force: true })
  }
}

const asBuffer = (data: Buffer | string): Buffer =>
  typeof data === 'string' ? Buffer.from(data) : data
