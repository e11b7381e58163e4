import type { Envelope } from '../core/envelope'
import type { Event } from '../events'
import { FORMAT_VERSION, LOG_KIND, type LogHeader } from '../recorder/format'

/**
 * What reading a log found wrong and got past: a cut-off last line (dropped), a line that is not
 * an envelope (skipped), a gap in seq (events missing between two that are there).
 */
export type ReadProblem =
  | { readonly kind: 'truncated'; readonly line: number; readonly text: string }
  | { readonly kind: 'garbage'; readonly line: number; readonly text: string }
  | {
      readonly kind: 'gap'
      readonly line: number
      /** The envelope index the gap comes before. */
      readonly index: number
      /** The seqs missing: from `from` to `to`, both included. */
      readonly from: number
      readonly to: number
    }

/** A parsed session log: its header and its envelopes in order. */
export interface SessionLog {
  readonly header: LogHeader<unknown>
  readonly envelopes: readonly Envelope<Event>[]
  /** What was skipped or found missing while reading (none for a sound log). */
  readonly problems?: readonly ReadProblem[]
}

/**
 * Turns a log of format `from` into format `from + 1`. Register one per past format when the
 * format changes (renamed events, reshaped fields); reading applies them in order.
 */
export type Migration = (log: { header: Record<string, unknown>; envelopes: unknown[] }) => {
  header: Record<string, unknown>
  envelopes: unknown[]
}

/** Migrations by the format they read. Format 1 is current: none yet. */
export const MIGRATIONS: Readonly<Record<number, Migration>> = {}

export class LogFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'LogFormatError'
  }
}

/** How much of a bad line a problem keeps, to show it. */
const EXCERPT = 120
const excerpt = (line: string) => (line.length > EXCERPT ? `${line.slice(0, EXCERPT)}…` : line)

/** Whether a value has the fields a fold reads: `{ seq, at, event: { type } }`. */
function isEnvelope(value: unknown): value is Envelope<Event> {
  if (typeof value !== 'object' || value === null) return false
  const v = value as { seq?: unknown; at?: unknown; event?: { type?: unknown } | null }
  return (
    typeof v.seq === 'number' &&
    Number.isInteger(v.seq) &&
    typeof v.at === 'number' &&
    typeof v.event === 'object' &&
    v.event !== null &&
    typeof v.event.type === 'string'
  )
}

/**
 * A log read line by line, as its text arrives (the replay screen's worker reads a stream in
 * chunks). `line` takes one line without its newline; `end` says whether the text ended with a
 * newline (a last line without one that does not parse was cut off) and answers the log.
 *
 * Event types become the one string every event of that type shares, as the codecs' literals
 * are in a live session: JSON gives each line its own copy, and the reducer finds its handlers
 * by that string on every event (bench:fold: some 5% faster once each type is one string).
 */
export interface LogReader {
  line(text: string): void
  /** The envelopes read since the last call (for a reader that hands them on in chunks). */
  take(): Envelope<Event>[]
  readonly header: LogHeader<unknown> | undefined
  readonly problems: readonly ReadProblem[]
  end(endsWithNewline: boolean): SessionLog
}

export interface LogReaderOptions {
  /**
   * Hands each envelope read on with its line (undefined for a log migrated from an older
   * format: its lines are not the envelopes'), instead of keeping it: `take` and `end` then
   * answer no envelopes. The replay screen's reader keeps the text, not the objects.
   */
  readonly onEnvelope?: (envelope: Envelope<Event>, line: string | undefined) => void
}

