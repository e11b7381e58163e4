import type { Observable } from 'rxjs'
import type { Event } from '../events'
import type { MediaKind, MediaRole, ScreenPreset, StreamQuality, VideoProfile } from '../wire/media'
import type { LowStream, MicConfig } from '../wire/constants'
import type { Io } from './io'
import type { StageToken } from './rest-types'
import type { Stage } from '../wire/stage'

/**
 * How loud each remote voice plays, 0 to 100 (interpretation): `users` by uid, every other remote
 * voice at `room`. It holds for voices heard later too; forced mute ([MUTE-3]) silences all.
 */
export interface RemoteVolumes {
  readonly room: number
  readonly users: Readonly<Record<string, number>>
}

/** One user of the CDN picture: a camera or a screen share by its media uid, where it goes. */
export interface LiveTile {
  readonly uid: string
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  /** Upper tiles cover lower ones (the small tiles over the large picture). */
  readonly zOrder: number
}

/**
 * A picture over the CDN picture (Agora mode): a name label, a name card or the paused slate,
 * fetched by Agora's transcoder at `url` (an online PNG); Agora draws pictures above every video.
 */
export interface LiveImage {
  readonly url: string
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
  readonly alpha: number
}

/**
 * The room's live as the host's media client pushes it (Agora mode): the CDN picture of spec §7's
 * layout, who is heard beside it, and where it goes. Local mode's server composes and pushes the
 * live itself, and its adapters have no `pushLive`.
 */
export interface LivePush {
  /** The picture's places, bottom first; none while paused (the background alone). */
  readonly tiles: readonly LiveTile[]
  /** Media uids heard though not placed (beyond the layout's places, or with no camera). */
  readonly voices: readonly string[]
  /** The picture behind everyone: an online PNG ('' none: the program's background colour). */
  readonly backgroundImage: string
  /**
   * Local mode's overlays as pictures over everyone (Agora mode with PUBLIC_URL): a name label
   * under each camera tile, a name card in the place of someone without camera, the paused slate
   * over the whole picture; none without the server's pictures.
   */
  readonly images: readonly LiveImage[]
  /** Every push: the language stream ('' the room's own), its RTMP URL and what it carries. */
  readonly targets: readonly LiveTarget[]
  /**
   * The room's own sound: every media uid publishing sound but the interpreters, placed or not,
   * with no cap (a language's mix takes them all); none while paused.
   */
  readonly heard: readonly string[]
  /** The room's interpreters: never in the room's sound (a placed one is seen, not heard). */
  readonly interpreters: readonly string[]
  /** PAUSE: the pushes go on, silent (a language's mix too). */
  readonly paused: boolean
}

/**
 * One push of the live. A language with an interpreter carries its own sound, as local mode's
 * mixer makes it: the interpreter at 1.0 over the room's sound at 0.2 (the room's alone while the
 * interpreter is not heard); every other push carries the room's sound, interpreters left out.
 */
export interface LiveTarget {
  readonly streamId: string
  readonly url: string
  /** The language's interpreter ('' none: the room's sound). */
  readonly interpreterUid: string
}

export interface MediaJoin {
  readonly appId: string
  readonly channel: string
  readonly uid: string
  /** rtcToken from entry (refreshed through the REST port). */
  readonly token: string
  readonly role: MediaRole
  /** The uid my screen share appears under (me.screenId); Agora joins it as a second client. */
  readonly screenUid?: string
  /** The low stream of the dual-stream mode ([TRACK-7]); absent means the adapter's default. */
  readonly lowStream?: LowStream
}

/**
 * The media port: agora-rtc-sdk-ng in Agora mode, WebRTC peer to peer in local mode. Adapters
 * report every outcome as events on `events$` ('rtc/…'); tracks themselves never enter the core
 * (the UI asks the adapter to render a uid's video into an element).
 */
export interface MediaPort {
  readonly events$: Observable<Event>
  join(options: MediaJoin): Io<void>
  leave(): Io<void>
  setRole(role: MediaRole): Io<void>
  /** Creates and publishes a local track ([TRACK-1]); the mic is echo- and noise-suppressed, no gain control, mono ([TRACK-7]). */
  publish(
    kind: MediaKind,
    options: { deviceId?: string; profile?: VideoProfile; microphone?: MicConfig },
  ): Io<void>
  /** Unpublishes and closes the local track of that kind ([TRACK-1]). */
  unpublish(kind: MediaKind): Io<void>
  /** Applies an encoder profile to the local camera track ([LAYOUT-3]). */
  setVideoProfile(profile: VideoProfile): Io<void>
  startScreenShare(preset: ScreenPreset, token: string): Io<void>
  stopScreenShare(): Io<void>
  /** Receives a remote user's stream at the quality its tile needs. */
  subscribe(uid: string, kind: MediaKind, quality?: StreamQuality): Io<void>
  unsubscribe(uid: string, kind: MediaKind): Io<void>
  /** Mutes or unmutes every remote audio locally ([MUTE-3]). */
  setRemoteAudioMuted(muted: boolean): Io<void>
  /** Sets how loud each remote voice plays (interpretation). */
  setRemoteVolumes(volumes: RemoteVolumes): Io<void>
  switchDevice(kind: 'camera' | 'microphone' | 'speaker', deviceId: string): Io<void>
  setNoiseReduction(enabled: boolean): Io<void>
  /**
   * Hands the media client a fresh token (and the screen share's, if one runs). Fails when the
   * SDK refuses it (the core reports rtc/tokenRenewFailed).
   */
  renewToken(token: string, screenToken?: string): Io<void>
  /**
   * Agora mode: pushes the room's live to the CDN as `push` says (its layout set again when it
   * changes, new URLs started, gone ones stopped), or stops every push (null). Each push's state
   * is reported as 'rtc/livePushChanged'.
   */
  pushLive?(push: LivePush | null): Io<void>
  /**
   * The answer to 'rtc/stageTokenNeeded': the stage's uid and a token publishing under it
   * (POST room/{roomId}/media/stageToken), or null when none could be had. Agora mode only.
   */
  setStageToken?(stage: Stage, token: StageToken | null): Io<void>
  /**
   * Agora mode: publishes the shared board's picture under its stage uid with this publisher
   * token (the board adapter draws it; a fresh token for the same uid renews it), or stops (null).
   * Its token warnings come as 'rtc/boardStageTokenWillExpire' and 'rtc/boardStageTokenExpired'.
   */
  publishBoardStage?(stage: { readonly uid: string; readonly token: string } | null): Io<void>
  /**
   * After the room's connection came back (life/resynced): renegotiates the media links with
   * every member. Adapters whose SDK or server does this itself omit it.
   */
  resync?(): Io<void>
}
