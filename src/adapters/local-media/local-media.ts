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
import { cameraEncoding, screenEncoding, type Encoding } from './encodings'
import { DEFAULT_LIMITS, type MediaLimits } from './limits'
import { LocalTracks, type Capture, type LocalKind, type NoiseFactory } from './local-tracks'
import { NetworkQualityMonitor } from './network-quality'
import { ReceiveLink } from './receive-link'
import { Roster, type Source } from './roster'
import { SendLink, type SendTracks } from './send-link'
import { decodeSignal } from './signal-codec'
import { Signaller, type SignalLink } from './signaller'
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
const NO_WISH: Wish = { audio: false, video: null, screen: false }
const isEmpty = (w: Wish) => !w.audio && w.video === null && !w.screen
const MAX_RESTARTS = 3

interface Joined {
  readonly channel: string
  readonly uid: string
  readonly screenUid: string
  role: MediaRole
  readonly signaller: Signaller
  readonly subscription: Subscription
}

/**
 * The media port in local mode: WebRTC between browsers, signalled as peer messages over the
 * realtime service (docs/media.md). Each publisher sends to each participant that watches it,
 * over one connection per publisher and watcher; each watcher's tile profile (or the low stream)
 * is that connection's encoding. Outcomes are events; methods never reject.
 */