export function createLogReader(
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
  options: LogReaderOptions = {},
): LogReader {
  const onEnvelope = options.onEnvelope
  let header: Record<string, unknown> | undefined
  let format = FORMAT_VERSION
  let lineNo = 0
  let lastBad: { line: number; text: string } | null = null
  let lastLine = 0
  let nextSeq: number | null = null
  let count = 0
  const all: unknown[] = []
  let fresh: Envelope<Event>[] = []
  const problems: ReadProblem[] = []
  const canonical = new Map<string, string>()

  const accept = (envelope: Envelope<Event>, line: number, text?: string) => {
    const event = envelope.event as { type: string }
    let type = canonical.get(event.type)
    if (type === undefined) {
      // a property name is interned by the engine: the same string as the codecs' literal
      type = Object.keys({ [event.type]: 0 })[0] as string
      canonical.set(event.type, type)
    }
    event.type = type
    if (nextSeq !== null && envelope.seq > nextSeq)
      problems.push({ kind: 'gap', line, index: count, from: nextSeq, to: envelope.seq - 1 })
    nextSeq = envelope.seq + 1
    count++
    if (onEnvelope) return onEnvelope(envelope, text)
    all.push(envelope)
    fresh.push(envelope)
  }

  const reader: LogReader = {
    line(text) {
      lineNo++
      if (text.trim() === '') return
      if (lastBad) {
        // a bad line followed by more lines was not cut off: it is garbage in the middle
        problems.push({ kind: 'garbage', ...lastBad })
        lastBad = null
      }
      lastLine = lineNo
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        if (header === undefined) throw new LogFormatError('not a session log (no header line)')
        lastBad = { line: lineNo, text: excerpt(text) }
        return
      }
      if (header === undefined) {
        if (
          typeof value !== 'object' ||
          value === null ||
          (value as { kind?: unknown }).kind !== LOG_KIND
        )
          throw new LogFormatError('not a session log (no header line)')
        header = value as Record<string, unknown>
        format = typeof header.format === 'number' ? header.format : 0
        if (format > FORMAT_VERSION)
          throw new LogFormatError(
            `log format ${format} is newer than this build (${FORMAT_VERSION})`,
          )
        if (format < FORMAT_VERSION && !migrations[format])
          throw new LogFormatError(`no migration from log format ${format}`)
        const snapshot = header.snapshot as { seq?: unknown } | undefined
        if (typeof snapshot?.seq === 'number') nextSeq = snapshot.seq
        return
      }
      // An older format is migrated as a whole at the end; its lines are checked after that.
      if (format < FORMAT_VERSION) all.push(value)
      else if (isEnvelope(value)) accept(value, lineNo, text)
      else problems.push({ kind: 'garbage', line: lineNo, text: excerpt(text) })
    },
    take() {
      const out = fresh
      fresh = []
      return out
    },
    get header() {
      return header as LogHeader<unknown> | undefined
    },
    problems,
    end(endsWithNewline) {
      if (lastBad) {
        const cut = !endsWithNewline && lastBad.line === lastLine
        problems.push({ kind: cut ? 'truncated' : 'garbage', ...lastBad })
        lastBad = null
      }
      if (!header) throw new LogFormatError('empty log')
      if (format < FORMAT_VERSION) {
        let log = { header, envelopes: all.splice(0) }
        while (format < FORMAT_VERSION) {
          const migrate = migrations[format]
          if (!migrate) throw new LogFormatError(`no migration from log format ${format}`)
          log = migrate(log)
          format++
          log.header = { ...log.header, format }
        }
        header = log.header
        log.envelopes.forEach((value, i) => {
          if (isEnvelope(value)) accept(value, i + 2)
          else problems.push({ kind: 'garbage', line: i + 2, text: excerpt(JSON.stringify(value)) })
        })
      }
      return {
        header: header as unknown as LogHeader<unknown>,
        envelopes: all as Envelope<Event>[],
        problems,
      }
    },
  }
  return reader
}

/**
 * Reads an NDJSON session log: a header line, then one envelope a line (blank lines ignored).
 * Older formats are migrated on read; a newer format than this build knows is refused, and so is
 * a text with no header. Damage short of that is got past and listed in `problems`: a cut-off
 * last line is dropped, a line that is not an envelope is skipped, a gap in seq is noted.
 */
export function readLog(
  text: string,
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
): SessionLog {
  const reader = createLogReader(migrations)
  let from = 0
  while (from < text.length) {
    let to = text.indexOf('\n', from)
    if (to < 0) to = text.length
    reader.line(text.slice(from, to))
    from = to + 1
  }
  return reader.end(text.endsWith('\n'))
}

/** A problem in words, for the command line and tests (the screen has its own texts). */
export function describeProblem(p: ReadProblem): string {
  switch (p.kind) {
    case 'truncated':
      return `line ${p.line} was cut off and is dropped: ${p.text}`
    case 'garbage':
      return `line ${p.line} is not an event and is skipped: ${p.text}`
    case 'gap':
      return p.from === p.to
        ? `event #${p.from} is missing (before line ${p.line})`
        : `events #${p.from} to #${p.to} are missing (${p.to - p.from + 1}, before line ${p.line})`
  }
}
