import type { IAgoraRTC } from 'agora-rtc-sdk-ng'
import type { Event } from '@streams/events'
import { AgoraStage } from './agora-stage'

/**
 * The board's picture as the board adapter draws it (white-web-sdk's screenshot of the current
 * scene into a canvas). The wiring (src/web) hands it over: adapters never import each other.
 */
export interface BoardPictureSource {
  /** Starts drawing: the canvas capture's video track. */
  start(): MediaStreamTrack
  /** Stops drawing and its track. */
  stop(): void
}

/** The board's picture source, loaded with the board (none where the board draws no picture). */
export type LoadBoardPicture = () => Promise<BoardPictureSource | undefined>

/** Where the stage joins: the SDK, the room's channel, the board's stage uid and its token. */
export interface BoardStageTarget {
  readonly sdk: IAgoraRTC
  readonly appId: string
  readonly channel: string
  readonly uid: string
  readonly token: string
}

/** The board changes slowly: a few frames a second, within a modest bitrate. */
export const BOARD_STAGE_FPS = 5
export const BOARD_STAGE_KBPS = 1000

/**
 * The shared board as a media user (Agora mode): its picture published under the board's stage
 * uid by an AgoraStage of its own, so that the live transcoding and the cloud recording place it.
 * Calls run one after another: a start, a renewal (a fresh token for the same uid) or a stop
 * (null: also when the media client leaves).
 */
export class AgoraBoardStage {
  private stage: AgoraStage | undefined
  private picture: BoardPictureSource | undefined
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly loadPicture: LoadBoardPicture | undefined,
    private readonly emit: (event: Event) => void,
  ) {}

  /** The stage's uid while it publishes. */
  get uid(): string | undefined {
    return this.stage?.uid
  }

  /** Publishes under `stage` (renews its token when it already does), or stops (null). */
  apply(stage: BoardStageTarget | null): Promise<void> {
    const run = this.queue.then(() => (stage ? this.run(stage) : this.stop()))
    this.queue = run.catch(() => undefined)
    return run
  }

  private async run({ sdk, appId, channel, uid, token }: BoardStageTarget): Promise<void> {
    if (this.stage?.uid === uid) return this.stage.renewToken(token)
    await this.stop()
    const picture = await this.loadPicture?.()
    if (!picture) throw new Error('this client has no board picture to publish')
    const started = new AgoraStage(
      sdk,
      { appId, channel, uid, token },
      {
        tokenWillExpire: () => this.emit({ type: 'rtc/boardStageTokenWillExpire' }),
        tokenExpired: () => this.emit({ type: 'rtc/boardStageTokenExpired' }),
      },
    )
    this.stage = started
    this.picture = picture
    try {
      await started.start({
        kind: 'video',
        track: picture.start(),
        frameRate: BOARD_STAGE_FPS,
        bitrateMax: BOARD_STAGE_KBPS,
      })
    } catch (error) {
      await this.stop()
      throw error
    }
  }

  private async stop(): Promise<void> {
    const stage = this.stage
    const picture = this.picture
    this.stage = undefined
    this.picture = undefined
    picture?.stop()
    await stage?.stop()
  }
}
