import type { IAgoraRTC, IAgoraRTCClient, IAgoraRTCRemoteUser } from 'agora-rtc-sdk-ng'
import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import type { Event, RtcEvent } from '@streams/events'
import type { LivePush, MediaJoin, MediaPort, RemoteVolumes } from '@streams/ports'
import type { StageToken } from '@streams/ports/rest-types'
import type {
  MediaKind,
  MediaRole,
  ScreenPreset,
  StreamQuality,
  VideoProfile,
} from '@streams/wire/media'
import type { Stage } from '@streams/wire/stage'
import { toggleUid } from '../shared/uid-set'
import type { LoadBoardPicture } from './agora-board-stage'
import type { MixContext } from './agora-language-mix'
import { AgoraLivePusher } from './agora-live-pusher'
import { AgoraLocalTracks, type LocalTracksChannel } from './agora-local-tracks'
import { AgoraRemoteAudio } from './agora-remote-audio'
import { AgoraScreen } from './agora-screen'
import { bindClientEvents, sdkFailure } from './client-events'
import { Denoiser, type LoadDenoiser } from './denoiser'
import { LOW_STREAM_PARAMETER, toAgoraUid } from './encoder'

export type LoadAgoraRtc = () => Promise<IAgoraRTC>

export interface AgoraMediaOptions {
  /** The SDK, loaded on first join (a dynamic import: never in the first bundle). */
  readonly load?: LoadAgoraRtc
  readonly loadDenoiser?: LoadDenoiser
  /** Where our server serves the denoiser's wasm files. */
  readonly denoiserAssets?: string
  /** Subscribe to every publication as it appears (for a core that does not subscribe itself). */
  readonly autoSubscribe?: boolean
  /** The Web Audio context of the live's language mixes (made on first use; tests give a fake). */
  readonly audioContext?: () => MixContext
  /** The shared board's picture, from the board adapter (the wiring hands it over). */
  readonly boardPicture?: LoadBoardPicture
}

const loadSdk: LoadAgoraRtc = () => import('agora-rtc-sdk-ng').then((m) => m.default)
const loadDenoiserModule: LoadDenoiser = () => import('agora-extension-ai-denoiser')

interface Joined extends LocalTracksChannel {
  readonly join: MediaJoin
  role: MediaRole
  readonly unbind: () => void
  readonly screen: AgoraScreen
  /** The token expired (token-privilege-did-expire): the SDK left the channel. */
  expired?: boolean
}

/**
 * The media port in Agora mode over agora-rtc-sdk-ng: a live-mode client whose role follows
 * [ROLE-4], dual stream with the low stream of [TRACK-7], each tile's profile as the camera's
 * encoder configuration, and a second client for the screen share under its own uid. Every SDK
 * callback becomes an event; methods report failures as events and never reject.
 */
