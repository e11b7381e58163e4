import type { PMap } from '../../core/pmap'
import type { NetworkQuality } from '../../wire/media'

/** What a remote user publishes. */
export interface RemoteUser {
  readonly audio: boolean
  readonly video: boolean
  /** [TRACK-9] How this user's media reaches me, once the media layer has measured it. */
  readonly quality?: NetworkQuality
}

/** Media state (spec §3 "rtc"): local tracks, remote users, network quality. */
export interface MediaState {
  readonly joined: boolean
  readonly published: { readonly audio: boolean; readonly video: boolean; readonly screen: boolean }
  /** False after a mic or camera failure ([TRACK-2]). */
  readonly active: boolean
  /** My uplink quality; 1 until the media layer reports one ([TRACK-9]). */
  readonly networkQuality: NetworkQuality
  readonly remote: PMap<RemoteUser>
  readonly noiseReduction: boolean
  readonly limit: { readonly limit: 'publishers' | 'watchers'; readonly max: number } | null
  /** The media server (local mode's SFU) is unavailable: media waits for it, the rest goes on. */
  readonly serverDown: boolean
  /** What the media server mutes of what I send, by the room's permissions (`rtc/localModerated`). */
  readonly moderated: { readonly audio: boolean; readonly video: boolean }
}
