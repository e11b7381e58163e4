import { use, type ReactNode } from 'react'
import { SessionProvider } from './context'
import { loadSession } from './loader'

/** Provides the page's session to a screen that shows a room (suspends until it has loaded). */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = use(loadSession())
  return <SessionProvider session={session}>{children}</SessionProvider>
}