export class AgoraMedia implements MediaPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private readonly available = new BehaviorSubject<ReadonlySet<string>>(new Set())
  readonly videoUids$: Observable<ReadonlySet<string>> = this.available.asObservable()
  private joined: Joined | undefined
  private readonly local = new AgoraLocalTracks(
    () => this.joined,
    (event) => this.emit(event),
    (uid, on) => this.showing(uid, on),
  )
  private readonly remoteAudio = new AgoraRemoteAudio()
  /** The live push, the language stages and the board's stage (agora-live-pusher.ts). */
  private readonly pusher: AgoraLivePusher

  constructor(private readonly options: AgoraMediaOptions = {}) {
    this.pusher = new AgoraLivePusher((e) => this.emit(e), options)
  }

  /** Joins the channel; a refusal fails the call (the core reports rtc/joinFailed). */
  async join(join: MediaJoin): Promise<void> {
    if (this.joined) await this.leave()
    try {
      const sdk = await (this.options.load ?? loadSdk)()
      const client = sdk.createClient({ mode: 'live', codec: 'vp8', role: join.role })
      const screenUid = join.screenUid
      const unbind = bindClientEvents(
        client,
        () => join.uid,
        (uid) => uid === screenUid,
        (event) => this.remoteEvent(event),
      )
      const denoiser = new Denoiser(
        sdk,
        this.options.loadDenoiser ?? loadDenoiserModule,
        this.options.denoiserAssets,
      )
      const screen = new AgoraScreen(
        sdk,
        join,
        (event) => this.emit(event),
        (uid, on) => this.showing(uid, on),
      )
      this.joined = { join, uid: join.uid, role: join.role, sdk, client, unbind, denoiser, screen }
      await client.join(join.appId, join.channel, join.token || null, toAgoraUid(join.uid))
      if (join.role === 'host') await this.enableDualStream(client)
    } catch (error) {
      this.joined?.unbind()
      this.joined = undefined
      throw error
    }
  }

  async leave(): Promise<void> {
    const joined = this.joined
    if (!joined) return
    this.joined = undefined
    await this.pusher.leave()
    await joined.screen.stop()
    this.local.close('audio')
    this.local.close('video')
    joined.unbind()
    await joined.client.leave().catch(() => undefined)
    this.available.next(new Set())
    this.emit({ type: 'rtc/left' })
  }

  /** [ROLE-4] The client role follows the core's media role; an audience unpublishes first. */
  async setRole(role: MediaRole): Promise<void> {
    const joined = this.joined
    if (!joined || joined.role === role) return
    if (role === 'audience') {
      await this.unpublish('audio')
      await this.unpublish('video')
    }
    await joined.client.setClientRole(role)
    joined.role = role
    if (role === 'host') await this.enableDualStream(joined.client)
  }

  /**
   * Creates and publishes a track; who may is the core's rule ([TRACK-6]). A mic or camera that
   * cannot open, or a refused publish, fails the call ([TRACK-2]; the core reports it).
   */
  async publish(kind: MediaKind, options: { deviceId?: string; profile?: VideoProfile }) {
    const joined = this.joined
    if (!joined) throw new Error('not in the media channel')
    if (options.profile) this.local.profile = options.profile
    if (joined.role !== 'host') await this.setRole('host')
    await this.local.publish(joined, kind, options.deviceId)
  }

  async unpublish(kind: MediaKind): Promise<void> {
    if (this.joined) await this.local.unpublish(this.joined, kind)
  }

  async setVideoProfile(profile: VideoProfile): Promise<void> {
    await this.attempt(() => this.local.setVideoProfile(profile))
  }

  /** [SCREEN-4] The share's own client (agora-screen.ts); a failure fails the call. */
  async startScreenShare(preset: ScreenPreset, token: string): Promise<void> {
    const joined = this.joined
    if (!joined) throw new Error('not in the media channel')
    await joined.screen.start(preset, token)
  }

  async stopScreenShare(): Promise<void> {
    await this.joined?.screen.stop()
  }

  async subscribe(uid: string, kind: MediaKind, quality: StreamQuality = 'high'): Promise<void> {
    const joined = this.joined
    const user = this.user(uid)
    if (!joined || !user) return
    await this.attempt(async () => {
      await joined.client.subscribe(user, kind)
      if (kind === 'audio') {
        await this.remoteAudio.play(user)
        this.pusher.remix()
      } else {
        // [TRACK-7] a small tile watches the low stream.
        await joined.client.setRemoteVideoStreamType(user.uid, quality === 'low' ? 1 : 0)
        this.showing(uid, true)
      }
    }, uid)
  }

  async unsubscribe(uid: string, kind: MediaKind): Promise<void> {
    const joined = this.joined
    const user = this.user(uid)
    if (!joined || !user) return
    if (kind === 'video') this.showing(uid, false)
    await this.attempt(() => joined.client.unsubscribe(user, kind), uid)
  }

  /** [MUTE-3] Forced mute silences every remote voice (agora-remote-audio.ts). */
  async setRemoteAudioMuted(muted: boolean): Promise<void> {
    this.remoteAudio.setMuted(muted, this.remoteUsers())
  }

  async setRemoteVolumes(volumes: RemoteVolumes): Promise<void> {
    this.remoteAudio.setVolumes(volumes, this.remoteUsers())
  }

  async switchDevice(kind: 'camera' | 'microphone' | 'speaker', deviceId: string): Promise<void> {
    if (kind === 'speaker') return this.remoteAudio.setSpeaker(deviceId, this.remoteUsers())
    const track = kind === 'camera' ? this.local.video : this.local.audio
    // A failure fails the call; the track stays on its device ('device/switchFailed').
    await track?.setDevice(deviceId)
  }

  async setNoiseReduction(enabled: boolean): Promise<void> {
    await this.attempt(() => this.local.setNoiseReduction(enabled))
  }

  /**
   * A fresh token: renewed on the client (and the screen share's), or, once the old one expired
   * and the SDK left the channel, joined with again and what was published published again. An
   * SDK refusal fails the call (the core reports rtc/tokenRenewFailed).
   */
  async renewToken(token: string, screenToken?: string): Promise<void> {
    const joined = this.joined
    if (!joined) return
    if (joined.expired) {
      const { appId, channel, uid } = joined.join
      await joined.client.join(appId, channel, token || null, toAgoraUid(uid))
      joined.expired = false
      const published = this.local.published
      if (joined.role === 'host' && published.length > 0) await joined.client.publish(published)
    } else await joined.client.renewToken(token)
    if (screenToken) await joined.screen.renewToken(screenToken)
  }

  /** The room's live through Agora's transcoding (agora-live.ts), each language with its mix. */
  async pushLive(push: LivePush | null): Promise<void> {
    const joined = this.joined
    if (!joined) return
    if (push && joined.role !== 'host') await this.setRole('host')
    const audioOf = (uid: string) =>
      (uid === joined.join.uid
        ? this.local.audio
        : this.user(uid)?.audioTrack
      )?.getMediaStreamTrack()
    await this.pusher.pushLive(joined, push, audioOf)
  }

  /** The core's answer to rtc/stageTokenNeeded (agora-language-stages.ts). */
  async setStageToken(stage: Stage, token: StageToken | null): Promise<void> {
    this.pusher.answerStageToken(stage, token)
  }

  /** The shared board's picture under its stage uid (agora-board-stage.ts), or none (null). */
  async publishBoardStage(stage: { uid: string; token: string } | null): Promise<void> {
    await this.pusher.publishBoardStage(this.joined, stage)
  }

  /** Shows a uid's video (mine, a remote user's, or a screen share) in the container. */
  attachVideo(uid: string, container: HTMLElement, fit: 'cover' | 'contain' = 'cover') {
    const track = this.videoTrackOf(uid)
    if (!track) return () => undefined
    track.play(container, { fit, mirror: false })
    return () => {
      if (this.videoTrackOf(uid) === track) track.stop()
    }
  }

  private videoTrackOf(uid: string) {
    const joined = this.joined
    if (!joined) return undefined
    if (uid === joined.join.uid) return this.local.video
    if (uid === joined.screen.uid) return joined.screen.track
    return this.user(uid)?.videoTrack
  }

  private remoteUsers(): readonly IAgoraRTCRemoteUser[] {
    return this.joined?.client.remoteUsers ?? []
  }

  private user(uid: string): IAgoraRTCRemoteUser | undefined {
    return this.remoteUsers().find((u) => String(u.uid) === uid)
  }

  private async enableDualStream(client: IAgoraRTCClient): Promise<void> {
    client.setLowStreamParameter(LOW_STREAM_PARAMETER)
    await client.enableDualStream().catch(() => undefined)
  }

  private remoteEvent(event: RtcEvent): void {
    if (event.type === 'rtc/tokenExpired' && this.joined) this.joined.expired = true
    if (event.type === 'rtc/userUnpublished' && event.kind === 'video')
      this.showing(event.uid, false)
    if (event.type === 'rtc/userLeft') this.showing(event.uid, false)
    if (event.type === 'rtc/userLeft' || event.type === 'rtc/userUnpublished') this.pusher.remix()
    this.emit(event)
    if (event.type === 'rtc/userPublished' && this.options.autoSubscribe)
      void this.subscribe(event.uid, event.kind)
  }

  private showing(uid: string, on: boolean): void {
    toggleUid(this.available, uid, on)
  }

  /** Runs an SDK call; a failure becomes rtc/exceptionRaised rather than a rejection. */
  private async attempt(call: () => unknown, uid?: string): Promise<void> {
    try {
      await call()
    } catch (error) {
      this.emit(sdkFailure(error, uid))
    }
  }

  private readonly emit = (event: Event): void => this.subject.next(event)
}
