import type { SignalOf } from '@streams/wire/media-signal'

type Candidate = SignalOf<'ice'>['candidates'][number]

/**
 * Collects a connection's ICE candidates and hands them on in batches (one signal per few
 * milliseconds rather than one per candidate), keeping signalling under the rate limit.
 */
export class CandidateBatcher {
  private batch: Candidate[] = []
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly flush: (candidates: Candidate[]) => void,
    private readonly delayMs = 15,
  ) {}

  add(candidate: RTCIceCandidate | null): void {
    if (candidate?.candidate) {
      this.batch.push({
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid,
        sdpMLineIndex: candidate.sdpMLineIndex,
      })
    }
    // A null candidate ends gathering: send what is left at once.
    if (!candidate || this.batch.length >= 32) return this.send()
    this.timer ??= setTimeout(() => this.send(), this.delayMs)
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.batch = []
  }

  private send(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (this.batch.length === 0) return
    const batch = this.batch
    this.batch = []
    this.flush(batch)
  }
}

/** Adds remote candidates, ignoring ones the connection can no longer take. */
export function addCandidates(pc: RTCPeerConnection, candidates: readonly Candidate[]): void {
  for (const c of candidates)
    pc.addIceCandidate({
      candidate: c.candidate,
      sdpMid: c.sdpMid,
      sdpMLineIndex: c.sdpMLineIndex,
    }).catch(() => undefined)
}
