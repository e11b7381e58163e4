import type { IAgoraRTC, IAgoraRTCClient, ILocalVideoTrack } from 'agora-rtc-sdk-ng'
import type { Event } from '@streams/events'
import type { MediaJoin } from '@streams/ports'
import type { ScreenPreset } from '@streams/wire/media'
import { screenEncoderConfig, toAgoraUid } from './encoder'

/** The screen share's uid: the one the server gave, else the member's uid with "-screen". */
export function screenUidOf(join: MediaJoin): string {
  return join.screenUid ?? `${join.uid}-screen`
}

/**
 * [SCREEN-4] The screen share in Agora mode: a second live-mode host client that joins the
 * channel under the share's own uid and publishes one screen track. One per joined channel.
 */
export class AgoraScreen {
  private share: { client: IAgoraRTCClient; track: ILocalVideoTrack } | undefined
  readonly uid: string

  constructor(
    private readonly sdk: IAgoraRTC,
    private readonly join: MediaJoin,
    private readonly emit: (event: Event) => void,
    private readonly showing: (uid: string, on: boolean) => void,
  ) {
    this.uid = screenUidOf(join)
  }

  get active(): boolean {
    return this.share !== undefined
  }

  get track(): ILocalVideoTrack | undefined {
    return this.share?.track
  }

  /** Opens the screen, joins and publishes; a failure undoes what was done and fails the call. */
  async start(preset: ScreenPreset, token: string): Promise<void> {
    if (this.share) return
    const client = this.sdk.createClient({ mode: 'live', codec: 'vp8', role: 'host' })
    try {
      const track = await this.sdk.createScreenVideoTrack(
        { encoderConfig: screenEncoderConfig(preset), optimizationMode: 'detail' },
        'disable',
      )
      this.share = { client, track }
      // [SCREEN-3] stopped from the browser's bar: the core stops the share.
      track.on('track-ended', () => this.emit({ type: 'rtc/trackEnded', kind: 'screen' }))
      this.showing(this.uid, true)
      await client.join(this.join.appId, this.join.channel, token || null, toAgoraUid(this.uid))
      await client.publish(track)
    } catch (error) {
      await this.stop()
      throw error
    }
  }

  async stop(): Promise<void> {
    const share = this.share
    if (!share) return
    this.share = undefined
    this.showing(this.uid, false)
    share.track.close()
    await share.client.leave().catch(() => undefined)
  }

  /** The share's own token, renewed with the member's ([API-4]). */
  async renewToken(token: string): Promise<void> {
    await this.share?.client.renewToken(token)
  }
}
