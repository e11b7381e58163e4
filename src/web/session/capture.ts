import { exportSessionLog } from './export-log'
import { peekSession } from './loader'

type Source = 'error' | 'rejection' | 'render'
type Listener = (message: string) => void

const listeners = new Set<Listener>()

/** Hears every unhandled error reported while a session exists (the crash notice offers the log). */
export function onUnhandledError(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function messageOf(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`
  if (typeof reason === 'string') return reason
  try {
    return JSON.stringify(reason) ?? String(reason)
  } catch {
    return String(reason)
  }
}

/**
 * An error nothing handled becomes an event of the session (so its log shows it, as an error
 * marker in the replay) and the user is offered the log at once. Without a session there is no
 * log to offer.
 */
export function reportUnhandled(source: Source, reason: unknown): void {
  const session = peekSession()
  if (!session) return
  const message = messageOf(reason).slice(0, 500)
  session.dispatch({ type: 'life/errorUnhandled', source, message })
  listeners.forEach((listener) => listener(message))
}

/** Exports the page's session log, if there is a session; answers whether it did. */
export function exportIfAny(): boolean {
  const session = peekSession()
  if (!session) return false
  exportSessionLog(session)
  return true
}

/**
 * Capture in the field: Ctrl+Shift+L (Cmd+Shift+L on a Mac) exports the session log on any
 * screen while a session exists (in the meeting, or back home after a kick or a failed join),
 * and unhandled errors and rejections are recorded and offered. Answers the uninstaller.
 */
export function installCapture(target: Window = window): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || !event.shiftKey || event.key.toLowerCase() !== 'l')
      return
    if (target.location.pathname.startsWith('/replay')) return
    if (exportIfAny()) event.preventDefault()
  }
  const onError = (event: ErrorEvent) => reportUnhandled('error', event.error ?? event.message)
  const onRejection = (event: PromiseRejectionEvent) => reportUnhandled('rejection', event.reason)
  target.addEventListener('keydown', onKey)
  target.addEventListener('error', onError)
  target.addEventListener('unhandledrejection', onRejection)
  return () => {
    target.removeEventListener('keydown', onKey)
    target.removeEventListener('error', onError)
    target.removeEventListener('unhandledrejection', onRejection)
  }
}
