import type { BehaviorSubject } from 'rxjs'

/**
 * Adds `uid` to the set a subject holds, or removes it, and emits a new set only when that
 * changes membership (the sets are immutable to their readers). Shared by media adapters that
 * may not import each other: the videos one can show, the tiles that talk.
 */
export function toggleUid(
  subject: BehaviorSubject<ReadonlySet<string>>,
  uid: string,
  on: boolean,
): void {
  const current = subject.getValue()
  if (current.has(uid) === on) return
  const next = new Set(current)
  if (on) next.add(uid)
  else next.delete(uid)
  subject.next(next)
}
