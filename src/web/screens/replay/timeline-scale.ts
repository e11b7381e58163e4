import type { Replay } from '@streams/replay/engine'
import { asList, type EnvelopeList, type Envelopes } from '@streams/replay/envelopes'
import { MARKER_KINDS, type Marker, type MarkerKind } from '@streams/replay/markers'
import { clampStep, stepAtTime } from '@streams/replay/query'

/**
 * Where steps sit on the timeline: over the log's duration (from its start to its last event),
 * or over the steps when every event has the same time.
 */
export interface TimeScale {
  /** Epoch ms of step 0 (the log's start; the first event's time when it starts from a snapshot). */
  readonly from: number
  /** Epoch ms of the last event. */
  readonly to: number
  /** Steps from 0 to length. */
  readonly length: number
  readonly byTime: boolean
}

/** The time of step 0: the log's start, or its first event when it starts from a snapshot. */
export function originOf(replay: Replay): number {
  const { envelopes } = replay
  if (envelopes.length === 0) return replay.header.startedAt
  const first = envelopes.timeAt(0)
  return replay.header.snapshot ? first : Math.min(first, replay.header.startedAt)
}

export function scaleOf(replay: Replay): TimeScale {
  const from = originOf(replay)
  const { envelopes } = replay
  const to = envelopes.length > 0 ? envelopes.timeAt(envelopes.length - 1) : from
  return { from, to, length: replay.length, byTime: to > from }
}

/** Epoch ms of a step: the time of its last event (the origin at step 0). */
export function timeOfStep(envelopes: Envelopes, origin: number, step: number): number {
  const list = asList(envelopes)
  const at = clampStep(step, list.length)
  return at === 0 ? origin : list.timeAt(at - 1)
}

/** Where a step sits on the bar, from 0 to 1. */
export function fractionOfStep(scale: TimeScale, envelopes: Envelopes, step: number): number {
  if (scale.length === 0) return 0
  if (!scale.byTime) return step / scale.length
  const t = timeOfStep(envelopes, scale.from, step)
  return Math.max(0, Math.min(1, (t - scale.from) / (scale.to - scale.from)))
}

/** The step at a place on the bar (0 to 1): every event up to that time. O(log n). */
export function stepAtFraction(scale: TimeScale, envelopes: Envelopes, fraction: number): number {
  const f = Math.max(0, Math.min(1, fraction))
  if (!scale.byTime) return Math.round(f * scale.length)
  return stepAtTime(envelopes, scale.from, f * (scale.to - scale.from))
}

/** Marker counts per column of the bar, for each kind: what the timeline draws. */
export type MarkerColumns = Readonly<Record<MarkerKind, Uint32Array>>

/**
 * The markers of a log as numbers: each one's step, time and kinds (a bit per MARKER_KINDS
 * entry), extended as the log grows. The timeline re-bins them whenever the log has grown (every
 * second while it opens, half a million markers at a million events) without reading an envelope.
 */
interface MarkerTable {
  readonly envelopes: EnvelopeList
  count: number
  steps: Float64Array
  times: Float64Array
  kinds: Uint16Array
}

const tables = new WeakMap<readonly Marker[], MarkerTable>()
const KIND_BITS = new Map(MARKER_KINDS.map((kind, i) => [kind, 1 << i]))

function tableOf(markers: readonly Marker[], envelopes: EnvelopeList): MarkerTable {
  let table = tables.get(markers)
  if (!table || table.envelopes !== envelopes || table.count > markers.length) {
    const size = Math.max(1024, markers.length)
    table = {
      envelopes,
      count: 0,
      steps: new Float64Array(size),
      times: new Float64Array(size),
      kinds: new Uint16Array(size),
    }
    tables.set(markers, table)
  }
  if (markers.length > table.steps.length) {
    const size = Math.max(markers.length, table.steps.length * 2)
    const grow = <A extends Float64Array | Uint16Array>(from: A, to: A): A => {
      to.set(from)
      return to
    }
    table.steps = grow(table.steps, new Float64Array(size))
    table.times = grow(table.times, new Float64Array(size))
    table.kinds = grow(table.kinds, new Uint16Array(size))
  }
  for (let k = table.count; k < markers.length; k++) {
    const marker = markers[k] as Marker
    table.steps[k] = marker.index + 1
    table.times[k] = envelopes.timeAt(marker.index)
    let bits = 0
    for (const kind of marker.kinds) bits |= KIND_BITS.get(kind) ?? 0
    table.kinds[k] = bits
  }
  table.count = markers.length
  return table
}

/**
 * Aggregates the markers into `columns` columns per kind (150,000 markers become at most
 * `columns` marks a kind): one pass over numbers kept per log (`MarkerTable`), so a log that
 * grows reads only its new markers' envelopes.
 */
export function markerColumns(
  markers: readonly Marker[],
  envelopes: Envelopes,
  scale: TimeScale,
  columns: number,
): MarkerColumns {
  const counts = MARKER_KINDS.map(() => new Uint32Array(columns))
  const { count, steps, times, kinds } = tableOf(markers, asList(envelopes))
  const span = scale.to - scale.from
  for (let k = 0; k < count; k++) {
    // as fractionOfStep: by the marker's time, or by its step when every event has one time
    const f =
      scale.length === 0
        ? 0
        : scale.byTime
          ? Math.max(0, Math.min(1, ((times[k] as number) - scale.from) / span))
          : (steps[k] as number) / scale.length
    const column = Math.min(columns - 1, Math.floor(f * columns))
    for (let bits = kinds[k] as number, lane = 0; bits !== 0; bits >>>= 1, lane++) {
      if ((bits & 1) === 0) continue
      const laneCounts = counts[lane] as Uint32Array
      laneCounts[column] = (laneCounts[column] as number) + 1
    }
  }
  return Object.fromEntries(MARKER_KINDS.map((kind, i) => [kind, counts[i]])) as Record<
    MarkerKind,
    Uint32Array
  >
}
