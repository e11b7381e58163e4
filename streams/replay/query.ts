import type { Event } from '../events'
import { asList, type Envelopes } from './envelopes'

/** The source of an event: the part of its type before the slash ('msg', 'rest', 'ui'…). */
export function sourceOf(type: string): string {
  const slash = type.indexOf('/')
  return slash < 0 ? type : type.slice(0, slash)
}

const PERSON_KEYS: ReadonlySet<string> = new Set([
  'uid',
  'userId',
  'userName',
  'from',
  'by',
  'oldHostUid',
  'newHostUid',
])

/**
 * Who an event is about: the uids, user ids and names it carries (in the event, its `data`, and
 * one level below, such as a member record). Used to filter a log by user.
 */
export function peopleOf(event: Event): string[] {
  const found: string[] = []
  const visit = (value: unknown, depth: number) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return
    for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
      if (PERSON_KEYS.has(key) && (typeof inner === 'string' || typeof inner === 'number')) {
        const text = String(inner)
        if (text !== '' && !found.includes(text)) found.push(text)
      } else if (depth < 2) visit(inner, depth + 1)
    }
  }
  visit(event, 0)
  return found
}

/** A filter of the event list: every given part must match (empty parts match everything). */
export interface EventFilter {
  /** A source ('msg') or several, comma-separated. */
  readonly source?: string
  /** A type or a part of one ('chatReceived', 'msg/chat'). */
  readonly type?: string
  /** A uid, user id or a part of a name. */
  readonly user?: string
  /**
   * Every name, uid and user id of the people `user` names (`buildPeopleDirectory(…).resolve`),
   * so a name finds the events that carry only a uid, and a uid those with only the name.
   */
  readonly people?: ReadonlySet<string>
}

export function matchesFilter(event: Event, filter: EventFilter): boolean {
  const source = filter.source?.trim()
  if (source) {
    const sources = source.split(',').map((s) => s.trim())
    if (!sources.includes(sourceOf(event.type))) return false
  }
  const type = filter.type?.trim().toLowerCase()
  if (type && !event.type.toLowerCase().includes(type)) return false
  const user = filter.user?.trim().toLowerCase()
  if (user) {
    const people = filter.people
    const about = (p: string) => {
      const id = p.toLowerCase()
      return id.includes(user) || (people !== undefined && people.has(id))
    }
    if (!peopleOf(event).some(about)) return false
  }
  return true
}

/**
 * Step numbers: step 0 is the log's starting state, step k the state after its k-th envelope.
 * Positions outside are clamped.
 */
export function clampStep(step: number, length: number): number {
  return Math.max(0, Math.min(length, Math.floor(Number.isFinite(step) ? step : 0)))
}

/** The seq a step stands for: the seq of its last folded envelope (the first seq - 1 at step 0). */
export function seqOfStep(envelopes: Envelopes, step: number): number {
  const list = asList(envelopes)
  const at = clampStep(step, list.length)
  if (at > 0) return list.seqAt(at - 1)
  return (list.length > 0 ? list.seqAt(0) : 0) - 1
}

/** The step that ends with the envelope of this seq (the nearest one before it when none has it). */
export function stepOfSeq(envelopes: Envelopes, seq: number): number {
  const list = asList(envelopes)
  let lo = 0
  let hi = list.length
  // first index whose seq is greater than `seq`
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (list.seqAt(mid) <= seq) lo = mid + 1
    else hi = mid
  }
  return lo
}

/** The step at `ms` after the log's start: every envelope recorded at or before then. */
export function stepAtTime(envelopes: Envelopes, startedAt: number, ms: number): number {
  const list = asList(envelopes)
  const until = startedAt + ms
  let lo = 0
  let hi = list.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (list.timeAt(mid) <= until) lo = mid + 1
    else hi = mid
  }
  return lo
}

/**
 * A time given as seconds ('12.5'), or minutes and seconds ('1:05', '1:05.250': seconds below
 * 60 then), in ms; NaN when it is neither ('1:99', '-1', 'soon').
 */
export function parseTime(text: string): number {
  const t = text.trim()
  const m = /^(?:(\d+):)?(\d+(?:\.\d+)?)$/.exec(t)
  if (!m) return Number.NaN
  const minutes = m[1] === undefined ? 0 : Number(m[1])
  const seconds = Number(m[2])
  if (m[1] !== undefined && seconds >= 60) return Number.NaN
  return Math.round((minutes * 60 + seconds) * 1000)
}

/** A time offset for people: 'm:ss.mmm'. */
export function formatTime(ms: number): string {
  const sign = ms < 0 ? '-' : ''
  const abs = Math.abs(Math.round(ms))
  const minutes = Math.floor(abs / 60_000)
  const seconds = Math.floor((abs % 60_000) / 1000)
  const millis = abs % 1000
  return `${sign}${minutes}:${String(seconds).padStart(2, '0')}.${String(millis).padStart(3, '0')}`
}
