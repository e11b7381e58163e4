import { Subject, type Observable, type Subscription } from 'rxjs'
import type { Event, RtcEvent } from '../../../streams/events'
import type { MediaJoin, MediaPort } from '../../../streams/ports'
import type {
  MediaKind,
  MediaRole,
  ScreenPreset,
  StreamQuality,
  VideoProfile,
} from '../../../streams/wire/media'
import type { Publication, Signal, Wish } from '../../../streams/wire/media-signal'
import { DEFAULT_LIMITS, type MediaLimits } from './limits'
import { LocalTracks, type Capture, type LocalKind, type NoiseFactory } from './local-tracks'
import { NetworkQualityMonitor } from './network-quality'
import { offeringOf, Publisher, type Offering } from './publisher'
import { Roster } from './roster'
import { decodeSignal } from './signal-codec'
import { Signaller, type SignalLink } from './signaller'
import { Subscriber } from './subscriber'
import { AudioSink, VideoAttachments, type Fit } from './view'

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

/** The default camera profile until the core gives the tile's ([VIDEO-2] the all-1 large one). */
const DEFAULT_PROFILE: VideoProfile = { width: 720, height: 300, bitrate: 310, frameRate: 30 }

interface Joined {
  readonly channel: string
  readonly uid: string
  readonly screenUid: string
  role: MediaRole
  readonly signaller: Signaller
  readonly publisher: Publisher
  readonly subscriber: Subscriber
  readonly subscription: Subscription
  /** What I last told each peer I publish (a hello may cross my publish). */
  readonly told: Map<string, string>
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
  /** Kinds whose track ended by itself (device unplugged), to bring back on the next device. */
  private readonly ended = new Set<MediaKind>()
  private readonly tracks: LocalTracks
  private readonly audio = new AudioSink()
  private readonly videos: VideoAttachments
  private readonly quality: NetworkQualityMonitor
  private readonly limits: MediaLimits
  private readonly offering: Offering
  private profile: VideoProfile = DEFAULT_PROFILE
  private devices: { camera?: string; microphone?: string } = {}
  private joined: Joined | undefined

  constructor(private readonly options: LocalMediaOptions) {
    this.limits = options.limits ?? DEFAULT_LIMITS
    this.tracks = new LocalTracks(
      options.capture ?? (() => navigator.mediaDevices),
      options.noise,
      (kind) => this.trackEnded(kind),
      (message) => this.emit({ type: 'rtc/exceptionRaised', code: 'NOISE_REDUCTION', message }),
    )
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
    this.offering = offeringOf(this.tracks, () => this.profile)
  }

  /** Uids whose video can be shown now (mine included), and every change. */
  get videoUids$(): Observable<ReadonlySet<string>> {
    return this.videos.videoUids$
  }

  /** Shows a uid's video (camera or screen share) in the container; answers the undo. */
  attachVideo(uid: string, container: HTMLElement, fit?: Fit): () => void {
    return this.videos.attach(uid, container, fit)
  }

  async join({ channel, uid, role, screenUid }: MediaJoin): Promise<void> {
    if (this.joined) await this.leave()
    const { link, iceServers = [] } = this.options
    const signaller = new Signaller(link, channel, (to) => this.dropPeer(to, 'Quit'))
    const send = signaller.send.bind(signaller)
    const subscription = link.signals$.subscribe(({ from, text }) => this.receive(from, text))
    subscription.add(link.memberLeft$.subscribe((peer) => this.dropPeer(peer, 'ServerTimeOut')))
    this.joined = {
      channel,
      uid,
      screenUid: screenUid ?? `${uid}-screen`,
      role,
      signaller,
      publisher: new Publisher(iceServers, this.limits.watchers, this.offering, send),
      subscriber: new Subscriber(iceServers, send, (p) => this.refreshRemote(p), this.audio),
      subscription,
      told: new Map(),
    }
    this.quality.start()
    let members: readonly string[] = []
    try {
      members = await link.channelMembers()
    } catch {
      // Nobody to greet now; whoever joins later greets me.
    }
    for (const member of members) if (member !== uid) this.sayHello(member, false)
  }

  async leave(): Promise<void> {
    const joined = this.joined
    if (!joined) return
    this.joined = undefined
    for (const peer of this.roster.uids()) joined.signaller.send(peer, { t: 'bye' })
    joined.publisher.closeAll()
    joined.subscriber.closeAll()
    joined.subscription.unsubscribe()
    // Let the byes go out before the signaller stops.
    setTimeout(() => joined.signaller.close(), 1000)
    this.roster.clear()
    this.tracks.closeAll()
    this.ended.clear()
    this.quality.stop()
    this.videos.reset()
    this.emit({ type: 'rtc/left' })
  }

  /** Peer to peer has no roles on the wire: the core unpublishes what an audience may not send. */
  async setRole(role: MediaRole): Promise<void> {
    if (this.joined) this.joined.role = role
  }

