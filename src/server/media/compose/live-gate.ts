import type { Vp8Frame } from './vp8-frames'

/** Where the gate hands frames: the decoder, and the publisher asked for a key frame. */
export interface GateTarget {
  /** Writes one frame into the decoder, numbered `pts` (the decoder reports it back). */
  write(frame: Vp8Frame, pts: number): void
  /** Late frames were dropped: the picture can go on only from a key frame. */
  wantKeyframe(): void
}

export interface GateLimits {
  /** Frames in the decoder at a time (written, not yet decoded). */
  readonly window: number
  /** The oldest a frame may be when it goes into the decoder, in ms since it arrived. */
  readonly maxWaitMs: number
  /** Frames a new decoder may take before it puts out its first (ffmpeg reads a few to start). */
  readonly startWindow: number
}

/** A camera decoder holds at most 3 frames, and takes none that waited over 300 ms. */
export const LIVE_GATE: GateLimits = { window: 3, maxWaitMs: 300, startWindow: 15 }

/** Lags kept (the latest), for the figures. */
const MAX_LAGS = 600

interface Waiting {
  readonly frame: Vp8Frame
  readonly arrived: number
}

/**
 * Keeps a live decoder in real time: it drops late input rather than let it queue. Frames wait
 * here, not in a socket's or a pipe's buffer, while the decoder works on at most `window` of
 * them (it reports each one it has decoded); a frame that has waited longer than `maxWaitMs`
 * is dropped with everything behind it, and the decoder goes on from the next key frame (asked
 * for at once). A key frame that arrives while others wait replaces them all: nothing before it
 * is needed any more. So no frame that arrived more than `maxWaitMs` ago enters the decoder,
 * however slow it is, and it never has more than `window` frames before it.
 */
export class LiveGate {
  private waiting: Waiting[] = []
  /** Frames written and not decoded yet (their number, and when they arrived), oldest first. */
  private inDecoder: { readonly pts: number; readonly arrived: number }[] = []
  private needKey = true
  private nextPts = 0
  /** The decoder has put out a frame since it started. */
  private started = false
  /** Frames written to the decoder, and dropped before it (late, or not decodable). */
  written = 0
  dropped = 0
  /** How long the latest decoded frames took from their arrival here to the decoder's output (ms). */
  readonly lags: number[] = []

  constructor(
    private readonly target: GateTarget,
    readonly limits: GateLimits = LIVE_GATE,
  ) {}

  /** How many frames wait for the decoder now. */
  get queued(): number {
    return this.waiting.length
  }

  /** How many frames the decoder holds now (written, not reported decoded). */
  get decoding(): number {
    return this.inDecoder.length
  }

  /** A new decoder (or none yet): it starts from a key frame, and holds nothing. */
  reset(): void {
    this.dropped += this.waiting.length
    this.waiting = []
    this.inDecoder = []
    this.needKey = true
    this.nextPts = 0
    this.started = false
  }

  /** A frame arrived at `now` (ms). */
  push(frame: Vp8Frame, now: number): void {
    if (frame.key) {
      this.dropped += this.waiting.length
      this.waiting = []
      this.needKey = false
    } else if (this.needKey) {
      this.dropped++
      return
    }
    this.waiting.push({ frame, arrived: now })
    this.pump(now)
  }

  /** A packet of the stream was lost: what follows cannot be decoded until a key frame. */
  lost(): void {
    this.dropped += this.waiting.length
    this.waiting = []
    if (!this.needKey) this.target.wantKeyframe()
    this.needKey = true
  }

  /** The decoder has put out the frame numbered `pts` (and so every one before it). */
  decoded(pts: number, now: number): void {
    this.started = true
    while (this.inDecoder.length > 0 && this.inDecoder[0]!.pts <= pts) {
      const { pts: done, arrived } = this.inDecoder.shift()!
      if (done !== pts) continue
      this.lags.push(now - arrived)
      if (this.lags.length > MAX_LAGS) this.lags.shift()
    }
    this.pump(now)
  }

  private pump(now: number): void {
    const oldest = this.waiting[0]
    if (oldest && now - oldest.arrived > this.limits.maxWaitMs) {
      // The decoder is behind: what waits is too old to show, and what follows needs it.
      this.dropped += this.waiting.length
      this.waiting = []
      this.needKey = true
      this.target.wantKeyframe()
      return
    }
    const window = this.started ? this.limits.window : this.limits.startWindow
    while (this.waiting.length > 0 && this.inDecoder.length < window) {
      const { frame, arrived } = this.waiting.shift()!
      const pts = this.nextPts++
      this.inDecoder.push({ pts, arrived })
      this.written++
      this.target.write(frame, pts)
    }
  }
}
