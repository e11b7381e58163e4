import type { Envelope } from '../core/envelope'
import type { Event } from '../events'
import type { LogHeader } from '../recorder/format'
import { toNdjson } from '../recorder/format'
import type { SessionLog } from './read'

/** Where epoch times in payloads start in a normalised log: 2020-01-01T00:00:00Z. */
export const NORMAL_EPOCH = 1_577_836_800_000

/**
 * Events whose number or payload depends on the machine, not on the scenario: periodic
 * measurements, each REST call's timing (the calls' outcomes are events of their own), and the
 * board's Yjs updates (binary, with random client ids, split as the network delivers them).
 */
const NOISE: ReadonlySet<string> = new Set([
  'rtc/networkQualityChanged',
  'rest/called',
  'board/updated',
])

export interface NormaliseOptions {
  /** Texts to replace before anything else (a generated room name → a stable one). */
  readonly replace?: Readonly<Record<string, string>>
  /** Event types to leave out, besides the periodic measurements. */
  readonly drop?: readonly string[]
}

const ID =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b[a-z]?[0-9a-f]{12,}\b|\b\d{6,}\b/g
const ORIGIN = /\bhttps?:\/\/(?:127\.0\.0\.1|localhost|\[::1\]):\d+/g
const isEpoch = (n: number) => Number.isInteger(n) && n >= 1e12 && n < 1e13

/**
 * A session log made comparable between recordings of the same scenario: `at` counts from the
 * start (0), epoch times in payloads count from NORMAL_EPOCH as the start, every generated id
 * (uids, room and user ids, UUIDs, hex ids, device ids) is replaced by a stable one of the same
 * shape in order of first appearance, local origins become `http://roomcast.test`, periodic
 * measurements are left out, and causes are kept with their trigger's seq renumbered. The same id always gets the same replacement, so what refers to
 * what is kept.
 */
export function normaliseLog(log: SessionLog, options: NormaliseOptions = {}): SessionLog {
  const start = log.header.startedAt
  // A log normalised before starts at 0 and its payload times are already from NORMAL_EPOCH.
  const shift = start === 0 ? 0 : NORMAL_EPOCH - start
  const ids = new Map<string, string>()
  const counters = { digits: 0, hex: 0, uuid: 0 }
  const replace = Object.entries(options.replace ?? {}).sort((a, b) => b[0].length - a[0].length)
  const drop = new Set([...NOISE, ...(options.drop ?? [])])

  const stableId = (id: string): string => {
    const known = ids.get(id)
    if (known) return known
    let next: string
    if (/^\d+$/.test(id)) {
      // One length for every numeric id: uids are 9 or 10 digits as they happen to come.
      next = String(1_000_000_000 + ++counters.digits)
    } else if (id.includes('-')) {
      next = `00000000-0000-4000-8000-${(++counters.uuid).toString(16).padStart(12, '0')}`
    } else {
      // Hex ids keep their length and a letter in front, so they never read as numeric ids.
      const prefix = /^[0-9a-f]/.test(id) ? 'a' : (id[0] as string)
      next = prefix + (++counters.hex).toString(16).padStart(id.length - 1, '0')
    }
    ids.set(id, next)
    return next
  }
  const text = (value: string): string => {
    let out = value
    for (const [from, to] of replace) if (from !== '') out = out.split(from).join(to)
    return out.replace(ORIGIN, 'http://roomcast.test').replace(ID, stableId)
  }
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value)
    if (typeof value === 'number') return isEpoch(value) ? value + shift : value
    if (Array.isArray(value)) return value.map(walk)
    if (value === null || typeof value !== 'object') return value
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) out[text(key)] = walk(inner)
    return out
  }

  const envelopes: Envelope<Event>[] = []
  // Seqs are renumbered over what is kept: a cause names its trigger's new seq (or, when the
  // trigger was left out, only what produced it).
  const renumbered = new Map<number, number>()
  for (const envelope of log.envelopes) {
    if (drop.has(envelope.event.type)) continue
    const seq = envelopes.length + (log.envelopes[0]?.seq ?? 0)
    renumbered.set(envelope.seq, seq)
    const cause = envelope.cause
    const trigger = cause?.seq === undefined ? undefined : renumbered.get(cause.seq)
    envelopes.push({
      seq,
      at: envelope.at - start,
      event: walk(envelope.event) as Event,
      ...(cause
        ? { cause: trigger === undefined ? { by: cause.by } : { by: cause.by, seq: trigger } }
        : {}),
    })
  }
  const header: LogHeader<unknown> = {
    ...log.header,
    startedAt: 0,
    ...(log.header.snapshot
      ? { snapshot: { seq: log.header.snapshot.seq, state: walk(log.header.snapshot.state) } }
      : {}),
  }
  return { header, envelopes }
}

/** A normalised log as NDJSON. */
export function normalisedNdjson(log: SessionLog): string {
  return toNdjson(log.header, log.envelopes)
}

/**
 * Counts the server sends on a timer (at most once a second), and a host's report of the count
 * that answers them: whether one comes during a short scenario is a matter of timing.
 */
const TIMED = /^msg\/usersAmountChanged$|^rtm\/memberCountUpdated$|^rest\/onlineCountUpdated$/

/**
 * What two normalised recordings of a scenario must share to count as the same: the same facts
 * with the same payloads. Left out: the times at which they came (`at`, payload times), which
 * move by milliseconds from run to run; the order in which they came, which depends on which
 * answer the network or the browser brings first (a REST answer and a media event race, the
 * browser lists its devices when it likes, the board's join and its first update race); and the
 * member counts the server sends on a timer.
 */
export function recordingShape(log: SessionLog): string {
  const timeless = (value: unknown): unknown => {
    if (typeof value === 'number') return value >= NORMAL_EPOCH - 1e11 && value < 1e13 ? 0 : value
    if (Array.isArray(value)) return value.map(timeless)
    if (value === null || typeof value !== 'object') return value
    const out: Record<string, unknown> = {}
    for (const [key, inner] of Object.entries(value)) out[key] = timeless(inner)
    return out
  }
  const facts: string[] = []
  // what produced each fact counts too (not the seq of its trigger: the order may differ)
  for (const e of log.envelopes)
    if (!TIMED.test(e.event.type))
      facts.push(JSON.stringify(timeless(e.event)) + (e.cause ? ` <- ${e.cause.by}` : ''))
  return facts.sort().join('\n')
}
