/** Media shapes the ports and selectors share. Values of spec §9 live in the constants module. */

export type MediaKind = 'audio' | 'video'

/** An encoder profile for one tile: size, max bitrate (kbps), frame rate. */
export interface VideoProfile {
  readonly width: number
  readonly height: number
  readonly bitrate: number
  readonly frameRate: number
}

/** A screen-share preset ([SCREEN-4]). */
export interface ScreenPreset extends VideoProfile {
  readonly name: '720p' | '720p_2' | '720p_3' | '1080p' | '1080p_2' | '1080p_3'
}

/** Media role: only the media host publishes ([ROLE-4]). */
export type MediaRole = 'host' | 'audience'

/** Which of a remote user's two streams to receive ([TRACK-7] the low one is 160x120). */
export type StreamQuality = 'high' | 'low'

export type DeviceKind = 'camera' | 'microphone' | 'speaker'

export interface DeviceInfo {
  readonly deviceId: string
  readonly label: string
  readonly kind: DeviceKind
  /** A software device (virtual camera, audio loopback); hot-plug never switches to one ([TRACK-3]). */
  readonly virtual?: boolean
}

export type NetworkQuality = 0 | 1 | 2 | 3 | 4 | 5 | 6
