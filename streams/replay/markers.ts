import type { Event } from '../events'
import type { State } from '../projections'

/**
 * What a timeline marker points at: someone came or went, an error, a box, a role change, a
 * chat message, mute all, a grant (board or screen), a failed REST call, a reconnection, or
 * events missing from the log.
 */
export type MarkerKind =
  | 'join'
  | 'error'
  | 'dialog'
  | 'role'
  | 'chat'
  | 'muteAll'
  | 'grant'
  | 'restFailed'
  | 'reconnect'
  | 'gap'

export const MARKER_KINDS: readonly MarkerKind[] = [
  'join',
  'error',
  'dialog',
  'role',
  'chat',
  'muteAll',
  'grant',
  'restFailed',
  'reconnect',
  'gap',
]

const CHAT: ReadonlySet<string> = new Set(['msg/chatReceived', 'msg/chatSent'])

/** A REST call that failed: refused by the server or never answered. */
function isRestFailure(event: Event): boolean {
  if (event.type === 'rest/called') return event.status !== 200 || (event.code ?? 0) !== 0
  return event.type.startsWith('rest/') && event.type.endsWith('Failed')
}

/** A connection lost, being retried, or back. */
function isReconnect(event: Event): boolean {
  if (/^rtm\/(reconnect|connectionLost)/.test(event.type)) return true
  if (event.type === 'rtm/connectionStateChanged' || event.type === 'rtc/connectionStateChanged')
    return /RECONNECTING|DISCONNECTED|ABORTED/i.test(String(event.state))
  return false
}

/** A step worth a mark on the timeline: the state after the envelope at `index`. */
export interface Marker {
  readonly index: number
  readonly kinds: readonly MarkerKind[]
}

const JOINS: ReadonlySet<string> = new Set([
  'life/entered',
  'life/exited',
  'rtm/memberJoined',
  'rtm/memberLeft',
  'msg/memberChanged',
])

/** An error fact: a failed call or track, a dropped frame, an exception, a refusal. */
export function isErrorType(type: string): boolean {
  return /Failed$|\/dropped$|exception|\/refused$|\/errorUnhandled$/i.test(type)
}

/**
 * The marker kinds of one step, from the event and the states around it. Cheap enough to run on
 * every step of a million-event fold: reference checks first, a scan only when a slice changed.
 */
export function markerKinds(before: State, after: State, event: Event): MarkerKind[] {
  const kinds: MarkerKind[] = []
  if (JOINS.has(event.type)) kinds.push('join')
  if (isErrorType(event.type)) kinds.push('error')
  if (before.ui.dialogs !== after.ui.dialogs) {
    const shown = new Set(before.ui.dialogs.map((d) => d.id))
    if (after.ui.dialogs.some((d) => !shown.has(d.id))) kinds.push('dialog')
  }
  if (CHAT.has(event.type)) kinds.push('chat')
  if (before.conference.muteAllAudio !== after.conference.muteAllAudio) kinds.push('muteAll')
  if (
    /grant/i.test(event.type) ||
    (before.me !== after.me &&
      after.me !== null &&
      before.me !== null &&
      (before.me.grantBoard !== after.me.grantBoard ||
        before.me.grantScreen !== after.me.grantScreen))
  )
    kinds.push('grant')
  if (isRestFailure(event)) kinds.push('restFailed')
  if (isReconnect(event)) kinds.push('reconnect')
  if (
    event.type === 'msg/hostChanged' ||
    (before.me !== after.me && before.me?.role !== after.me?.role && after.me !== null)
  )
    kinds.push('role')
  return kinds
}
