/**
 * Spec §2: which paths need login ([ROUTE-2], [ROUTE-3]) and which are meeting routes that a
 * first navigation may not open directly ([ROUTE-8]). Plain data, read by the router and tests.
 */
export const PUBLIC_PATHS: readonly string[] = [
  '/login',
  '/m/guide',
  '/m/activity',
  '/m/appLook',
  '/m/zntApp',
  '/403',
  '/404',
  '/500',
  // [ROUTE-15] session replay (a later issue) needs no login.
  '/replay',
]

export const LOGIN_PATHS: readonly string[] = [
  '/home',
  '/meeting',
  '/setting',
  '/projection',
  '/projectionMeeting',
  '/m/meeting',
  '/replay/reports',
]

/** Routes that show a room the session must have entered first. */
export const MEETING_PATHS: readonly string[] = ['/meeting', '/m/meeting', '/projectionMeeting']

/** [ROUTE-2] every path needs login except the public ones (unknown paths fall back to home). */
export function needsLogin(pathname: string): boolean {
  return !PUBLIC_PATHS.includes(normalise(pathname))
}

export function isMeetingPath(pathname: string): boolean {
  return MEETING_PATHS.includes(normalise(pathname))
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}
