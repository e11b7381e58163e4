import type { IAgoraRTCRemoteUser } from 'agora-rtc-sdk-ng'
import type { RemoteVolumes } from '@streams/ports'

/**
 * How the remote voices play in Agora mode: each voice's volume (silent under forced mute
 * [MUTE-3], else as interpretation says) and the chosen speaker.
 */
export class AgoraRemoteAudio {
  private muted = false
  private volumes: RemoteVolumes = { room: 100, users: {} }
  private speaker: string | undefined

  /** Starts a freshly subscribed voice at its volume on the chosen speaker. */
  async play(user: IAgoraRTCRemoteUser): Promise<void> {
    user.audioTrack?.setVolume(this.volumeOf(String(user.uid)))
    if (this.speaker) await user.audioTrack?.setPlaybackDevice(this.speaker)
    user.audioTrack?.play()
  }

  setMuted(muted: boolean, users: readonly IAgoraRTCRemoteUser[]): void {
    this.muted = muted
    this.apply(users)
  }

  setVolumes(volumes: RemoteVolumes, users: readonly IAgoraRTCRemoteUser[]): void {
    this.volumes = volumes
    this.apply(users)
  }

  async setSpeaker(deviceId: string, users: readonly IAgoraRTCRemoteUser[]): Promise<void> {
    this.speaker = deviceId
    for (const user of users)
      await user.audioTrack?.setPlaybackDevice(deviceId).catch(() => undefined)
  }

  private volumeOf(uid: string): number {
    return this.muted ? 0 : (this.volumes.users[uid] ?? this.volumes.room)
  }

  private apply(users: readonly IAgoraRTCRemoteUser[]): void {
    for (const user of users) user.audioTrack?.setVolume(this.volumeOf(String(user.uid)))
  }
}
