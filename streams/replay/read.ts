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
  return {
    header: log.header as unknown as LogHeader<unknown>,
    envelopes: log.envelopes as Envelope<Event>[],
  }
}
