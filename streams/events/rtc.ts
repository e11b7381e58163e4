import type { MediaKind, NetworkQuality } from '../wire/media'
import type { Stage } from '../wire/stage'

/**
 * Media (RTC) facts, as the media adapter reports them (agora-rtc-sdk-ng's callbacks, or the
 * local WebRTC adapter's equivalents).
 */
export type RtcEvent =
  | { readonly type: 'rtc/joined'; readonly uid: string }
  | { readonly type: 'rtc/joinFailed'; readonly message: string }
  | { readonly type: 'rtc/left' }
  | { readonly type: 'rtc/userJoined'; readonly uid: string }
  | { readonly type: 'rtc/userLeft'; readonly uid: string; readonly reason: string }
  | { readonly type: 'rtc/userPublished'; readonly uid: string; readonly kind: MediaKind }
  | { readonly type: 'rtc/userUnpublished'; readonly uid: string; readonly kind: MediaKind }
  | { readonly type: 'rtc/localPublished'; readonly kind: MediaKind | 'screen' }
  | { readonly type: 'rtc/localUnpublished'; readonly kind: MediaKind | 'screen' }
  /** A local track could not be created or published (mic or camera failure, [TRACK-2]). */
  | {
      readonly type: 'rtc/localTrackFailed'
      readonly kind: MediaKind | 'screen'
      readonly message: string
    }
  /** A local track ended by itself (device unplugged, screen share stopped from the browser bar). */
  | { readonly type: 'rtc/trackEnded'; readonly kind: MediaKind | 'screen' }
  | {
      readonly type: 'rtc/networkQualityChanged'
      readonly uid: string
      readonly uplink: NetworkQuality
      readonly downlink: NetworkQuality
    }
  | {
      readonly type: 'rtc/exceptionRaised'
      readonly code: string
      readonly message: string
      readonly uid?: string
    }
  | {
      readonly type: 'rtc/connectionStateChanged'
      readonly state: string
      readonly reason?: string
    }
  /**
   * How a push of the room's live to the CDN goes (Agora mode: the host's client pushes it):
   * `streamId` names the language stream ('' the room's own); 'retrying' carries the reason.
   */
  | {
      readonly type: 'rtc/livePushChanged'
      readonly streamId: string
      readonly state: 'starting' | 'running' | 'retrying' | 'ended'
      readonly reason?: string
    }
  /**
   * A stage of my media adapter (Agora mode: a language's sound mix, the board's picture) needs
   * a token for its uid, to join or because its token ends: the core answers with setStageToken.
   */
  | { readonly type: 'rtc/stageTokenNeeded'; readonly stage: Stage }
  /**
   * The shared board's picture (Agora mode) is published under its stage uid, which the live
   * transcoding places; stopped; or could not be (its message).
   */
  | { readonly type: 'rtc/boardStagePublished'; readonly uid: string }
  | { readonly type: 'rtc/boardStageStopped' }
  | { readonly type: 'rtc/boardStageFailed'; readonly message: string }
  /** The board stage's token expires in 30 s, or expired (its client left): a fresh one. */
  | { readonly type: 'rtc/boardStageTokenWillExpire' }
  | { readonly type: 'rtc/boardStageTokenExpired' }
  /** The RTC token expires in 30 s: renew it. */
  | { readonly type: 'rtc/tokenWillExpire' }
  /** The RTC token expired: the SDK left the channel; a fresh token joins it again. */
  | { readonly type: 'rtc/tokenExpired' }
  | { readonly type: 'rtc/tokenRenewed' }
  /** Media refused the fresh token (its message). */
  | { readonly type: 'rtc/tokenRenewFailed'; readonly message: string }
  /** After a reconnection the media links were renegotiated with every member. */
  | { readonly type: 'rtc/resynced' }
  /**
   * The local media state as the media layer reports it; an update without a defined `active`
   * flag is ignored ([TRACK-8]).
   */
  | { readonly type: 'rtc/mediaStateChanged'; readonly active?: boolean }
  /**
   * The media server (local mode's SFU) muted a stream I send, or released it, by the room's
   * permissions as our server holds them (a revoked grant, forced mute): what I send of that
   * kind reaches nobody while it is muted.
   */
  | {
      readonly type: 'rtc/localModerated'
      readonly kind: MediaKind
      readonly muted: boolean
    }
  /**
   * I joined local mode's peer-to-peer mesh (no media server), which sustains this many
   * publishers and this many watchers per publisher (docs/media.md, `npm run bench:media`).
   */
  | { readonly type: 'rtc/meshJoined'; readonly publishers: number; readonly watchers: number }
  /**
   * A host's notice: the room has outgrown the mesh it runs on, more publishers than it sustains
   * or more people than one publisher can send to; the SFU (Janus) or Agora mode serves it.
   */
  | {
      readonly type: 'rtc/meshOutgrown'
      readonly limit: 'publishers' | 'watchers'
      readonly count: number
      readonly max: number
    }
  /** The room is at the local-mode publisher or watcher limit; Agora mode serves larger rooms. */
  | {
      readonly type: 'rtc/limitReached'
      readonly limit: 'publishers' | 'watchers'
      readonly max: number
    }
