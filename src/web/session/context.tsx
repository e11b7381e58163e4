import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { useObservableEagerState } from 'observable-hooks'
import { distinctUntilChanged, map } from 'rxjs'
import type { State } from '@streams/projections'
import type { Session } from './session'

const SessionContext = createContext<Session | null>(null)

export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>
}

export function useSession(): Session {
  const session = useContext(SessionContext)
  if (!session) throw new Error('useSession outside SessionProvider')
  return session
}

/**
 * Whether the screen shows a replayed session (/replay): nothing navigates or fetches then.
 * False outside a session too.
 */
export function useIsReplay(): boolean {
  return useContext(SessionContext)?.replay === true
}

/** Subscribes a component to one derived value of the state; re-renders only when it changes. */
export function useSelector<T>(selector: (state: State) => T): T {
  const { store } = useSession()
  const selected$ = useMemo(
    () => store.state$.pipe(map(selector), distinctUntilChanged()),
    [store, selector],
  )
  return useObservableEagerState(selected$)
}
