import type { Session } from './session'

/** Saves the session log (NDJSON, secrets already redacted) as a file download. */
export function exportSessionLog(session: Session): void {
  session.dispatch({ type: 'ui/sessionLogExported' })
  const blob = new Blob([session.recorder.toNdjson()], { type: 'application/x-ndjson' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = `roomcast-session-${new Date().toISOString().replaceAll(':', '-')}.ndjson`
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
