import type {
  IAgoraRTC,
  IAgoraRTCClient,
  ILocalAudioTrack,
  ILocalVideoTrack,
} from 'agora-rtc-sdk-ng'
import { toAgoraUid } from './encoder'

/** Where a stage joins: the room's channel, the stage's uid (streams/wire/stage.ts), its token. */
export interface StageJoin {
  readonly appId: string
  readonly channel: string
  readonly uid: string
  /** A publisher token for the stage uid (POST room/{roomId}/media/stageToken). */
  readonly token: string
}

/**
 * What a stage publishes: one track of the browser's (a canvas capture, a Web Audio mix), made an
 * Agora custom track. A picture's frame rate and bitrate bound what Agora sends of it.
 */
export type StageSource =
  | {
      readonly kind: 'video'
      readonly track: MediaStreamTrack
      readonly frameRate?: number
      readonly bitrateMax?: number
    }
  | { readonly kind: 'audio'; readonly track: MediaStreamTrack }

/** What the stage's client tells its owner: its token ends in 30 s, or ended (it left). */
export interface StageHooks {
  readonly tokenWillExpire?: () => void
  readonly tokenExpired?: () => void
}

/**
 * A stage (Agora mode): a client of its own that joins the room's channel under a stage uid, as
 * the screen share joins under its own, and publishes one custom track, so that the live
 * transcoding and the cloud recording can place or hear what no member publishes (the board's
 * picture, a language's sound). Its token is renewed through `renewToken` when its hooks say so;
 * after an expiry it joins again and publishes again. `client` is there for a stage that also
 * pushes a live (a language's own transcoding).
 */
export class AgoraStage {
  readonly client: IAgoraRTCClient
  private track: ILocalVideoTrack | ILocalAudioTrack | undefined
  private token: string
  private expired = false
  private stopped = false
  private readonly listeners = {
    willExpire: () => this.hooks.tokenWillExpire?.(),
    didExpire: () => {
      this.expired = true
      this.hooks.tokenExpired?.()
    },
  }

  constructor(
    private readonly sdk: IAgoraRTC,
    private readonly join: StageJoin,
    private readonly hooks: StageHooks = {},
  ) {
    this.token = join.token
    this.client = sdk.createClient({ mode: 'live', codec: 'vp8', role: 'host' })
    this.client.on('token-privilege-will-expire', this.listeners.willExpire)
    this.client.on('token-privilege-did-expire', this.listeners.didExpire)
  }

  /** The stage's uid. */
  get uid(): string {
    return this.join.uid
  }

  /** Joins the channel and publishes the source; a refusal leaves and fails the call. */
  async start(source: StageSource): Promise<void> {
    if (this.stopped) throw new Error('the stage has stopped')
    try {
      this.track =
        source.kind === 'video'
          ? this.sdk.createCustomVideoTrack({
              mediaStreamTrack: source.track,
              ...(source.frameRate ? { frameRate: source.frameRate } : {}),
              ...(source.bitrateMax ? { bitrateMax: source.bitrateMax } : {}),
              optimizationMode: 'detail',
            })
          : this.sdk.createCustomAudioTrack({ mediaStreamTrack: source.track })
      await this.enter()
    } catch (error) {
      await this.stop()
      throw error
    }
  }

  /**
   * A fresh token: renewed on the client, or, once the old one expired and the SDK left, joined
   * with again and the track published again. An SDK refusal fails the call.
   */
  async renewToken(token: string): Promise<void> {
    if (this.stopped) return
    this.token = token
    if (this.expired) await this.enter()
    else await this.client.renewToken(token)
  }

  /** Unpublishes, closes the track (the SDK releases the browser track with it) and leaves. */
  async stop(): Promise<void> {
    if (this.stopped) return
    this.stopped = true
    this.client.off('token-privilege-will-expire', this.listeners.willExpire)
    this.client.off('token-privilege-did-expire', this.listeners.didExpire)
    const track = this.track
    this.track = undefined
    if (track) {
      await this.client.unpublish(track).catch(() => undefined)
      track.close()
    }
    await this.client.leave().catch(() => undefined)
  }

  private async enter(): Promise<void> {
    const { appId, channel, uid } = this.join
    await this.client.join(appId, channel, this.token || null, toAgoraUid(uid))
    this.expired = false
    if (this.track) await this.client.publish(this.track)
  }
}
