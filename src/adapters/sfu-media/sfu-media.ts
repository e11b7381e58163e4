import { BehaviorSubject, Subject, type Observable, type Subscription } from 'rxjs'
import type { Event, RtcEvent } from '@streams/events'
import type { MediaJoin, MediaPort, RemoteVolumes } from '@streams/ports'
import type {
  MediaKind,
  MediaRole,
  ScreenPreset,
  StreamQuality,
  VideoProfile,
} from '@streams/wire/media'
import { MEDIA_SERVER_UNAVAILABLE } from '@streams/wire/constants'
import { SfuError, type FeedInfo } from '@streams/wire/sfu'
import type { Capture, LocalKind, NoiseFactory } from '../webrtc/local-tracks'
import { NetworkQualityMonitor } from '../webrtc/network-quality'
import { AudioSink, VideoAttachments, type Fit } from '../webrtc/view'
import { toggleUid } from '../shared/uid-set'
import { IceWatch } from './ice-watch'
import { SfuPublishing } from './publishing'
import { SfuReceiving } from './receiving'
import { SfuRequestError, SfuSignalling, type SfuPush } from './signalling'
import { SlowLinks } from './slow-link'
import { ShownTiles } from './tiles'

export interface SfuMediaOptions {
  /** The signalling WebSocket (`ws(s)://host/sfu`). */
  readonly url: string
  /** STUN/TURN servers; none means host candidates only. */
  readonly iceServers?: RTCIceServer[]
  readonly noise?: NoiseFactory
  readonly statsIntervalMs?: number
  /** getUserMedia and getDisplayMedia (the browser's by default). */
  readonly capture?: () => Capture
}

/** A joined media session: its signalling, what I receive, and the join to repeat. */
interface Joined {
  readonly join: MediaJoin
  /** The media server is away: nothing is sent or received until it is back. */
  down: boolean
  readonly signalling: SfuSignalling
  readonly receiving: SfuReceiving
  readonly pushes: Subscription
}

/**
 * The media port over the Janus SFU (docs/media.md): every participant sends its media once, to
 * the SFU, through our server's signalling (/sfu), which checks each request against the room's
 * permissions. I receive every microphone and the video of the tiles the layout shows, each at
 * the simulcast layer its size needs. Outcomes are promises; `events$` carries what the SFU says.
 */
