import type { Observable } from 'rxjs'
import { encodeSignal, type SignalBody } from './signal-codec'

/**
 * What the local media adapter needs from the messaging connection (docs/media.md). The local
 * messaging adapter provides it over the realtime socket; the session wires the two, so neither
 * adapter imports the other.
 */
export interface SignalLink {
  /** Peer-message texts that are media signals, addressed to me. */
  readonly signals$: Observable<{ readonly from: string; readonly text: string }>
  /** Sends one signal; answers whether the peer was online to receive it. */
  sendSignal(to: string, text: string): Promise<boolean>
  /** The uids now in the messaging channel (the people who could be in the media session). */
  channelMembers(): Promise<readonly string[]>
  /** A uid whose messaging connection left the channel (closed tab, lost network). */
  readonly memberLeft$: Observable<string>
}

/** The realtime service allows 60 messages a second a client; signals keep under that. */
export const SIGNALS_PER_SECOND = 40

/**
 * Sends signals in order, paced under the service's rate limit (chat and other peer messages
 * share the same budget, so signals take at most two thirds of it).
 */
export class Signaller {
  private readonly queue: { to: string; text: string }[] = []
  private readonly sentAt: number[] = []
  private timer: ReturnType<typeof setTimeout> | undefined

  constructor(
    private readonly link: SignalLink,
    private readonly channel: string,
    private readonly onUndelivered: (uid: string) => void,
    private readonly perSecond = SIGNALS_PER_SECOND,
  ) {}

  send(to: string, body: SignalBody): void {
    this.queue.push({ to, text: encodeSignal(this.channel, body) })
    this.drain()
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.queue.length = 0
  }

  private drain(): void {
    if (this.timer) return
    while (this.queue.length > 0) {
      const now = Date.now()
      while (this.sentAt.length > 0 && now - (this.sentAt[0] ?? 0) >= 1000) this.sentAt.shift()
      if (this.sentAt.length >= this.perSecond) {
        const wait = 1000 - (now - (this.sentAt[0] ?? now)) + 1
        this.timer = setTimeout(() => {
          this.timer = undefined
          this.drain()
        }, wait)
        return
      }
      const next = this.queue.shift()
      if (!next) return
      this.sentAt.push(now)
      this.link.sendSignal(next.to, next.text).then(
        (delivered) => {
          if (!delivered) this.onUndelivered(next.to)
        },
        () => this.onUndelivered(next.to),
      )
    }
  }
}
