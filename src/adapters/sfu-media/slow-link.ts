import type { NetworkQuality } from '@streams/wire/media'
import type { SfuPc, SubstreamId } from '@streams/wire/sfu'

/** How long a link stays marked slow after Janus's last report, and each step back up. */
export const SLOW_LINK_CALM_MS = 10_000
/** The quality a slow link shows at least ([TRACK-9]: 3 poor), for the link it concerns. */
const SLOW_QUALITY: NetworkQuality = 3

export interface SlowLinkHost {
  /** The highest simulcast layer to ask for changed (receive losses, or calm again). */
  capChanged(cap: SubstreamId): void
  /** My quality floor changed: worth measuring again now. */
  floorChanged(): void
}

type Timer = ReturnType<typeof setTimeout>

/**
 * Janus's `slowLink` reports (many NACKs on one of my connections) as what the adapter does about
 * them. Losses on what I receive lower the layer I ask for by one step per report (top → middle →
 * low), and it climbs back one step after each SLOW_LINK_CALM_MS without a report. Losses on what I
 * send (my camera's or my screen's connection; the browser's congestion control already sheds
 * layers there) mark my uplink poor for that long. Either marks my own quality at least poor
 * (3) while it lasts.
 */
export class SlowLinks {
  private capValue: SubstreamId = 2
  private readonly slowUntil = { uplink: 0, downlink: 0 }
  private climb: Timer | undefined
  private floorTimer: Timer | undefined

  constructor(
    private readonly host: SlowLinkHost,
    private readonly now: () => number = Date.now,
    private readonly calmMs = SLOW_LINK_CALM_MS,
  ) {}

  /** The highest layer to ask for now. */
  get cap(): SubstreamId {
    return this.capValue
  }

  /** A `slowLink` push: which connection, and how many packets Janus saw lost. */
  report(pc: SfuPc, lost: number): void {
    if (!(lost > 0)) return
    const side = pc === 'sub' ? 'downlink' : 'uplink'
    this.slowUntil[side] = this.now() + this.calmMs
    if (this.floorTimer) clearTimeout(this.floorTimer)
    this.floorTimer = setTimeout(() => this.host.floorChanged(), this.calmMs)
    this.host.floorChanged()
    if (side === 'downlink') {
      if (this.capValue > 0) this.setCap((this.capValue - 1) as SubstreamId)
      this.scheduleClimb()
    }
  }

  /** The least quality each side of my link shows now (0: no floor). */
  floor(): { uplink: NetworkQuality; downlink: NetworkQuality } {
    const now = this.now()
    return {
      uplink: now < this.slowUntil.uplink ? SLOW_QUALITY : 0,
      downlink: now < this.slowUntil.downlink ? SLOW_QUALITY : 0,
    }
  }

  /** A new session: nothing is slow yet. */
  reset(): void {
    if (this.climb) clearTimeout(this.climb)
    if (this.floorTimer) clearTimeout(this.floorTimer)
    this.climb = this.floorTimer = undefined
    this.slowUntil.uplink = this.slowUntil.downlink = 0
    this.capValue = 2
  }

  private scheduleClimb(): void {
    if (this.climb) clearTimeout(this.climb)
    this.climb = setTimeout(() => {
      this.climb = undefined
      if (this.capValue >= 2) return
      this.setCap((this.capValue + 1) as SubstreamId)
      if (this.capValue < 2) this.scheduleClimb()
    }, this.calmMs)
  }

  private setCap(cap: SubstreamId): void {
    this.capValue = cap
    this.host.capChanged(cap)
  }
}