export class SfuMedia implements MediaPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private readonly publishing: SfuPublishing
  private readonly audio = new AudioSink()
  private readonly videos: VideoAttachments
  private readonly quality: NetworkQualityMonitor
  private readonly talkingSubject = new BehaviorSubject<ReadonlySet<string>>(new Set())
  /** The tiles whose audio is above the talking level now (Janus's audio levels). */
  readonly talking$: Observable<ReadonlySet<string>> = this.talkingSubject.asObservable()
  private readonly ice: IceWatch
  private readonly tiles = new ShownTiles()
  private readonly slow = new SlowLinks({
    capChanged: () => this.joined?.receiving.rewant(),
    floorChanged: () => void this.quality.tick(),
  })
  private joined: Joined | undefined
  /** The join to repeat when the signalling is lost (our server restarted); none after a leave. */
  private rejoinable: MediaJoin | undefined

  constructor(private readonly options: SfuMediaOptions) {
    const iceServers = options.iceServers ?? []
    this.publishing = new SfuPublishing(
      options.capture ?? (() => navigator.mediaDevices),
      options.noise,
      {
        signalling: () => (this.joined?.down === false ? this.joined.signalling : undefined),
        joined: () => this.joined !== undefined,
        iceServers,
        changed: (kind) => this.localChanged(kind),
        iceState: (state) => this.ice.state(state),
        emit: (event) => this.emit(event),
      },
    )
    this.videos = new VideoAttachments(
      (uid) => this.videoTrackOf(uid),
      (uid) => this.videoAvailable(uid),
    )
    this.quality = new NetworkQualityMonitor(
      options.statsIntervalMs ?? 2000,
      () => {
        const receiving = this.joined?.receiving
        const peers = receiving?.roster.feeds().filter((f) => f.source === 'camera') ?? []
        return {
          me: this.joined?.join.uid,
          peers: peers.map((f) => f.tile),
          receive: (uid) => {
            const feed = receiving?.roster.feedOf(uid)
            return feed ? receiving?.receiver.sample(feed.feed) : undefined
          },
          send: () => this.publishing.sample(),
          floor: () => this.slow.floor(),
        }
      },
      (event) => this.emit(event),
    )
    this.ice = new IceWatch(() => this.restartIce())
  }

  get videoUids$(): Observable<ReadonlySet<string>> {
    return this.videos.videoUids$
  }

  /** Shows a uid's video in the container; a remote one is received while it is shown. */
  attachVideo(uid: string, container: HTMLElement, fit?: Fit): () => void {
    const detach = this.videos.attach(uid, container, fit)
    const unshow = this.tiles.show(uid, container)
    return () => {
      unshow()
      detach()
    }
  }

  async join(join: MediaJoin): Promise<void> {
    if (this.joined) await this.leave()
    const signalling = await SfuSignalling.open(this.options.url)
    const receiving = new SfuReceiving(
      join.uid,
      signalling,
      this.options.iceServers ?? [],
      this.audio,
      this.tiles,
      {
        emit: (event) => this.emit(event),
        refreshVideo: (tile) => this.videos.refresh(tile),
        iceState: (state) => this.ice.state(state),
        layerCap: () => this.slow.cap,
      },
    )
    const pushes = signalling.pushes$.subscribe((push) => this.pushed(push))
    const joined: Joined = { join, down: false, signalling, receiving, pushes }
    this.joined = joined
    this.rejoinable = join
    signalling.closed$.subscribe(() => this.lost(joined))
    try {
      const answer = (await signalling.request({
        t: 'join',
        channel: join.channel,
        uid: join.uid,
        token: join.token,
      })) as { feeds?: FeedInfo[] }
      receiving.feeds(answer?.feeds ?? [])
    } catch (error) {
      // Janus is away: the session waits in the room for it (the server says when it is back).
      if (error instanceof SfuRequestError && error.code === SfuError.unavailable)
        this.unavailable(joined)
      else {
        this.close(joined)
        throw error
      }
    }
    this.quality.start()
    this.ice.start()
  }

  async leave(): Promise<void> {
    const joined = this.joined
    this.rejoinable = undefined
    if (!joined) return
    this.close(joined)
    void joined.signalling.request({ t: 'leave' }).catch(() => undefined)
    await this.publishing.closeAll()
    joined.signalling.close()
    this.videos.reset()
    this.emit({ type: 'rtc/left' })
  }

  /** The SFU checks every publish against the member's grants; the role changes nothing here. */
  async setRole(_role: MediaRole): Promise<void> {}

  publish(kind: MediaKind, options: { deviceId?: string; profile?: VideoProfile }) {
    return this.publishing.publish(kind, options)
  }

  unpublish(kind: MediaKind): Promise<void> {
    return this.publishing.unpublish(kind)
  }

  setVideoProfile(profile: VideoProfile): Promise<void> {
    return this.publishing.setVideoProfile(profile)
  }

  startScreenShare(preset: ScreenPreset, token: string): Promise<void> {
    return this.publishing.startScreenShare(preset, token)
  }

  stopScreenShare(): Promise<void> {
    return this.publishing.stopScreenShare()
  }

  async subscribe(uid: string, kind: MediaKind, quality: StreamQuality = 'high'): Promise<void> {
    if (kind === 'video') this.joined?.receiving.subscribe(uid, quality)
  }

  async unsubscribe(uid: string, kind: MediaKind): Promise<void> {
    if (kind === 'video') this.joined?.receiving.unsubscribe(uid)
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

  /** The rtc token admits the join only; a session joined stays, a join repeated uses it. */
  async renewToken(token: string): Promise<void> {
    if (this.rejoinable) this.rejoinable = { ...this.rejoinable, token }
  }

  /**
   * After the room's connection came back (life/resynced): a session whose signalling was lost
   * (our server restarted) joins again and sends what is open again; a live one restarts ICE.
   */
  async resync(): Promise<void> {
    const joined = this.joined
    if (joined) {
      if (!joined.down) this.restartIce()
      return
    }
    const join = this.rejoinable
    if (!join) return
    await this.join(join)
    const again = this.joined
    if (!again || again.down) return
    await this.publishing.republish()
    this.emit({ type: 'rtc/connectionStateChanged', state: 'CONNECTED' })
  }

  // ——— what the SFU says ———

  private pushed(push: SfuPush): void {
    const joined = this.joined
    if (!joined) return
    switch (push.t) {
      case 'feeds':
        return joined.receiving.feeds(push.feeds)
      case 'offer':
        return joined.receiving.offer(push.sdp, push.streams)
      case 'talking':
        return this.talking(push.tile, push.on)
      case 'state':
        return push.up ? void this.rejoin(joined) : this.unavailable(joined)
      case 'closed':
        this.emit({
          type: 'rtc/connectionStateChanged',
          state: 'DISCONNECTED',
          reason: push.reason,
        })
        this.rejoinable = undefined
        return this.close(joined)
      case 'error':
        return this.emit({ type: 'rtc/exceptionRaised', code: push.code, message: push.message })
      case 'moderated':
        // The camera connection's streams; a screen share is stopped, never muted.
        if (push.source === 'camera')
          this.emit({ type: 'rtc/localModerated', kind: push.kind, muted: push.muted })
        return
      case 'slowLink':
        return this.slow.report(push.pc, push.lost)
      case 'pcState':
        return
    }
  }

  private talking(tile: string, on: boolean): void {
    toggleUid(this.talkingSubject, tile, on)
  }

  /** Janus went away: what I send and receive with it; the server says when it is back. */
  private unavailable(joined: Joined): void {
    joined.down = true
    this.publishing.dropSenders()
    joined.receiving.roster.clear()
    this.emit({
      type: 'rtc/connectionStateChanged',
      state: 'RECONNECTING',
      reason: MEDIA_SERVER_UNAVAILABLE,
    })
  }

  /** Janus is back: join again, send what is open again, receive again. */
  private async rejoin(joined: Joined): Promise<void> {
    try {
      const answer = (await joined.signalling.request({
        t: 'join',
        channel: joined.join.channel,
        uid: joined.join.uid,
        token: joined.join.token,
      })) as { feeds?: FeedInfo[] }
      joined.down = false
      joined.receiving.feeds(answer?.feeds ?? [])
      await this.publishing.republish()
      this.emit({ type: 'rtc/connectionStateChanged', state: 'CONNECTED' })
    } catch (error) {
      this.emit({
        type: 'rtc/exceptionRaised',
        code: 'SFU_REJOIN',
        message: (error as Error).message,
      })
    }
  }

  /** After a network change or an ICE failure: new ICE credentials on every connection. */
  private restartIce(): void {
    const joined = this.joined
    if (!joined) return
    this.publishing.restartIce()
    joined.receiving.receiver.restart()
  }

  private lost(joined: Joined): void {
    if (this.joined !== joined) return
    this.emit({
      type: 'rtc/connectionStateChanged',
      state: 'DISCONNECTED',
      reason: 'NETWORK_ERROR',
    })
    this.close(joined)
  }

  private close(joined: Joined): void {
    if (this.joined === joined) this.joined = undefined
    joined.pushes.unsubscribe()
    joined.receiving.close()
    this.publishing.dropSenders()
    this.quality.stop()
    this.ice.stop()
    this.slow.reset()
    this.talkingSubject.next(new Set())
  }

  // ——— tracks ———

  private videoAvailable(uid: string): boolean {
    const joined = this.joined
    if (!joined) return false
    if (uid === joined.join.uid) return this.publishing.tracks.videoTrack !== null
    if (uid === joined.join.screenUid) return this.publishing.tracks.screenTrack !== null
    return joined.receiving.roster.hasVideo(uid)
  }

  private videoTrackOf(uid: string): MediaStreamTrack | undefined {
    const joined = this.joined
    if (!joined) return undefined
    if (uid === joined.join.uid) return this.publishing.tracks.videoTrack ?? undefined
    if (uid === joined.join.screenUid) return this.publishing.tracks.screenTrack ?? undefined
    return joined.receiving.videoTrack(uid)
  }

  private localChanged(kind: LocalKind): void {
    const joined = this.joined
    if (!joined) return
    if (kind === 'video') this.videos.refresh(joined.join.uid)
    if (kind === 'screen' && joined.join.screenUid) this.videos.refresh(joined.join.screenUid)
  }

  private emit(event: RtcEvent): void {
    this.subject.next(event)
  }
}
