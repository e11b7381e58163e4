import { useCallback, useSyncExternalStore } from 'react'
import type { State } from '@streams/projections'
import type { Session } from './session'

/**
 * A derived value of a session that may not have loaded yet: `fallback` until it has. For
 * screens that render before the session (the home form); imports nothing from the core at
 * run time, so the first load stays small. `selector` must return stable values.
 */
export function useMaybeSelector<T>(
  session: Session | null,
  selector: (state: State) => T,
  fallback: T,
): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (!session) return () => {}
      const subscription = session.store.state$.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    [session],
  )
  const read = () => (session ? selector(session.store.getState()) : fallback)
  return useSyncExternalStore(subscribe, read, read)
}