  /**
   * Opens and sends a track. Who may publish is the core's rule ([ROLE-4], [TRACK-6]); here only
   * the room's limit refuses ('rtc/limitReached', then the call fails). A mic or camera that
   * cannot open fails the call ([TRACK-2]).
   */
  async publish(kind: MediaKind, options: { deviceId?: string; profile?: VideoProfile }) {
    const joined = this.joined
    if (!joined) throw new Error('not in the media session')
    if (options.profile) this.profile = options.profile
    const publishing = this.tracks.has('audio') || this.tracks.has('video')
    if (!publishing && this.roster.publisherCount() + 1 > this.limits.publishers) {
      this.emit({ type: 'rtc/limitReached', limit: 'publishers', max: this.limits.publishers })
      throw new Error(`local mode sustains at most ${this.limits.publishers} publishers`)
    }
    const deviceId =
      options.deviceId ?? (kind === 'audio' ? this.devices.microphone : this.devices.camera)
    this.ended.delete(kind)
    if (kind === 'audio') await this.tracks.openMicrophone(deviceId)
    else await this.tracks.openCamera(deviceId, this.profile)
    if (this.joined !== joined) return this.tracks.close(kind)
    this.localChanged(kind)
  }

  async unpublish(kind: MediaKind): Promise<void> {
    this.ended.delete(kind)
    if (!this.tracks.has(kind)) return
    this.tracks.close(kind)
    this.localChanged(kind)
  }

  async setVideoProfile(profile: VideoProfile): Promise<void> {
    this.profile = profile
    this.joined?.publisher.refresh()
  }

  async startScreenShare(preset: ScreenPreset, _token: string): Promise<void> {
    const joined = this.joined
    if (!joined) throw new Error('not in the media session')
    await this.tracks.openScreen(preset)
    if (this.joined !== joined) return this.tracks.close('screen')
    this.localChanged('screen')
  }

  async stopScreenShare(): Promise<void> {
    if (!this.tracks.has('screen')) return
    this.tracks.close('screen')
    this.localChanged('screen')
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

  async switchDevice(kind: 'camera' | 'microphone' | 'speaker', deviceId: string): Promise<void> {
    if (kind === 'speaker') {
      await this.audio.setSpeaker(deviceId).catch(() => undefined)
      return
    }
    this.devices = { ...this.devices, [kind]: deviceId }
    const local = kind === 'camera' ? 'video' : 'audio'
    // [TRACK-5] A track whose device was unplugged comes back on the device the core falls back to.
    const revive = this.ended.has(local) && this.joined !== undefined
    if (!this.tracks.has(local) && !revive) return
    if (this.tracks.has(local) && this.tracks.deviceOf(local) === deviceId) return
    // A failure leaves the current track as it was; the call fails ('device/switchFailed').
    if (local === 'audio') await this.tracks.openMicrophone(deviceId)
    else await this.tracks.openCamera(deviceId, this.profile)
    this.localChanged(local)
    if (revive) {
      this.ended.delete(local)
      this.emit({ type: 'rtc/localPublished', kind: local })
    }
  }

  async setNoiseReduction(enabled: boolean): Promise<void> {
    if (await this.tracks.setNoise(enabled)) this.joined?.publisher.refresh()
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

  private handle(joined: Joined, from: string, signal: Signal): void {
    switch (signal.t) {
      case 'hello':
        if (!signal.reply && this.roster.has(from)) this.closeLinks(joined, from) // joined again
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
        return joined.subscriber.offer(from, signal)
      case 'answer':
        return joined.publisher.answer(from, signal)
      case 'ice':
        if (signal.side === 'pub') joined.subscriber.candidates(from, signal)
        else joined.publisher.candidates(from, signal)
        return
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
    this.closeLinks(joined, uid)
    joined.subscriber.forget(uid)
    joined.told.delete(uid)
    this.emitAll(this.roster.remove(uid, reason))
    this.quality.forget(uid)
  }

  private closeLinks(joined: Joined, uid: string): void {
    joined.publisher.close(uid)
    joined.subscriber.close(uid)
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
    const pub = this.myPub()
    this.joined?.told.set(peer, JSON.stringify(pub))
    this.joined?.signaller.send(peer, { t: 'hello', reply, pub })
  }

  private tellPub(peer: string): void {
    const joined = this.joined
    const pub = this.myPub()
    const text = JSON.stringify(pub)
    if (!joined || joined.told.get(peer) === text) return
    joined.told.set(peer, text)
    joined.signaller.send(peer, { t: 'pub', pub })
  }

  private myPub(): Publication {
    const screen = this.tracks.has('screen') ? this.joined?.screenUid : undefined
    return {
      audio: this.tracks.has('audio'),
      video: this.tracks.has('video'),
      ...(screen ? { screen } : {}),
    }
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

  private trackEnded(kind: LocalKind): void {
    if (kind !== 'screen') this.ended.add(kind)
    this.localChanged(kind)
    this.emit({ type: 'rtc/trackEnded', kind })
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
