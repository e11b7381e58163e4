import type { IAgoraRTC, IAgoraRTCClient } from 'agora-rtc-sdk-ng'
import type { Event } from '@streams/events'
import type { LivePush, MediaJoin } from '@streams/ports'
import type { StageToken } from '@streams/ports/rest-types'
import type { Stage } from '@streams/wire/stage'
import { AgoraBoardStage, type LoadBoardPicture } from './agora-board-stage'
import type { MixContext } from './agora-language-mix'
import { LanguageStages } from './agora-language-stages'
import { AgoraLive } from './agora-live'

/** The media adapter's joined client, as the pusher uses it. */
export interface PusherChannel {
  readonly sdk: IAgoraRTC
  readonly client: IAgoraRTCClient
  readonly join: MediaJoin
}

/**
 * What the live pusher's browser runs beside its meeting (Agora mode), for AgoraMedia: the room's
 * push on its client and each interpreted language from a stage of its own with its mix
 * (agora-live.ts, agora-language-*.ts), and the shared board's picture under the board's stage
 * uid (agora-board-stage.ts).
 */
export class AgoraLivePusher {
  private live: AgoraLive | undefined
  private readonly stages: LanguageStages
  private board: AgoraBoardStage | undefined

  constructor(
    private readonly emit: (event: Event) => void,
    options: { audioContext?: () => MixContext; boardPicture?: LoadBoardPicture },
    private readonly boardPicture = options.boardPicture,
  ) {
    this.stages = new LanguageStages(emit, options.audioContext)
  }

  /** Pushes on this client (a new client: a new push), mixing the tracks `audioOf` gives. */
  async pushLive(
    joined: PusherChannel,
    push: LivePush | null,
    audioOf: (uid: string) => MediaStreamTrack | undefined,
  ): Promise<void> {
    if (this.live?.client !== joined.client) {
      const languages = this.stages.pushesFor({ sdk: joined.sdk, ...joined.join }, audioOf)
      this.live = new AgoraLive(joined.client, this.emit, languages)
    }
    await this.live.apply(push)
  }

  /** The core's answer to rtc/stageTokenNeeded (agora-language-stages.ts). */
  answerStageToken(stage: Stage, token: StageToken | null): void {
    this.stages.answer(stage, token)
  }

  /** The shared board's picture under its stage uid, or none (null). */
  async publishBoardStage(
    joined: PusherChannel | undefined,
    stage: { uid: string; token: string } | null,
  ): Promise<void> {
    if (stage && !joined) throw new Error('not in the media channel')
    const board = (this.board ??= new AgoraBoardStage(this.boardPicture, this.emit))
    await board.apply(stage && joined ? { sdk: joined.sdk, ...joined.join, ...stage } : null)
  }

  /** This browser's audio tracks changed: the languages' mixes follow. */
  remix(): void {
    this.live?.remix()
  }

  /** The client leaves: every push, stage and token ask with it. */
  async leave(): Promise<void> {
    this.live?.dispose()
    this.live = undefined
    this.stages.dispose()
    await this.board?.apply(null).catch(() => undefined)
  }
}
