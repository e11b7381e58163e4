import { Subject, type Observable } from 'rxjs'
import type { Event, RtcEvent } from '@streams/events'
import type { MediaJoin, MediaPort, RemoteVolumes } from '@streams/ports'
import type {
  MediaKind,
  MediaRole,
  ScreenPreset,
  StreamQuality,
  VideoProfile,
} from '@streams/wire/media'
import type { Signal, Wish } from '@streams/wire/media-signal'
import { DEFAULT_LIMITS, type MediaLimits } from './limits'
import type { Capture, LocalKind, LocalTracks, NoiseFactory } from '../webrtc/local-tracks'
import { NetworkQualityMonitor } from '../webrtc/network-quality'
import { Publishing } from './publishing'
import { Roster } from './roster'
import { MediaSession } from './session'
import { decodeSignal } from './signal-codec'
import type { SignalLink } from './signaller'
import { AudioSink, VideoAttachments, type Fit } from '../webrtc/view'

export interface LocalMediaOptions {
  readonly link: SignalLink
  /** STUN/TURN servers; none means host candidates only (one network). */
  readonly iceServers?: RTCIceServer[]
  readonly limits?: MediaLimits
  readonly noise?: NoiseFactory
  readonly statsIntervalMs?: number
  /** getUserMedia and getDisplayMedia (the browser's by default). */
  readonly capture?: () => Capture
  /**
   * Receive every publication at the high quality as it appears, as an Agora app that subscribes
   * on user-published does; for a core that does not subscribe by itself.
   */
  readonly autoSubscribe?: boolean
}

/**
 * The media port in local mode: WebRTC between browsers, signalled as peer messages over the
 * realtime service (docs/media.md). Each publisher sends to each participant that watches it,
 * over one connection per publisher and watcher; each watcher's tile profile (or the low stream)
 * is that connection's encoding. A call's outcome is its promise; `events$` carries the facts
 * learnt from peers and connections.
 */
