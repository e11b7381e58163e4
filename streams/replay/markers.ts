import type { Event } from '../events'
import type { State } from '../projections'

/** What a timeline marker points at: someone came or went, an error, a box, a role change. */
export type MarkerKind = 'join' | 'error' | 'dialog' | 'role' | 'gap'

export const MARKER_KINDS: readonly MarkerKind[] = ['join', 'error', 'dialog', 'role', 'gap']

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
  if (
    event.type === 'msg/hostChanged' ||
    (before.me !== after.me && before.me?.role !== after.me?.role && after.me !== null)
  )
    kinds.push('role')
  return kinds
}
