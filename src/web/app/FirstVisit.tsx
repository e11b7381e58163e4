import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { withCarried } from './carry'
import { roomToResume } from './room-memory'

let firstKey: string | undefined

/** Remembers the page load's first location (call once per location render, at the top). */
export function useFirstLocation(): boolean {
  const location = useLocation()
  firstKey ??= location.key
  return location.key === firstKey
}

/**
 * [ROUTE-8] A first navigation straight to a meeting route (a page load, a bookmark) has no
 * entered room behind it: the user is sent to the home route, with the meeting URL's query as the
 * suffix (its carried parameters, [ROUTE-9]). A reload in a room this tab is in stays: the screen
 * goes back into that room.
 */
export function NotFirstVisit({ children }: { children: ReactNode }) {
  const location = useLocation()
  const first = useFirstLocation()
  if (first && roomToResume() === null)
    return <Navigate to={withCarried('/home', location.search)} replace />
  return <>{children}</>
}

/** Tests only: forget the first location. */
export function resetFirstLocation(): void {
  firstKey = undefined
}
