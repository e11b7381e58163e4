import type { Envelope } from '../core/envelope'
import type { Event } from '../events'
import { FORMAT_VERSION, LOG_KIND, type LogHeader } from '../recorder/format'

/** A parsed session log: its header and its envelopes in order. */
export interface SessionLog {
  readonly header: LogHeader<unknown>
  readonly envelopes: readonly Envelope<Event>[]
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

/**
 * One envelope of a log, checked for the fields a fold reads (`{ seq, at, event: { type } }`).
 * Its event's `type` becomes the one string every event of that type shares, as the codecs'
 * literals are in a live session: JSON gives each line its own copy, and the reducer finds its
 * handlers by that string on every event (bench:fold: the fold of 1,000,000 events is some 5%
 * faster once each type is one string).
 */
function checked(value: unknown, index: number, canonical: Map<string, string>): void {
  const event = (value as { event?: unknown } | null)?.event as { type?: unknown } | undefined
  if (
    typeof value !== 'object' ||
    value === null ||
    typeof (value as { seq?: unknown }).seq !== 'number' ||
    typeof (value as { at?: unknown }).at !== 'number' ||
    typeof event !== 'object' ||
    event === null ||
    typeof event.type !== 'string'
  )
    throw new LogFormatError(`envelope ${index + 1} is not { seq, at, event }`)
  let type = canonical.get(event.type)
  if (type === undefined) {
    // a property name is interned by the engine: the same string as the codecs' literal
    type = Object.keys({ [event.type]: 0 })[0] as string
    canonical.set(event.type, type)
  }
  event.type = type
}

/**
 * Reads an NDJSON session log: a header line, then one envelope a line (blank lines ignored).
 * Older formats are migrated on read; a newer format than this build knows is refused.
 */
export function readLog(
  text: string,
  migrations: Readonly<Record<number, Migration>> = MIGRATIONS,
): SessionLog {
  const lines = text.split('\n')
  let header: Record<string, unknown> | undefined
  const envelopes: unknown[] = []
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    if (line.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      throw new LogFormatError(`line ${i + 1} is not JSON`)
    }
    if (header === undefined) {
      if (
        typeof value !== 'object' ||
        value === null ||
        (value as { kind?: unknown }).kind !== LOG_KIND
      )
        throw new LogFormatError('not a session log (no header line)')
      header = value as Record<string, unknown>
    } else envelopes.push(value)
  }
  if (!header) throw new LogFormatError('empty log')
  let log = { header, envelopes }
  let format = typeof header.format === 'number' ? header.format : 0
  if (format > FORMAT_VERSION)
    throw new LogFormatError(`log format ${format} is newer than this build (${FORMAT_VERSION})`)
  while (format < FORMAT_VERSION) {
    const migrate = migrations[format]
    if (!migrate) throw new LogFormatError(`no migration from log format ${format}`)
    log = migrate(log)
    format++
    log.header = { ...log.header, format }
  }
  const canonical = new Map<string, string>()
  for (let i = 0; i < log.envelopes.length; i++) checked(log.envelopes[i], i, canonical)
  return {
    header: log.header as unknown as LogHeader<unknown>,
    envelopes: log.envelopes as Envelope<Event>[],
  }
}
