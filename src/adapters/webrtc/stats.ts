import { lossBetween, type LinkSample } from './quality'

export interface Counters {
  readonly lost: number
  readonly received: number
}

type Report = Record<string, unknown> & { type: string }

const num = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined

function selectedRttMs(reports: Report[]): number | undefined {
  for (const r of reports)
    if (r.type === 'candidate-pair' && r.nominated === true && r.state === 'succeeded') {
      const rtt = num(r.currentRoundTripTime)
      if (rtt !== undefined) return rtt * 1000
    }
  return undefined
}

const isDown = (pc: RTCPeerConnection) =>
  pc.connectionState === 'failed' || pc.connectionState === 'disconnected'

/** What I receive on a connection: loss and jitter of the inbound streams, and the path's RTT. */
export async function sampleReceiveStats(
  pc: RTCPeerConnection,
  previous: Counters | undefined,
): Promise<{ sample: LinkSample | undefined; counters: Counters | undefined }> {
  const reports = [...(await pc.getStats()).values()] as Report[]
  let lost = 0
  let received = 0
  let jitterMs = 0
  let inbound = 0
  for (const r of reports)
    if (r.type === 'inbound-rtp') {
      inbound++
      lost += num(r.packetsLost) ?? 0
      received += num(r.packetsReceived) ?? 0
      jitterMs = Math.max(jitterMs, (num(r.jitter) ?? 0) * 1000)
    }
  if (inbound === 0)
    return { sample: isDown(pc) ? { loss: 1, down: true } : undefined, counters: previous }
  const counters = { lost, received }
  return {
    sample: {
      loss: lossBetween(previous, counters),
      rttMs: selectedRttMs(reports),
      jitterMs,
      down: isDown(pc),
    },
    counters,
  }
}

/** How a watcher receives what I send, from its receiver reports (remote-inbound-rtp). */
export async function sampleSendStats(
  pc: RTCPeerConnection,
  previous: Counters | undefined,
): Promise<{ sample: LinkSample | undefined; counters: Counters | undefined }> {
  const reports = [...(await pc.getStats()).values()] as Report[]
  let lost = 0
  let sent = 0
  let jitterMs = 0
  let rttMs: number | undefined
  let remote = 0
  for (const r of reports) {
    if (r.type === 'outbound-rtp') sent += num(r.packetsSent) ?? 0
    if (r.type === 'remote-inbound-rtp') {
      remote++
      lost += num(r.packetsLost) ?? 0
      jitterMs = Math.max(jitterMs, (num(r.jitter) ?? 0) * 1000)
      const rtt = num(r.roundTripTime)
      if (rtt !== undefined) rttMs = Math.max(rttMs ?? 0, rtt * 1000)
    }
  }
  if (remote === 0)
    return { sample: isDown(pc) ? { loss: 1, down: true } : undefined, counters: previous }
  // Sent packets minus lost ones approximate the received count over the interval.
  const counters = { lost, received: Math.max(0, sent - lost) }
  return {
    sample: {
      loss: lossBetween(previous, counters),
      rttMs: rttMs ?? selectedRttMs(reports),
      jitterMs,
      down: isDown(pc),
    },
    counters,
  }
}
