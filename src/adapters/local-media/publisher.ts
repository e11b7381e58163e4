import type { SignalOf, Wish } from '@streams/wire/media-signal'
import type { VideoProfile } from '@streams/wire/media'
import { cameraEncoding, screenEncoding, type Encoding } from '../webrtc/encodings'
import type { LocalTracks } from '../webrtc/local-tracks'
import type { LinkSample } from '../webrtc/quality'
import type { Source } from './roster'
import { SendLink, type SendTracks } from './send-link'
import type { SignalBody } from './signal-codec'

const MAX_RESTARTS = 3

export const isEmptyWish = (w: Wish) => !w.audio && w.video === null && !w.screen

/** What a watcher gets: the tracks and encodings for its wish (the adapter's local tracks). */
export interface Offering {
  tracks(wish: Wish): SendTracks
  encodings(wish: Wish): Partial<Record<Source, Encoding>>
}

/** My local tracks, each watcher's share of them, encoded for its tile or the low stream. */
export function offeringOf(tracks: LocalTracks, profile: () => VideoProfile): Offering {
  return {
    tracks: (wish) => ({
      audio: wish.audio ? tracks.audioTrack : null,
      camera: wish.video ? tracks.videoTrack : null,
      screen: wish.screen ? tracks.screenTrack : null,
    }),
    encodings: (wish) => {
      const camera = tracks.videoTrack
      const screen = tracks.screenTrack
      const preset = tracks.screenPreset
      return {
        ...(camera && wish.video
          ? { camera: cameraEncoding(profile(), wish.video, camera.getSettings()) }
          : {}),
        ...(screen && preset ? { screen: screenEncoding(preset, screen.getSettings()) } : {}),
      }
    },
  }
}

/**
 * My side as a publisher: one connection to each watcher, serving what it wishes, up to the
 * watcher limit; a failed connection is started afresh (a few times) while wished.
 */
export class Publisher {
  private readonly sends = new Map<string, { link: SendLink; wish: Wish; restarts: number }>()

  constructor(
    private readonly iceServers: RTCIceServer[],
    private readonly maxWatchers: number,
    private readonly offering: Offering,
    private readonly send: (to: string, body: SignalBody) => void,
  ) {}

  /** A watcher's wish; answers false when it is refused for the watcher limit. */
  watched(watcher: string, wish: Wish): boolean {
    const current = this.sends.get(watcher)
    if (isEmptyWish(wish)) {
      this.close(watcher)
      return true
    }
    if (current) {
      current.wish = wish
      this.apply(current.link, wish)
      return true
    }
    if (this.sends.size >= this.maxWatchers) return false
    this.open(watcher, wish, 0)
    return true
  }

  answer(watcher: string, signal: SignalOf<'answer'>): void {
    const entry = this.sends.get(watcher)
    if (entry?.link.id === signal.link) entry.link.acceptAnswer(signal.sdp)
  }

  candidates(watcher: string, signal: SignalOf<'ice'>): void {
    const entry = this.sends.get(watcher)
    if (entry?.link.id === signal.link) entry.link.addCandidates(signal.candidates)
  }

  /** My tracks or profile changed: every watcher gets the new ones. */
  refresh(): void {
    for (const { link, wish } of this.sends.values()) this.apply(link, wish)
  }

  sample(watcher: string): Promise<LinkSample | undefined> | undefined {
    return this.sends.get(watcher)?.link.sample()
  }

  close(watcher: string): void {
    this.sends.get(watcher)?.link.close()
    this.sends.delete(watcher)
  }

  closeAll(): void {
    for (const watcher of [...this.sends.keys()]) this.close(watcher)
  }

  private open(watcher: string, wish: Wish, restarts: number): void {
    const link = new SendLink(
      this.iceServers,
      (body) => this.send(watcher, body),
      () => {
        // The connection failed: start a fresh one while the watcher still wants it.
        const entry = this.sends.get(watcher)
        if (entry?.link !== link) return
        this.close(watcher)
        if (entry.restarts < MAX_RESTARTS) this.open(watcher, entry.wish, entry.restarts + 1)
      },
    )
    this.sends.set(watcher, { link, wish, restarts })
    this.apply(link, wish)
  }

  private apply(link: SendLink, wish: Wish): void {
    void link.set(this.offering.tracks(wish), this.offering.encodings(wish)).catch(() => undefined)
  }
}
