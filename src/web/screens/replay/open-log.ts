import { createReplay, type Replay } from '@streams/replay/engine'
import { asList, type Envelopes } from '@streams/replay/envelopes'
import { sourceOf } from '@streams/replay/query'
import { LogFormatError, readLog } from '@streams/replay/read'

import type { LogErrorKind } from './log-pump'

export type { LogErrorKind }

export class LogOpenError extends Error {
  constructor(
    readonly kind: LogErrorKind,
    message: string,
  ) {
    super(message)
    this.name = 'LogOpenError'
  }
}

/** A log opened in the replay screen. It never leaves the browser ([ROUTE-15]). */
export interface OpenedLog {
  readonly replay: Replay
  /** The file name or the URL it came from. */
  readonly name: string
  /** The event sources present ('life', 'msg', 'rest'…), sorted. */
  readonly sources: readonly string[]
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** The sources present in a log, in one pass. */
export function sourcesOf(envelopes: Envelopes): string[] {
  const list = asList(envelopes)
  const types = new Set<string>()
  for (let i = 0; i < list.length; i++) types.add(list.typeAt(i))
  return [...new Set([...types].map(sourceOf))].sort()
}

/**
 * Reads an NDJSON log at once (the engine's `readLog`: older formats migrated, damaged lines got
 * past and listed) and folds it into a replay with checkpoints (`createReplay`). The screen opens
 * logs with `loadLog` (a worker, and a fold in slices); this is the same result in one call.
 */
export function openLog(text: string, name: string): OpenedLog {
  try {
    const log = readLog(text)
    const replay = createReplay(log)
    return { replay, name, sources: sourcesOf(replay.envelopes) }
  } catch (error) {
    if (error instanceof LogOpenError) throw error
    if (error instanceof LogFormatError) throw new LogOpenError('format', error.message)
    throw new LogOpenError('read', messageOf(error))
  }
}
