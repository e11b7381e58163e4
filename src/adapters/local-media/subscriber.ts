import type { SignalOf, Wish } from '@streams/wire/media-signal'
import { isEmptyWish } from './publisher'
import type { LinkSample } from '../webrtc/quality'
import { ReceiveLink } from './receive-link'
import type { Source } from './roster'
import type { SignalBody } from './signal-codec'
import type { AudioSink } from '../webrtc/view'

const NO_WISH: Wish = { audio: false, video: null, screen: false }

/**
 * My side as a watcher: what I wish from each publisher, the connection each one offers me, and
 * the remote audio I play ([MUTE-3] all of it muted together).
 */
export class Subscriber {
  private readonly receives = new Map<string, ReceiveLink>()
  private readonly wishes = new Map<string, Wish>()

  constructor(
    private readonly iceServers: RTCIceServer[],
    private readonly send: (to: string, body: SignalBody) => void,
    /** A video track arrived or went (the tiles refresh). */
    private readonly changed: (publisher: string) => void,
    private readonly audio: AudioSink,
  ) {}

  wishOf(publisher: string): Wish {
    return this.wishes.get(publisher) ?? NO_WISH
  }

  /** My wish for a publisher: told to it; an empty wish ends the connection. */
  want(publisher: string, wish: Wish): void {
    if (JSON.stringify(this.wishOf(publisher)) === JSON.stringify(wish)) return
    if (isEmptyWish(wish)) this.forget(publisher)
    else this.wishes.set(publisher, wish)
    this.send(publisher, { t: 'watch', wish })
  }

  /** The publisher joined again: it needs my wish anew. */
  rewish(publisher: string): void {
    const wish = this.wishes.get(publisher)
    if (wish) this.send(publisher, { t: 'watch', wish })
  }

  offer(publisher: string, signal: SignalOf<'offer'>): void {
    if (!this.wishes.has(publisher)) return
    let link = this.receives.get(publisher)
    if (link?.id !== signal.link) {
      link?.close()
      link = new ReceiveLink(
        signal.link,
        this.iceServers,
        (body) => this.send(publisher, body),
        (source, track) => this.arrived(publisher, source, track),
      )
      this.receives.set(publisher, link)
    }
    link.offer(signal.sdp, signal.sources)
  }

  candidates(publisher: string, signal: SignalOf<'ice'>): void {
    const link = this.receives.get(publisher)
    if (link?.id === signal.link) link.addCandidates(signal.candidates)
  }

  track(publisher: string, source: Source): MediaStreamTrack | undefined {
    const track = this.receives.get(publisher)?.tracks.get(source)
    return track?.readyState === 'live' ? track : undefined
  }

  sample(publisher: string): Promise<LinkSample | undefined> | undefined {
    return this.receives.get(publisher)?.sample()
  }

  /** The connection ends, the wish stays (a rejoining publisher gets it again). */
  close(publisher: string): void {
    this.receives.get(publisher)?.close()
    this.receives.delete(publisher)
    this.audio.stop(publisher)
    this.changed(publisher)
  }

  /** Connection and wish both go. */
  forget(publisher: string): void {
    this.wishes.delete(publisher)
    this.close(publisher)
  }

  closeAll(): void {
    for (const publisher of [...this.receives.keys()]) this.close(publisher)
    this.wishes.clear()
    this.audio.clear()
  }

  private arrived(publisher: string, source: Source, track: MediaStreamTrack): void {
    if (source === 'audio') this.audio.play(publisher, track)
    else this.changed(publisher)
  }
}
