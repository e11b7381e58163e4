import type { Envelope } from '../core/envelope'
import type { Event } from '../events'
import type { EnvelopeList } from './envelopes'

/**
 * Envelopes as their log's text, indexed: the lines of up to a few thousand envelopes as one
 * string, where each starts, and its seq, time, type (an id into the log's table of types) and
 * cause seq (NaN: none) in typed arrays. What the replay screen's reader sends the page: a
 * string and typed arrays cross from a worker as a copy of bytes (or a transfer), not as a
 * million objects to rebuild, and they stay out of the young generation's way.
 */
export interface LogChunk {
  readonly text: string
  /** Where envelope k's line starts in `text`; entry `count` is where the last one ends. */
  readonly offsets: Uint32Array
  readonly seqs: Float64Array
  readonly times: Float64Array
  readonly types: Uint32Array
  readonly causes: Float64Array
  /** The types first met in this chunk, continuing the log's table of types (ids in order). */
  readonly newTypes: readonly string[]
}

/** The typed arrays of a chunk, to transfer them instead of copying. */
export const buffersOf = (c: LogChunk): ArrayBuffer[] =>
  [c.offsets, c.seqs, c.times, c.types, c.causes].map((a) => a.buffer as ArrayBuffer)

/** Builds chunks from envelopes read and their lines (the reader's side). */
export interface ChunkWriter {
  add(envelope: Envelope<Event>, line: string): void
  /** Envelopes added since the last take. */
  readonly size: number
  take(): LogChunk | null
}

export function createChunkWriter(): ChunkWriter {
  const typeIds = new Map<string, number>()
  let parts: string[] = []
  let offsets: number[] = [0]
  let seqs: number[] = []
  let times: number[] = []
  let types: number[] = []
  let causes: number[] = []
  let newTypes: string[] = []
  let length = 0
  return {
    add(envelope, line) {
      const type = envelope.event.type
      let id = typeIds.get(type)
      if (id === undefined) {
        id = typeIds.size
        typeIds.set(type, id)
        newTypes.push(type)
      }
      parts.push(line)
      length += line.length
      offsets.push(length)
      seqs.push(envelope.seq)
      times.push(envelope.at)
      types.push(id)
      causes.push(envelope.cause?.seq ?? Number.NaN)
    },
    get size() {
      return seqs.length
    },
    take() {
      if (seqs.length === 0 && newTypes.length === 0) return null
      const chunk: LogChunk = {
        text: parts.join(''),
        offsets: Uint32Array.from(offsets),
        seqs: Float64Array.from(seqs),
        times: Float64Array.from(times),
        types: Uint32Array.from(types),
        causes: Float64Array.from(causes),
        newTypes,
      }
      parts = []
      offsets = [0]
      seqs = []
      times = []
      types = []
      causes = []
      newTypes = []
      length = 0
      return chunk
    },
  }
}

/** The text envelopes of a log as they arrive (the page's side). */
export interface TextEnvelopes extends EnvelopeList {
  append(chunk: LogChunk): void
  /**
   * Parses an envelope without keeping it (a fold reads each once), unless its line is over
   * BIG_LINE: that one is kept with the ones the screen asked for, so it is parsed once.
   */
  parse(index: number): Envelope<Event>
  /** The characters of an envelope's line (what parsing it costs). */
  sizeAt(index: number): number
  /** The log's event types so far, each once. */
  readonly types: readonly string[]
}

/** Envelopes parsed lately, kept for the screen that asks for the same ones again. */
const CACHED = 512

/**
 * A line this long (a 10,000-member roster answer is megabytes) is kept once parsed: the fold
 * parses it, and the event list shows it right after.
 */
export const BIG_LINE = 64 * 1024

/** One string for every event of a type, as the codecs' literals are (the reducer's lookup). */
const intern = (s: string) => Object.keys({ [s]: 0 })[0] as string

export function createTextEnvelopes(): TextEnvelopes {
  const chunks: LogChunk[] = []
  const starts: number[] = []
  const table: string[] = []
  const cache = new Map<number, Envelope<Event>>()
  let length = 0
  let last = 0

  /** The chunk holding an index (the last one found first: a fold reads in order). */
  const chunkOf = (i: number): number => {
    const s = starts[last] as number
    if (i >= s && i < s + (chunks[last] as LogChunk).seqs.length) return last
    let lo = 0
    let hi = chunks.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1
      if ((starts[mid] as number) <= i) lo = mid
      else hi = mid - 1
    }
    last = lo
    return lo
  }
  const field = <K extends 'seqs' | 'times' | 'types' | 'causes'>(key: K, i: number) => {
    if (i < 0 || i >= length) throw new RangeError(`no envelope ${i} (of ${length})`)
    const k = chunkOf(i)
    return (chunks[k] as LogChunk)[key][i - (starts[k] as number)] as number
  }
  const remember = (i: number, envelope: Envelope<Event>) => {
    if (cache.size >= CACHED) cache.delete(cache.keys().next().value as number)
    cache.set(i, envelope)
  }
  const locate = (i: number) => {
    if (i < 0 || i >= length) throw new RangeError(`no envelope ${i} (of ${length})`)
    const k = chunkOf(i)
    return { chunk: chunks[k] as LogChunk, j: i - (starts[k] as number) }
  }
  const parse = (i: number): Envelope<Event> => {
    const cached = cache.get(i)
    if (cached) return cached
    const { chunk, j } = locate(i)
    const from = chunk.offsets[j] as number
    const to = chunk.offsets[j + 1] as number
    const envelope = JSON.parse(chunk.text.slice(from, to)) as Envelope<Event>
    ;(envelope.event as { type: string }).type = table[chunk.types[j] as number] as string
    if (to - from > BIG_LINE) remember(i, envelope)
    return envelope
  }
  const sizeAt = (i: number) => {
    const { chunk, j } = locate(i)
    return (chunk.offsets[j + 1] as number) - (chunk.offsets[j] as number)
  }
  return {
    get length() {
      return length
    },
    types: table,
    append(chunk) {
      for (const t of chunk.newTypes) table.push(intern(t))
      const count = chunk.seqs.length
      if (count === 0) return
      chunks.push(chunk)
      starts.push(length)
      length += count
    },
    parse,
    sizeAt,
    at(index) {
      const i = index < 0 ? length + index : index
      if (i < 0 || i >= length) return undefined
      let envelope = cache.get(i)
      if (!envelope) {
        envelope = parse(i)
        if (!cache.has(i)) remember(i, envelope)
      }
      return envelope
    },
    seqAt: (i) => field('seqs', i),
    timeAt: (i) => field('times', i),
    typeAt: (i) => table[field('types', i)] as string,
    causeSeqAt(i) {
      const seq = field('causes', i)
      return Number.isNaN(seq) ? undefined : seq
    },
  }
}
