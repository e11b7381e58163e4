/**
 * The room this tab is in, kept in session storage by the core ([ROUTE-13] session info; never a
 * secret) so that a reload of a meeting route goes back into the room instead of home.
 */
export const STORAGE_PREFIX = 'roomcast.'
const ROOM = `${STORAGE_PREFIX}room`

/** The room id to go back into after a reload, or null. */
export function roomToResume(): string | null {
  try {
    return sessionStorage.getItem(ROOM)
  } catch {
    return null
  }
}

/** Forgets it (the room could not be resumed). */
export function forgetRoom(): void {
  try {
    sessionStorage.removeItem(ROOM)
  } catch {
    // storage unavailable: nothing was kept
  }
}