export class LocalMedia implements MediaPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private readonly roster = new Roster()
  private readonly publishing: Publishing
  /** My tracks (the publishing's). */
  private readonly tracks: LocalTracks
  private readonly audio = new AudioSink()
  private readonly videos: VideoAttachments
  private readonly quality: NetworkQualityMonitor
  private readonly limits: MediaLimits
  private joined: MediaSession | undefined

  constructor(private readonly options: LocalMediaOptions) {
    this.limits = options.limits ?? DEFAULT_LIMITS
    this.publishing = new Publishing(
      options.capture ?? (() => navigator.mediaDevices),
      options.noise,
      this.limits,
      {
        session: () => this.joined,
        peerPublishers: () => this.roster.publisherCount(),
        changed: (kind) => this.localChanged(kind),
        reencode: () => this.joined?.publisher.refresh(),
        emit: (event) => this.emit(event),
      },
    )
    this.tracks = this.publishing.tracks
    this.videos = new VideoAttachments((uid) => this.videoTrackOf(uid))
    this.quality = new NetworkQualityMonitor(
      options.statsIntervalMs ?? 2000,
      () => ({
        me: this.joined?.uid,
        peers: this.roster.uids(),
        receive: (uid) => this.joined?.subscriber.sample(uid),
        send: (uid) => this.joined?.publisher.sample(uid),
      }),
      (event) => this.emit(event),
    )
  }

  /** Uids whose video can be shown now (mine included), and every change. */
  get videoUids$(): Observable<ReadonlySet<string>> {
    return this.videos.videoUids$
  }

  /** Shows a uid's video (camera or screen share) in the container; answers the undo. */
  attachVideo(uid: string, container: HTMLElement, fit?: Fit): () => void {
    return this.videos.attach(uid, container, fit)
  }

  async join(join: MediaJoin): Promise<void> {
    if (this.joined) await this.leave()
    const { link, iceServers = [] } = this.options
    const { offering } = this.publishing
    const setup = { link, iceServers, watchers: this.limits.watchers, offering, audio: this.audio }
    this.joined = new MediaSession(join, setup, {
      onSignal: (from, text) => this.receive(from, text),
      onPeerGone: (peer, reason) => this.dropPeer(peer, reason),
      onRemoteChanged: (owner) => this.refreshRemote(owner),
    })
    this.quality.start()
    // The core tells a host whose room outgrows these.
    this.emit({ type: 'rtc/meshJoined', ...this.limits })
    let members: readonly string[] = []
    try {
      members = await link.channelMembers()
    } catch {
      // Nobody to greet now; whoever joins later greets me.
    }
    for (const member of members) if (member !== join.uid) this.sayHello(member, false)
  }

  /**
   * After the messaging connection came back: members gone meanwhile are dropped, and every
   * other one is greeted again as on a join, so both sides rebuild their links with me (theirs
   * may have been dropped when my connection went).
   */
  async resync(): Promise<void> {
    const joined = this.joined
    if (!joined) return
    const members = new Set(await this.options.link.channelMembers())
    for (const uid of this.roster.uids()) if (!members.has(uid)) this.dropPeer(uid, 'ServerTimeOut')
    for (const member of members) {
      if (member === joined.uid) continue
      if (this.roster.has(member)) joined.closeLinks(member)
      this.sayHello(member, false)
      joined.subscriber.rewish(member)
    }
  }

  async leave(): Promise<void> {
    const joined = this.joined
    if (!joined) return
    this.joined = undefined
    joined.close(this.roster.uids())
    this.roster.clear()
    this.publishing.closeAll()
    this.quality.stop()
    this.videos.reset()
    this.emit({ type: 'rtc/left' })
  }

  /** Peer to peer has no roles on the wire: the core unpublishes what an audience may not send. */
  async setRole(role: MediaRole): Promise<void> {
    if (this.joined) this.joined.role = role
  }

  /** Opens and sends a track (the room's publisher limit is the only refusal here). */
  publish(kind: MediaKind, options: { deviceId?: string; profile?: VideoProfile }) {
    return this.publishing.publish(kind, options)
  }

  unpublish(kind: MediaKind): Promise<void> {
    return this.publishing.unpublish(kind)
  }

  setVideoProfile(profile: VideoProfile): Promise<void> {
    return this.publishing.setVideoProfile(profile)
  }

  startScreenShare(preset: ScreenPreset, _token: string): Promise<void> {
    return this.publishing.startScreenShare(preset)
  }

  stopScreenShare(): Promise<void> {
    return this.publishing.stopScreenShare()
  }

  async subscribe(uid: string, kind: MediaKind, quality: StreamQuality = 'high'): Promise<void> {
    this.rewish(uid, (wish, source) => {
      if (source === 'screen') wish.screen = kind === 'video' || wish.screen
      else if (kind === 'audio') wish.audio = true
      else wish.video = quality
    })
  }

  async unsubscribe(uid: string, kind: MediaKind): Promise<void> {
    this.rewish(uid, (wish, source) => {
      if (source === 'screen') wish.screen = kind === 'video' ? false : wish.screen
      else if (kind === 'audio') wish.audio = false
      else wish.video = null
    })
  }

  async setRemoteAudioMuted(muted: boolean): Promise<void> {
    this.audio.setMuted(muted)
  }

  async setRemoteVolumes(volumes: RemoteVolumes): Promise<void> {
    this.audio.setVolumes(volumes)
  }

  async switchDevice(kind: 'camera' | 'microphone' | 'speaker', deviceId: string): Promise<void> {
    if (kind === 'speaker') {
      await this.audio.setSpeaker(deviceId).catch(() => undefined)
      return
    }
    await this.publishing.switchDevice(kind, deviceId)
  }

  setNoiseReduction(enabled: boolean): Promise<void> {
    return this.publishing.setNoiseReduction(enabled)
  }

  async renewToken(_token: string): Promise<void> {
    // Signalling rides on the messaging login, which renews its own token.
  }

  // ——— signals ———

  private receive(from: string, text: string): void {
    const joined = this.joined
    if (!joined || from === joined.uid) return
    const decoded = decodeSignal(text)
    if ('error' in decoded) {
      const message = decoded.error
      this.emit({ type: 'rtc/exceptionRaised', code: 'BAD_SIGNAL', message, uid: from })
      return
    }
    if (decoded.signal.ch === joined.channel) this.handle(joined, from, decoded.signal)
  }

  private handle(joined: MediaSession, from: string, signal: Signal): void {
    switch (signal.t) {
      case 'hello':
        if (!signal.reply && this.roster.has(from)) joined.closeLinks(from) // joined again
        this.emitAll(this.roster.upsert(from, signal.pub))
        if (signal.reply) return this.tellPub(from) // my publications may have changed since
        this.sayHello(from, true)
        return joined.subscriber.rewish(from)
      case 'bye':
        return this.dropPeer(from, 'Quit')
      case 'pub': {
        if (!this.roster.has(from)) return
        const screenBefore = this.roster.publication(from)?.screen
        this.emitAll(this.roster.upsert(from, signal.pub))
        this.refreshRemote(from)
        if (screenBefore) this.videos.refresh(screenBefore)
        return
      }
      case 'watch':
        if (!this.roster.has(from) || joined.publisher.watched(from, signal.wish)) return
        return joined.signaller.send(from, {
          t: 'refused',
          limit: 'watchers',
          max: this.limits.watchers,
        })
      case 'refused':
        joined.subscriber.forget(from)
        return this.emit({ type: 'rtc/limitReached', limit: 'watchers', max: signal.max })
      case 'offer':
      case 'answer':
      case 'ice':
        return joined.connect(from, signal)
    }
  }

  /** My wish for a uid's owner (a participant, or the one whose screen it is), changed. */
  private rewish(uid: string, change: (wish: Wish, source: 'camera' | 'screen') => void): void {
    const joined = this.joined
    const who = this.roster.resolve(uid)
    if (!joined || !who) return
    const wish = { ...joined.subscriber.wishOf(who.owner) }
    change(wish, who.source)
    joined.subscriber.want(who.owner, wish)
  }

  private dropPeer(uid: string, reason: string): void {
    const joined = this.joined
    if (!joined || !this.roster.has(uid)) return
    joined.drop(uid)
    this.emitAll(this.roster.remove(uid, reason))
    this.quality.forget(uid)
  }

  // ——— tracks ———

  private refreshRemote(owner: string): void {
    this.videos.refresh(owner)
    const screen = this.roster.publication(owner)?.screen
    if (screen) this.videos.refresh(screen)
  }

  private videoTrackOf(uid: string): MediaStreamTrack | undefined {
    const joined = this.joined
    if (!joined) return undefined
    if (uid === joined.uid) return this.tracks.videoTrack ?? undefined
    if (uid === joined.screenUid) return this.tracks.screenTrack ?? undefined
    const who = this.roster.resolve(uid)
    const pub = who && this.roster.publication(who.owner)
    if (!who || !pub || (who.source === 'camera' && !pub.video)) return undefined
    return joined.subscriber.track(who.owner, who.source)
  }

  private sayHello(peer: string, reply: boolean): void {
    const pub = this.publishing.publication(this.joined?.screenUid)
    this.joined?.hello(peer, reply, pub)
  }

  private tellPub(peer: string): void {
    const pub = this.publishing.publication(this.joined?.screenUid)
    this.joined?.tellPub(peer, pub)
  }

  /** A local track appeared, changed or went: watchers, peers and my own tiles learn it. */
  private localChanged(kind: LocalKind): void {
    const joined = this.joined
    if (!joined) return
    joined.publisher.refresh()
    for (const peer of this.roster.uids()) this.tellPub(peer)
    if (kind === 'video') this.videos.refresh(joined.uid)
    if (kind === 'screen') this.videos.refresh(joined.screenUid)
  }

  private emit(event: RtcEvent): void {
    this.subject.next(event)
  }

  private emitAll(events: readonly RtcEvent[]): void {
    for (const event of events) {
      this.emit(event)
      if (event.type === 'rtc/userPublished' && this.options.autoSubscribe)
        void this.subscribe(event.uid, event.kind)
    }
  }
}
