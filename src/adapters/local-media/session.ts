import type { Subscription } from 'rxjs'
import type { MediaJoin } from '@streams/ports'
import type { MediaRole } from '@streams/wire/media'
import type { Publication, SignalOf } from '@streams/wire/media-signal'
import { Publisher, type Offering } from './publisher'
import { Signaller, type SignalLink } from './signaller'
import { Subscriber } from './subscriber'
import type { AudioSink } from '../webrtc/view'

/** What a media session is built from: the link, the ICE servers and my tracks to offer. */
export interface SessionSetup {
  readonly link: SignalLink
  readonly iceServers: RTCIceServer[]
  /** How many may watch me at once. */
  readonly watchers: number
  readonly offering: Offering
  readonly audio: AudioSink
}

export interface SessionHandlers {
  /** A signal text from a peer. */
  onSignal(from: string, text: string): void
  /** A peer is gone: my signals to it went undelivered, or its messaging connection left. */
  onPeerGone(peer: string, reason: string): void
  /** A publisher's tracks to me changed. */
  onRemoteChanged(owner: string): void
}

/**
 * One join of the media session: the signaller, a connection to each watcher (the publisher)
 * and from each publisher I watch (the subscriber), and what I last told each peer I publish.
 */
export class MediaSession {
  readonly channel: string
  readonly uid: string
  readonly screenUid: string
  role: MediaRole
  readonly signaller: Signaller
  readonly publisher: Publisher
  readonly subscriber: Subscriber
  private readonly subscription: Subscription
  /** What I last told each peer I publish (a hello may cross my publish). */
  private readonly told = new Map<string, string>()

  constructor(
    { channel, uid, role, screenUid }: MediaJoin,
    { link, iceServers, watchers, offering, audio }: SessionSetup,
    handlers: SessionHandlers,
  ) {
    this.channel = channel
    this.uid = uid
    this.screenUid = screenUid ?? `${uid}-screen`
    this.role = role
    this.signaller = new Signaller(link, channel, (to) => handlers.onPeerGone(to, 'Quit'))
    const send = this.signaller.send.bind(this.signaller)
    this.subscription = link.signals$.subscribe(({ from, text }) => handlers.onSignal(from, text))
    this.subscription.add(
      link.memberLeft$.subscribe((peer) => handlers.onPeerGone(peer, 'ServerTimeOut')),
    )
    this.publisher = new Publisher(iceServers, watchers, offering, send)
    this.subscriber = new Subscriber(iceServers, send, (p) => handlers.onRemoteChanged(p), audio)
  }

  /** Greets a peer with what I publish (first, or in reply to its hello). */
  hello(peer: string, reply: boolean, pub: Publication): void {
    this.told.set(peer, JSON.stringify(pub))
    this.signaller.send(peer, { t: 'hello', reply, pub })
  }

  /** Tells a peer what I publish now, unless that is what it last heard. */
  tellPub(peer: string, pub: Publication): void {
    const text = JSON.stringify(pub)
    if (this.told.get(peer) === text) return
    this.told.set(peer, text)
    this.signaller.send(peer, { t: 'pub', pub })
  }

  /** The connection signals of a peer, to the side they belong to. */
  connect(from: string, signal: SignalOf<'offer' | 'answer' | 'ice'>): void {
    switch (signal.t) {
      case 'offer':
        return this.subscriber.offer(from, signal)
      case 'answer':
        return this.publisher.answer(from, signal)
      case 'ice':
        if (signal.side === 'pub') this.subscriber.candidates(from, signal)
        else this.publisher.candidates(from, signal)
        return
    }
  }

  /** Closes both connections with a peer. */
  closeLinks(uid: string): void {
    this.publisher.close(uid)
    this.subscriber.close(uid)
  }

  /** A peer left: its connections, my wish for it and what I told it go. */
  drop(uid: string): void {
    this.closeLinks(uid)
    this.subscriber.forget(uid)
    this.told.delete(uid)
  }

  /** Says bye to the peers and closes everything; the signaller stops once the byes are out. */
  close(peers: readonly string[]): void {
    for (const peer of peers) this.signaller.send(peer, { t: 'bye' })
    this.publisher.closeAll()
    this.subscriber.closeAll()
    this.subscription.unsubscribe()
    // Let the byes go out before the signaller stops.
    setTimeout(() => this.signaller.close(), 1000)
  }
}