export class LocalMedia implements MediaPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private readonly roster = new Roster()
  private readonly sends = new Map<string, { link: SendLink; wish: Wish; restarts: number }>()
  private readonly receives = new Map<string, ReceiveLink>()
  private readonly wishes = new Map<string, Wish>()
  /** What I last told each peer I publish (a hello may cross my publish). */
  private readonly told = new Map<string, string>()
  /** Kinds whose track ended by itself (device unplugged), to bring back on the next device. */
  private readonly ended = new Set<MediaKind>()
  private readonly tracks: LocalTracks
  private readonly audio = new AudioSink()
  private readonly videos: VideoAttachments
  private readonly quality: NetworkQualityMonitor
  private readonly limits: MediaLimits
  private readonly iceServers: RTCIceServer[]
  private profile: VideoProfile = DEFAULT_PROFILE
  private devices: { camera?: string; microphone?: string } = {}
  private joined: Joined | undefined

  constructor(private readonly options: LocalMediaOptions) {
    this.limits = options.limits ?? DEFAULT_LIMITS
    this.iceServers = options.iceServers ?? []
    this.tracks = new LocalTracks(
      options.capture ?? (() => navigator.mediaDevices),
      options.noise,
      (kind) => this.trackEnded(kind),
      (message) => this.emit({ type: 'rtc/exceptionRaised', code: 'NOISE_REDUCTION', message }),
    )
    this.videos = new VideoAttachments((uid) => this.videoTrackOf(uid))
    this.quality = new NetworkQualityMonitor(
      options.statsIntervalMs ?? 2000,
      () => this.qualityInputs(),
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

  async join({ channel, uid, role, screenUid }: MediaJoin): Promise<void> {
    if (this.joined) await this.leave()
    const signaller = new Signaller(this.options.link, channel, (to) => this.dropPeer(to, 'Quit'))
    const subscription = this.options.link.signals$.subscribe(({ from, text }) =>
      this.receive(from, text),
    )
    subscription.add(
      this.options.link.memberLeft$.subscribe((peer) => this.dropPeer(peer, 'ServerTimeOut')),
    )
    this.joined = {
      channel,
      uid,
      screenUid: screenUid ?? `${uid}-screen`,
      role,
      signaller,
      subscription,
    }
    this.quality.start()
    let members: readonly string[] = []
    try {
      members = await this.options.link.channelMembers()
    } catch {
      // Nobody to greet now; whoever joins later greets me.
    }
    for (const member of members) if (member !== uid) this.sayHello(member, false)
  }

  async leave(): Promise<void> {
    const joined = this.joined
    if (!joined) return
    for (const peer of this.roster.uids()) joined.signaller.send(peer, { t: 'bye' })
    for (const { link } of this.sends.values()) link.close()
    for (const link of this.receives.values()) link.close()
    this.sends.clear()
    this.receives.clear()
    this.wishes.clear()
    this.told.clear()
    this.roster.clear()
    this.audio.clear()
    this.tracks.closeAll()
    this.ended.clear()
    this.quality.stop()
    joined.subscription.unsubscribe()
    // Let the byes go out before the signaller stops.
    setTimeout(() => joined.signaller.close(), 1000)
    this.joined = undefined
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
    this.refreshSends()
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
    const who = this.roster.resolve(uid)
    if (!who) return
    const wish = { ...(this.wishes.get(who.owner) ?? NO_WISH) }
    if (who.source === 'screen') wish.screen = kind === 'video' || wish.screen
    else if (kind === 'audio') wish.audio = true
    else wish.video = quality
    this.wish(who.owner, wish)
  }

  async unsubscribe(uid: string, kind: MediaKind): Promise<void> {
    const who = this.roster.resolve(uid)
    if (!who) return
    const wish = { ...(this.wishes.get(who.owner) ?? NO_WISH) }
    if (who.source === 'screen') wish.screen = kind === 'video' ? false : wish.screen
    else if (kind === 'audio') wish.audio = false
    else wish.video = null
    this.wish(who.owner, wish)
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
    if (await this.tracks.setNoise(enabled)) this.refreshSends()
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
      this.emit({
        type: 'rtc/exceptionRaised',
        code: 'BAD_SIGNAL',
        message: decoded.error,
        uid: from,
      })
      return
    }
    if (decoded.signal.ch !== joined.channel) return
    this.handle(joined, from, decoded.signal)
  }

  private handle(joined: Joined, from: string, signal: Signal): void {
    switch (signal.t) {
      case 'hello': {
        if (!signal.reply && this.roster.has(from)) this.closeLinks(from) // it joined again
        this.emitAll(this.roster.upsert(from, signal.pub))
        if (!signal.reply) this.sayHello(from, true)
        else this.tellPub(from) // my publications may have changed since my hello went out
        const wish = this.wishes.get(from)
        if (wish && !signal.reply) joined.signaller.send(from, { t: 'watch', wish })
        return
      }
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
        return this.watched(joined, from, signal.wish)
      case 'refused':
        this.wishes.delete(from)
        this.receives.get(from)?.close()
        this.receives.delete(from)
        this.emit({ type: 'rtc/limitReached', limit: 'watchers', max: signal.max })
        return
      case 'offer': {
        if (!this.wishes.has(from)) return
        let link = this.receives.get(from)
        if (link?.id !== signal.link) {
          link?.close()
          link = new ReceiveLink(
            signal.link,
            this.iceServers,
            (body) => joined.signaller.send(from, body),
            (source, track) => this.remoteTrack(from, source, track),
          )
          this.receives.set(from, link)
        }
        link.offer(signal.sdp, signal.sources)
        return
      }
      case 'answer': {
        const send = this.sends.get(from)
        if (send?.link.id === signal.link) send.link.acceptAnswer(signal.sdp)
        return
      }
      case 'ice': {
        if (signal.side === 'pub') {
          const link = this.receives.get(from)
          if (link?.id === signal.link) link.addCandidates(signal.candidates)
        } else {
          const send = this.sends.get(from)
          if (send?.link.id === signal.link) send.link.addCandidates(signal.candidates)
        }
        return
      }
    }
  }

  /** A watcher tells me what it wants from me. */
  private watched(joined: Joined, watcher: string, wish: Wish): void {
    if (!this.roster.has(watcher)) return
    const current = this.sends.get(watcher)
    if (isEmpty(wish)) {
      current?.link.close()
      this.sends.delete(watcher)
      return
    }
    if (current) {
      current.wish = wish
      void current.link.set(this.tracksFor(wish), this.encodingsFor(wish)).catch(() => undefined)
      return
    }
    if (this.sends.size >= this.limits.watchers) {
      joined.signaller.send(watcher, { t: 'refused', limit: 'watchers', max: this.limits.watchers })
      return
    }
    this.openSend(joined, watcher, wish, 0)
  }

  private openSend(joined: Joined, watcher: string, wish: Wish, restarts: number): void {
    const link = new SendLink(
      this.iceServers,
      (body) => joined.signaller.send(watcher, body),
      () => {
        // The connection failed: start a fresh one while the watcher still wants it.
        const entry = this.sends.get(watcher)
        if (entry?.link !== link || this.joined !== joined) return
        link.close()
        this.sends.delete(watcher)
        if (entry.restarts < MAX_RESTARTS)
          this.openSend(joined, watcher, entry.wish, entry.restarts + 1)
      },
    )
    this.sends.set(watcher, { link, wish, restarts })
    void link.set(this.tracksFor(wish), this.encodingsFor(wish)).catch(() => undefined)
  }

  /** My wish for a publisher changed: tell it; an empty wish ends the connection. */
  private wish(owner: string, wish: Wish): void {
    const joined = this.joined
    if (!joined) return
    const before = this.wishes.get(owner) ?? NO_WISH
    if (JSON.stringify(before) === JSON.stringify(wish)) return
    if (isEmpty(wish)) {
      this.wishes.delete(owner)
      this.receives.get(owner)?.close()
      this.receives.delete(owner)
      this.audio.stop(owner)
      this.refreshRemote(owner)
    } else this.wishes.set(owner, wish)
    joined.signaller.send(owner, { t: 'watch', wish })
  }

  private dropPeer(uid: string, reason: string): void {
    if (!this.roster.has(uid)) return
    this.closeLinks(uid)
    this.wishes.delete(uid)
    this.told.delete(uid)
    this.emitAll(this.roster.remove(uid, reason))
    this.quality.forget(uid)
  }

  private closeLinks(uid: string): void {
    this.sends.get(uid)?.link.close()
    this.sends.delete(uid)
    this.receives.get(uid)?.close()
    this.receives.delete(uid)
    this.audio.stop(uid)
    this.refreshRemote(uid)
  }

  // ——— tracks ———

  private remoteTrack(owner: string, source: Source, track: MediaStreamTrack): void {
    if (source === 'audio') this.audio.play(owner, track)
    else this.refreshRemote(owner)
  }

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
    if (!who || !pub) return undefined
    if (who.source === 'camera' && !pub.video) return undefined
    const track = this.receives.get(who.owner)?.tracks.get(who.source)
    return track?.readyState === 'live' ? track : undefined
  }

  private sayHello(peer: string, reply: boolean): void {
    const pub = this.myPub()
    this.told.set(peer, JSON.stringify(pub))
    this.joined?.signaller.send(peer, { t: 'hello', reply, pub })
  }

  private tellPub(peer: string): void {
    const pub = this.myPub()
    const text = JSON.stringify(pub)
    if (this.told.get(peer) === text) return
    this.told.set(peer, text)
    this.joined?.signaller.send(peer, { t: 'pub', pub })
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
    this.refreshSends()
    for (const peer of this.roster.uids()) this.tellPub(peer)
    if (kind === 'video') this.videos.refresh(joined.uid)
    if (kind === 'screen') this.videos.refresh(joined.screenUid)
  }

  private trackEnded(kind: LocalKind): void {
    if (kind !== 'screen') this.ended.add(kind)
    this.localChanged(kind)
    this.emit({ type: 'rtc/trackEnded', kind })
  }

  private tracksFor(wish: Wish): SendTracks {
    return {
      audio: wish.audio ? this.tracks.audioTrack : null,
      camera: wish.video ? this.tracks.videoTrack : null,
      screen: wish.screen ? this.tracks.screenTrack : null,
    }
  }

  private encodingsFor(wish: Wish): Partial<Record<Source, Encoding>> {
    const camera = this.tracks.videoTrack
    const screen = this.tracks.screenTrack
    const preset = this.tracks.screenPreset
    return {
      ...(camera && wish.video
        ? { camera: cameraEncoding(this.profile, wish.video, camera.getSettings()) }
        : {}),
      ...(screen && preset ? { screen: screenEncoding(preset, screen.getSettings()) } : {}),
    }
  }

  private refreshSends(): void {
    for (const { link, wish } of this.sends.values())
      void link.set(this.tracksFor(wish), this.encodingsFor(wish)).catch(() => undefined)
  }

  private qualityInputs() {
    return {
      me: this.joined?.uid,
      peers: this.roster.uids(),
      receive: (uid: string) => this.receives.get(uid)?.sample(),
      send: (uid: string) => this.sends.get(uid)?.link.sample(),
    }
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
