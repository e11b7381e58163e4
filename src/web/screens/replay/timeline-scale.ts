import type { Replay } from '@streams/replay/engine'
import { asList, type Envelopes } from '@streams/replay/envelopes'
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
 * Aggregates the markers into `columns` columns per kind (150,000 markers become at most
 * `columns` marks a kind): one pass, done once per log.
 */
export function markerColumns(
  markers: readonly Marker[],
  envelopes: Envelopes,
  scale: TimeScale,
  columns: number,
): MarkerColumns {
  const out = Object.fromEntries(
    MARKER_KINDS.map((kind) => [kind, new Uint32Array(columns)]),
  ) as Record<MarkerKind, Uint32Array>
  for (const marker of markers) {
    const f = fractionOfStep(scale, envelopes, marker.index + 1)
    const column = Math.min(columns - 1, Math.floor(f * columns))
    for (const kind of marker.kinds) {
      const counts = out[kind] as Uint32Array
      counts[column] = (counts[column] as number) + 1
    }
  }
  return out
}
