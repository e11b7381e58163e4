import type { RtcEvent } from '@streams/events'
import type { Publication } from '@streams/wire/media-signal'

export type Source = 'audio' | 'camera' | 'screen'

const NONE: Publication = { audio: false, video: false }

/**
 * The remote participants of the media session and what they publish, as the local adapter
 * learns them from signals. Pure: every change answers the events it means, in the order
 * Agora's SDK would report them (a screen share is a user of its own, as with Agora).
 */
export class Roster {
  private readonly peers = new Map<string, Publication>()
  private readonly screens = new Map<string, string>()

  has(uid: string): boolean {
    return this.peers.has(uid)
  }

  uids(): string[] {
    return [...this.peers.keys()]
  }

  publication(uid: string): Publication | undefined {
    return this.peers.get(uid)
  }

  /** Participants publishing camera audio or video. */
  publisherCount(): number {
    let count = 0
    for (const pub of this.peers.values()) if (pub.audio || pub.video) count++
    return count
  }

  /** Who stands behind a uid: a participant, or the screen share of one. */
  resolve(uid: string): { owner: string; source: 'camera' | 'screen' } | undefined {
    if (this.peers.has(uid)) return { owner: uid, source: 'camera' }
    const owner = this.screens.get(uid)
    return owner === undefined ? undefined : { owner, source: 'screen' }
  }

  /** A hello or a pub: adds the participant or updates what it publishes. */
  upsert(uid: string, pub: Publication): RtcEvent[] {
    const before = this.peers.get(uid)
    const events: RtcEvent[] = []
    if (!before) events.push({ type: 'rtc/userJoined', uid })
    const was = before ?? NONE
    this.peers.set(uid, pub)
    for (const kind of ['audio', 'video'] as const) {
      if (pub[kind] && !was[kind]) events.push({ type: 'rtc/userPublished', uid, kind })
      if (!pub[kind] && was[kind]) events.push({ type: 'rtc/userUnpublished', uid, kind })
    }
    if (was.screen !== pub.screen) {
      if (was.screen !== undefined) events.push(...this.dropScreen(was.screen, 'Quit'))
      if (pub.screen !== undefined && !this.peers.has(pub.screen)) {
        this.screens.set(pub.screen, uid)
        events.push(
          { type: 'rtc/userJoined', uid: pub.screen },
          { type: 'rtc/userPublished', uid: pub.screen, kind: 'video' },
        )
      }
    }
    return events
  }

  /** A bye, or the participant's connection dropped. */
  remove(uid: string, reason: string): RtcEvent[] {
    const pub = this.peers.get(uid)
    if (!pub) return []
    this.peers.delete(uid)
    const events = pub.screen !== undefined ? this.dropScreen(pub.screen, reason) : []
    events.push({ type: 'rtc/userLeft', uid, reason })
    return events
  }

  /** Everyone leaves (I left the session): no events, as with Agora's leave. */
  clear(): void {
    this.peers.clear()
    this.screens.clear()
  }

  private dropScreen(screenUid: string, reason: string): RtcEvent[] {
    if (!this.screens.delete(screenUid)) return []
    return [
      { type: 'rtc/userUnpublished', uid: screenUid, kind: 'video' },
      { type: 'rtc/userLeft', uid: screenUid, reason },
    ]
  }
}
