import { MIC_CONFIG } from '@streams/wire/constants'
import type { ScreenPreset, VideoProfile } from '@streams/wire/media'

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

/** The smallest camera capture: every tile's encoder scales down from it. */
export const CAMERA_FLOOR = { width: 640, height: 480 }

/**
 * The capture size: at least `floor` (640x480; an SFU publisher asks 1280x720, the size from
 * which Chromium sends three simulcast layers) so every tile's encoder can scale down from it.
 */
export function cameraConstraints(
  deviceId?: string,
  profile?: VideoProfile,
  floor: { width: number; height: number } = CAMERA_FLOOR,
): MediaTrackConstraints {
  const width = Math.max(floor.width, profile?.width ?? 0)
  const height = Math.max(floor.height, profile?.height ?? 0)
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
