import type {
  LowStreamParameter,
  MicrophoneAudioTrackInitConfig,
  UID,
  VideoEncoderConfiguration,
} from 'agora-rtc-sdk-ng'
import { LOW_STREAM, MIC_CONFIG } from '@streams/wire/constants'
import type { ScreenPreset, VideoProfile } from '@streams/wire/media'

/** [TRACK-7] The low stream of the dual stream (the core's constant): 160x120, 500 kbps, 120 fps. */
export const LOW_STREAM_PARAMETER: LowStreamParameter = {
  width: LOW_STREAM.width,
  height: LOW_STREAM.height,
  framerate: LOW_STREAM.framerate,
  bitrate: LOW_STREAM.bitrate,
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
    AEC: MIC_CONFIG.AEC,
    ANS: MIC_CONFIG.ANS,
    AGC: MIC_CONFIG.AGC,
    encoderConfig: { sampleRate: 48000, stereo: MIC_CONFIG.channelCount !== 1, bitrate: 48 },
  }
}

/** Our uids are decimal strings; Agora takes integers below 2^32 as numeric uids. */
export function toAgoraUid(uid: string): UID {
  const n = Number(uid)
  return /^\d+$/.test(uid) && Number.isSafeInteger(n) && n < 2 ** 32 ? n : uid
}
