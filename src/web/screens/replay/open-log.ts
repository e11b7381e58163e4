import type { Envelope } from '../../../../streams/core/envelope'
import type { Event } from '../../../../streams/events'
import { createReplay, type Replay } from '../../../../streams/replay/engine'
import { sourceOf } from '../../../../streams/replay/query'
import { LogFormatError, readLog } from '../../../../streams/replay/read'

/** Why a log did not open: not a readable log, an HTTP answer, no answer, anything else. */
export type LogErrorKind = 'format' | 'http' | 'network' | 'read'

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

/**
 * Fetches a log's text in the browser (`?log=<url>`); an HTTP failure says its status. The text
 * is read once, as one string.
 */
export async function fetchLogText(url: string, fetchImpl: typeof fetch = fetch): Promise<string> {
  let response: Response
  try {
    response = await fetchImpl(url)
  } catch (error) {
    throw new LogOpenError('network', messageOf(error))
  }
  if (!response.ok)
    throw new LogOpenError('http', `${response.status} ${response.statusText}`.trim())
  return response.text()
}

/** The sources present in a log, in one pass. */
export function sourcesOf(envelopes: readonly Envelope<Event>[]): string[] {
  const types = new Set<string>()
  for (let i = 0; i < envelopes.length; i++) types.add((envelopes[i] as Envelope<Event>).event.type)
  return [...new Set([...types].map(sourceOf))].sort()
}

/**
 * Reads an NDJSON log (the engine's `readLog`, migrating older formats and checking every
 * envelope) and folds it into a replay with checkpoints (`createReplay`, what `replayNdjson`
 * does). The text is split once; nothing else copies it.
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
