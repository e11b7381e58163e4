import { MIC_CONFIG } from '../../../streams/wire/constants'
import type { ScreenPreset, VideoProfile } from '../../../streams/wire/media'

/** [TRACK-7] The microphone (the core's MIC_CONFIG): echo and noise suppression on, gain control off, mono. */
export function microphoneConstraints(deviceId?: string): MediaTrackConstraints {
  return {
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
    echoCancellation: MIC_CONFIG.AEC,
    noiseSuppression: MIC_CONFIG.ANS,
    autoGainControl: MIC_CONFIG.AGC,
    channelCount: MIC_CONFIG.channelCount,
  }
}

/** The capture size: at least 640x480 so every tile's encoder can scale down from it. */
export function cameraConstraints(
  deviceId?: string,
  profile?: VideoProfile,
): MediaTrackConstraints {
  const width = Math.max(640, profile?.width ?? 0)
  const height = Math.max(480, profile?.height ?? 0)
  return {
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
    width: { ideal: width },
    height: { ideal: height },
    frameRate: { ideal: Math.min(30, Math.max(15, profile?.frameRate ?? 15)) },
  }
}

/** [SCREEN-4] getDisplayMedia options for a preset: its size and frame rate, no audio. */
export function screenConstraints(preset: ScreenPreset): DisplayMediaStreamOptions {
  return {
    video: {
      width: { max: preset.width },
      height: { max: preset.height },
      frameRate: { ideal: preset.frameRate, max: preset.frameRate },
    },
    audio: false,
  }
}
