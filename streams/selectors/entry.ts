import type { State } from '../projections'

/**
 * While my entry waits because the server is admitting a crowd: the attempt refused and the wait
 * before the next ("busy, retrying"); null otherwise. Imports nothing at run time, so the home
 * form may use it before the session loads.
 */
export function selectEntryBusy(s: State): { attempt: number; delayMs: number } | null {
  return s.session.phase === 'entering' ? (s.session.entryBusy ?? null) : null
}
