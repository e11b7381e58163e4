import type { Session } from './session'

let pending: Promise<Session> | null = null
let loaded: Session | null = null

/**
 * The session (the core's store with its effects and adapters) loads on demand: the first
 * screens render without it, and it is fetched when the user starts using a form or opens a
 * screen that shows a room. One session per page.
 */
export function loadSession(): Promise<Session> {
  pending ??= import('./session').then(({ createSession }) => {
    loaded = createSession()
    return loaded
  })
  pending.catch(() => (pending = null))
  return pending
}

/** The session if it has loaded, else null (never starts a load). */
export function peekSession(): Session | null {
  return loaded
}
