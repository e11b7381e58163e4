/** A preview shows the device as it is: the exact device, modest size. */
export function cameraPreviewConstraints(deviceId: string): MediaTrackConstraints {
  return { deviceId: { exact: deviceId }, width: { ideal: 640 }, height: { ideal: 360 } }
}

/** [TRACK-7] The microphone previews with the same processing it publishes with. */
export function microphonePreviewConstraints(deviceId: string): MediaTrackConstraints {
  return {
    deviceId: { exact: deviceId },
    echoCancellation: true,
    noiseSuppression: true,
    autoGainControl: false,
    channelCount: 1,
  }
}
