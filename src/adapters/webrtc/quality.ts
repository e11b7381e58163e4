import type { NetworkQuality } from '@streams/wire/media'

/** One side of a link over the last interval, from getStats. */
export interface LinkSample {
  /** Fraction of packets lost, 0..1. */
  readonly loss: number
  /** Round-trip time in ms, when known. */
  readonly rttMs?: number
  /** Jitter in ms, when known. */
  readonly jitterMs?: number
  /** Whether the connection is down (ICE failed or disconnected). */
  readonly down?: boolean
}

/**
 * Agora's scale from link statistics: 1 excellent, 2 good, 3 poor, 4 bad, 5 very bad, 6 down,
 * 0 unknown (no sample). The thresholds follow Agora's published guidance: loss first, then
 * round-trip time and jitter.
 */
export function qualityOf(sample: LinkSample | undefined): NetworkQuality {
  if (!sample) return 0
  if (sample.down) return 6
  const rtt = sample.rttMs ?? 0
  const jitter = sample.jitterMs ?? 0
  const loss = sample.loss
  if (loss >= 0.3 || rtt >= 1500) return 5
  if (loss >= 0.15 || rtt >= 800 || jitter >= 200) return 4
  if (loss >= 0.05 || rtt >= 400 || jitter >= 100) return 3
  if (loss >= 0.01 || rtt >= 200 || jitter >= 50) return 2
  return 1
}

/** The worse of several qualities (6 worst, 0 unknown counts as nothing). */
export function worst(qualities: readonly NetworkQuality[]): NetworkQuality {
  let result: NetworkQuality = 0
  for (const q of qualities) if (q > result) result = q
  return result
}

interface Counters {
  readonly sent?: number
  readonly lost?: number
  readonly received?: number
}

/** Loss over an interval from cumulative counters (received side: lost / (received + lost)). */
export function lossBetween(before: Counters | undefined, after: Counters): number {
  const lost = (after.lost ?? 0) - (before?.lost ?? 0)
  const received = (after.received ?? 0) - (before?.received ?? 0)
  const total = lost + received
  return total > 0 ? Math.max(0, Math.min(1, lost / total)) : 0
}
