import type {
  LowStreamParameter,
  MicrophoneAudioTrackInitConfig,
  UID,
  VideoEncoderConfiguration,
} from 'agora-rtc-sdk-ng'
import type { ScreenPreset, VideoProfile } from '../../../streams/wire/media'

/** [TRACK-7] The low stream of the dual stream: 160x120, 500 kbps, 120 fps (the spec's values). */
export const LOW_STREAM_PARAMETER: LowStreamParameter = {
  width: 160,
  height: 120,
  framerate: 120,
  bitrate: 500,
}

/** A tile's profile as the camera track's encoder configuration ([LAYOUT-3]). */
export function cameraEncoderConfig(profile: VideoProfile): VideoEncoderConfiguration {
  return {
    width: profile.width,
    height: profile.height,
    frameRate: profile.frameRate,
    bitrateMax: profile.bitrate,
  }
}

/** [SCREEN-4] A screen-share preset as the screen track's encoder configuration. */
export function screenEncoderConfig(preset: ScreenPreset): VideoEncoderConfiguration {
  return {
    width: preset.width,
    height: preset.height,
    frameRate: preset.frameRate,
    bitrateMax: preset.bitrate,
  }
}

/** [TRACK-7] The microphone: echo and noise suppression on, gain control off, mono. */
export function microphoneConfig(deviceId?: string): MicrophoneAudioTrackInitConfig {
  return {
    ...(deviceId ? { microphoneId: deviceId } : {}),
    AEC: true,
    ANS: true,
    AGC: false,
    encoderConfig: { sampleRate: 48000, stereo: false, bitrate: 48 },
  }
}

/** Our uids are decimal strings; Agora takes integers below 2^32 as numeric uids. */
export function toAgoraUid(uid: string): UID {
  const n = Number(uid)
  return /^\d+$/.test(uid) && Number.isSafeInteger(n) && n < 2 ** 32 ? n : uid
}
