/**
 * The business constants and limits of spec §9, each named, in one module. Tables of video
 * profiles and screen presets live in `./video`; channel command numbers in `./channel`; control
 * codes in `./control`.
 */

/** Toasts last 2000 ms by default; warning toasts 5000 ms ([ERR-2]). */
export const TOAST_MS = 2000
export const WARNING_TOAST_MS = 5000
/** Default dialog button labels ([ERR-2]); the UI translates these keys. */
export const DIALOG_CONFIRM_LABEL = 'confirm'
export const DIALOG_REJECT_LABEL = 'reject'

/** A screen chunk load times out after this ([ROUTE-6]). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000
/** A name is at most 20 characters ([HOME-3]). */
export const NAME_MAX_LENGTH = 20
/** A nickname shorter than this falls back to the login name ([HOME-5]). */
export const NICKNAME_MIN_LENGTH = 3
/** Cloud recording must last at least 15 seconds ([REC-2]). */
export const RECORDING_MIN_SECONDS = 15
/** The fixed system id of the SMS sign-in ([ROUTE-11], [API-5]). */
export const LOGIN_SYSTEM_ID = 65

/** Whiteboard default scale ([WB-4]). */
export const BOARD_DEFAULT_SCALE = 0.65
/** Board scene paths '/' and '/init' both map to '/init' ([WB-4]). */
export const BOARD_INIT_SCENE = '/init'
export const BOARD_SCENE_ALIASES: readonly string[] = ['/', '/init']

/** Message protocol version ([MSG-1]). */
export const PROTOCOL_VERSION = 1

/** The remaining-time countdown is refreshed this often ([COUNT-1]) … */
export const COUNTDOWN_REFRESH_MS = 600_000
/** … and loses this many minutes when a refresh fails ([COUNT-3]). */
export const COUNTDOWN_FAILURE_DECREMENT = 5
/** An audience applies live state END this long after its first play ([LIVE-3]). */
export const FIRST_LIVE_STATE_DELAY_MS = 8000
/** Redirect delays: exit of an inactive room ([INACTIVE-3]), room end ([END-2]), mobile room end and deleted projection ([PROJ-3]). */
export const REDIRECT_INACTIVE_MS = 1000
export const REDIRECT_END_MS = 1500
export const REDIRECT_END_MOBILE_MS = 2000
export const REDIRECT_PROJECTION_DELETED_MS = 2000
export const REDIRECT_DELAYS_MS: readonly number[] = [1000, 1500, 2000]
/** The share layout follows a share change after this ([MAIN-2]). */
export const SHARE_LAYOUT_DELAY_MS = 500

/** Default share resolution setting and the screen profile ([SCREEN-4]). */
export const DEFAULT_SHARE_RESOLUTION = '1080p'
export const SCREEN_PROFILE = '720p_2'

/** The microphone: echo and noise suppression on, gain control off, mono ([TRACK-7]). */
export const MIC_CONFIG = {
  AEC: true,
  ANS: true,
  AGC: false,
  channelCount: 1,
} as const
export type MicConfig = typeof MIC_CONFIG

/** The low (dual) stream: bitrate 500, 160x120, framerate 120 ([TRACK-7]). */
export const LOW_STREAM = { width: 160, height: 120, bitrate: 500, framerate: 120 } as const
export type LowStream = typeof LOW_STREAM

/**
 * The reason of `rtc/connectionStateChanged` while the media server (local mode's SFU) is away:
 * audio and video wait for it; chat and the board go on.
 */
export const MEDIA_SERVER_UNAVAILABLE = 'MEDIA_SERVER_UNAVAILABLE'

/**
 * Reasons of `rtm/connectionStateChanged` for the realtime service's own closes: too many
 * connections (close code 4429, ABORTED: retrying would only be refused again) and a socket not
 * logged in in time (4408, DISCONNECTED: reconnect as after any drop).
 */
export const TOO_MANY_CONNECTIONS = 'TOO_MANY_CONNECTIONS'
export const LOGIN_TIMEOUT = 'LOGIN_TIMEOUT'

/** Network quality before the media layer reports one ([TRACK-9]). */
export const NETWORK_QUALITY_DEFAULT = 1

/** A uid of exactly this many digits is an RTMP input user ([RTMP-1]). */
export const RTMP_UID_LENGTH = 4

/** Live states ([LIVE-1]). Only PAUSE and END are applied. */
export const LiveState = { READY: 0, LIVING: 1, PAUSE: 2, END: 3 } as const
export type LiveStateId = (typeof LiveState)[keyof typeof LiveState]

/** Room state: 0 means ended, anything else active. */
export const ROOM_STATE_ENDED = 0
/** Non-meeting room types update the room state to '2' ([END-4]). */
export const ROOM_STATE_NON_MEETING = '2'

/** Recording state 2 means abnormal ([REC-1]). */
export const RECORDING_STATE_ABNORMAL = 2
/** Recording playback status strings, by status code 0..4 ([REC-3]). */
export const RECORDING_STATUS = [
  'recording',
  'finished',
  'server preparing download',
  'convert',
  'save',
] as const
export type RecordingStatus = (typeof RECORDING_STATUS)[number]

/** Mute-all audio ([MUTE-1], [MUTE-2], [MUTE-4]). */
export const MuteAll = { off: 0, forced: 1, applyToSpeak: 2 } as const
export type MuteAllId = (typeof MuteAll)[keyof typeof MuteAll]

/**
 * [MUTE-2] [MUTE-4] Both mute-all modes turn every audience's audio off: forced mute (1), and
 * mute-all with the audience applying to speak (2), where an accepted application turns one back on.
 */
export const mutesAudiences = (mode: number | undefined): boolean =>
  mode === MuteAll.forced || mode === MuteAll.applyToSpeak

/** Open and closed; online and offline. */
export const OPEN = 1
export const CLOSED = 0
export const ONLINE = 1
export const OFFLINE = 0

/** Media kinds; resolutions; video preferences (spec §9 enumerations). */
export const MEDIA_KINDS = ['audio', 'video', 'all'] as const
export const RESOLUTIONS = ['480p', '4k', '1080p_3', '720p', '480p_10', '120p'] as const
export const VIDEO_PREFERENCES = ['balanced', 'motion', 'detail'] as const

/** Business message types ([MSG-10]). */
export const BUSINESS_TYPES = [
  'lucky',
  'signIn',
  'liquorOfInviting',
  'liquorOfRespect',
  'cheers',
] as const
export type BusinessType = (typeof BUSINESS_TYPES)[number]

/** Meeting topics: 0 and 1 are base, 2 is newYear ([MSG-11]). */
export const TOPICS: Readonly<Record<number, 'base' | 'newYear'>> = {
  0: 'base',
  1: 'base',
  2: 'newYear',
}

/** Body codes meaning "not logged in" ([API-2]). */
export const NOT_LOGGED_IN = [10011, 20003] as const

/** Exit reasons sent with the exit call ([KICK-1], [KICK-2]). */
export const ExitReason = {
  leave: 'leave',
  kickUserBy: 'kickUserBy',
  serverTimeOut: 'serverTimeOut',
} as const

/** Tool bar keys (spec §2); robRed and sendRed appear on a red packet for non-hosts ([MSG-8]). */
export const TOOL_KEYS = [
  'agenda',
  'signIn',
  'signInWall',
  'mention',
  'propose',
  'glasses',
  'robRed',
  'sendRed',
  'goods',
  'setti',
  'myQue',
] as const
export type ToolKey = (typeof TOOL_KEYS)[number]
