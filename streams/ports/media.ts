import type { Observable } from 'rxjs'
import type { Event } from '../events'
import type { MediaKind, MediaRole, ScreenPreset, StreamQuality, VideoProfile } from '../wire/media'
import type { LowStream, MicConfig } from '../wire/constants'
import type { Io } from './io'

/**
 * How loud each remote voice plays, 0 to 100 (interpretation): `users` by uid, every other remote
 * voice at `room`. It holds for voices heard later too; forced mute ([MUTE-3]) silences all.
 */
export interface RemoteVolumes {
  readonly room: number
  readonly users: Readonly<Record<string, number>>
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
  renewToken(token: string): Io<void>
  /**
   * After the room's connection came back (life/resynced): renegotiates the media links with
   * every member. Adapters whose SDK or server does this itself omit it.
   */
  resync?(): Io<void>
}
