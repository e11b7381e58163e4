import type { RtcEvent } from '@streams/events'
import type { NetworkQuality } from '@streams/wire/media'
import { qualityOf, worst, type LinkSample } from './quality'

export interface QualityInputs {
  readonly me: string | undefined
  readonly peers: readonly string[]
  /** How I receive a peer (undefined: I do not). */
  receive(uid: string): Promise<LinkSample | undefined> | undefined
  /** How a peer receives me. */
  send(uid: string): Promise<LinkSample | undefined> | undefined
  /** The least my own quality shows now, from what the media server says of my links. */
  floor?(): Pair
}

type Pair = { uplink: NetworkQuality; downlink: NetworkQuality }

/**
 * [TRACK-9] Network quality per user from the connections' statistics, every interval, reported
 * only when it changes: for a peer, uplink is how its media reaches me and downlink how mine
 * reaches it; for me, the worst of my sending and of my receiving connections (and of the floor
 * the media server's reports put under them).
 */
export class NetworkQualityMonitor {
  private timer: ReturnType<typeof setInterval> | undefined
  private readonly last = new Map<string, Pair>()
  private running = false

  constructor(
    private readonly intervalMs: number,
    private readonly inputs: () => QualityInputs,
    private readonly emit: (event: RtcEvent) => void,
  ) {}

  start(): void {
    this.stop()
    this.timer = setInterval(() => void this.tick(), this.intervalMs)
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer)
    this.timer = undefined
    this.last.clear()
  }

  forget(uid: string): void {
    this.last.delete(uid)
  }

  async tick(): Promise<void> {
    if (this.running) return
    this.running = true
    try {
      const inputs = this.inputs()
      const ups: NetworkQuality[] = []
      const downs: NetworkQuality[] = []
      for (const uid of inputs.peers) {
        const [received, sent] = await Promise.all([
          inputs.receive(uid)?.catch(() => undefined),
          inputs.send(uid)?.catch(() => undefined),
        ])
        const pair = { uplink: qualityOf(received), downlink: qualityOf(sent) }
        downs.push(pair.uplink)
        ups.push(pair.downlink)
        this.report(uid, pair)
      }
      const floor = inputs.floor?.()
      if (floor) {
        ups.push(floor.uplink)
        downs.push(floor.downlink)
      }
      if (inputs.me) this.report(inputs.me, { uplink: worst(ups), downlink: worst(downs) })
    } finally {
      this.running = false
    }
  }

  private report(uid: string, pair: Pair): void {
    const before = this.last.get(uid)
    if (!before && pair.uplink === 0 && pair.downlink === 0) return
    if (before && before.uplink === pair.uplink && before.downlink === pair.downlink) return
    this.last.set(uid, pair)
    this.emit({ type: 'rtc/networkQualityChanged', uid, ...pair })
  }
}
