/** The mix's format: 48 kHz, 16-bit; inputs are mono, the output stereo (the same in both). */
export const SAMPLE_RATE = 48_000
/** One mix step: 20 ms. */
export const CHUNK = SAMPLE_RATE / 50

/** An input starts (again) once it holds this much, so a late packet does not crackle. */
const PRIME = CHUNK * 2
/** More than this queued (a burst after a stall) is dropped from the front: latency stays low. */
const CEILING = CHUNK * 10

class Queue {
  private buffer = new Int16Array(CEILING * 2)
  private length = 0
  primed = false

  push(samples: Int16Array): void {
    if (samples.length >= CEILING) {
      this.buffer.set(samples.subarray(samples.length - CEILING), 0)
      this.length = CEILING
    } else {
      const overflow = Math.max(0, this.length + samples.length - CEILING)
      if (overflow > 0) {
        this.buffer.copyWithin(0, overflow, this.length)
        this.length -= overflow
      }
      this.buffer.set(samples, this.length)
      this.length += samples.length
    }
    if (this.length >= PRIME) this.primed = true
  }

  /** Adds up to CHUNK samples into `sum`; an input that runs dry waits to be primed again. */
  take(sum: Int32Array): void {
    if (!this.primed) return
    const n = Math.min(CHUNK, this.length)
    for (let i = 0; i < n; i++) sum[i]! += this.buffer[i]!
    this.buffer.copyWithin(0, n, this.length)
    this.length -= n
    if (this.length === 0) this.primed = false
  }

  get queued(): number {
    return this.length
  }
}

/**
 * How loud the room (the floor) stays under an interpreter in a language's sound: about -14 dB,
 * so the audience of that language hears the interpreter over the room's own voices.
 */
export const FLOOR_UNDER_INTERPRETER = 0.2

/** One interpreted language of the live: the inputs (microphones) of its interpreters. */
export interface LanguageMix {
  readonly inputs: ReadonlySet<string>
}

/** Interleaved stereo s16le of 20 ms from a sum (clipped to 16 bits). */
function stereo(sum: Int32Array, floor?: Int32Array): Buffer {
  const out = Buffer.alloc(CHUNK * 4)
  for (let i = 0; i < CHUNK; i++) {
    const mixed = floor ? sum[i]! + Math.round(floor[i]! * FLOOR_UNDER_INTERPRETER) : sum[i]!
    const s = Math.max(-32768, Math.min(32767, mixed))
    out.writeInt16LE(s, i * 4)
    out.writeInt16LE(s, i * 4 + 2)
  }
  return out
}

/**
 * Mixes everyone's audio: each input's decoded samples are queued as they come (with a little
 * jitter buffer, bounded so a burst does not build up delay), and every 20 ms the mixer takes
 * 20 ms of each, sums them (clipped to 16 bits) and hands out one stereo chunk.
 *
 * Multi-language streams: an interpreter's microphone is left out of that mix (the room's own
 * sound, the floor) and goes into its language's mix instead, over the floor turned down
 * (`FLOOR_UNDER_INTERPRETER`); `languageChunks` are the language mixes of the last step.
 */
export class AudioMixer {
  private readonly queues = new Map<string, Queue>()
  private readonly sum = new Int32Array(CHUNK)
  private languages: readonly LanguageMix[] = []
  private sums: Int32Array[] = []
  private chunks: Buffer[] = []

  push(input: string, samples: Int16Array): void {
    let queue = this.queues.get(input)
    if (!queue) this.queues.set(input, (queue = new Queue()))
    queue.push(samples)
  }

  remove(input: string): void {
    this.queues.delete(input)
  }

  /** How many samples wait for an input (tests and stats). */
  queued(input: string): number {
    return this.queues.get(input)?.queued ?? 0
  }

  /** The interpreted languages, in the order of their tracks (their interpreters' inputs). */
  setLanguages(languages: readonly LanguageMix[]): void {
    this.languages = languages
    if (this.sums.length !== languages.length)
      this.sums = languages.map(() => new Int32Array(CHUNK))
  }

  /** The next 20 ms of the mix (the floor), interleaved stereo s16le. */
  next(): Buffer {
    this.sum.fill(0)
    for (const sum of this.sums) sum.fill(0)
    for (const [input, queue] of this.queues) {
      const language = this.languages.findIndex((l) => l.inputs.has(input))
      queue.take(language < 0 ? this.sum : this.sums[language]!)
    }
    const floor = stereo(this.sum)
    // A language whose interpreter is away has the room's own sound, not turned down.
    this.chunks = this.sums.map((sum, i) =>
      this.languages[i]!.inputs.size > 0 ? stereo(sum, this.sum) : floor,
    )
    return floor
  }

  /** Each language's 20 ms of the step `next()` made, in `setLanguages` order. */
  languageChunks(): readonly Buffer[] {
    return this.chunks
  }
}

/** Turns a byte stream of s16le samples into whole samples (a chunk may split one). */
export class SampleReader {
  private odd: number | undefined

  read(chunk: Buffer): Int16Array {
    let bytes = chunk
    if (this.odd !== undefined) {
      bytes = Buffer.concat([Buffer.from([this.odd]), chunk])
      this.odd = undefined
    }
    if (bytes.length % 2) {
      this.odd = bytes[bytes.length - 1]
      bytes = bytes.subarray(0, bytes.length - 1)
    }
    const out = new Int16Array(bytes.length / 2)
    for (let i = 0; i < out.length; i++) out[i] = bytes.readInt16LE(i * 2)
    return out
  }
}
