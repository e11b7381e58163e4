import type { IAgoraRTC } from 'agora-rtc-sdk-ng'
import type { Event } from '@streams/events'
import type { StageToken } from '@streams/ports/rest-types'
import { stageKey, type Stage } from '@streams/wire/stage'
import type { MixContext } from './agora-language-mix'
import { LanguagePushes, type LanguageStage } from './agora-language-push'
import { AgoraStage } from './agora-stage'
import { sdkFailure } from './client-events'

/** How long a stage waits for the core's token before its open fails (and is tried again). */
export const STAGE_TOKEN_WAIT_MS = 15_000

interface Waiting {
  readonly promise: Promise<StageToken>
  readonly settle: (token: StageToken | null, why?: string) => void
}

/**
 * Stage tokens asked of the core: `request` emits rtc/stageTokenNeeded and waits for the answer
 * the core gives through the port's setStageToken (`answer`); asks for one stage at once share
 * one answer. No answer within STAGE_TOKEN_WAIT_MS, a null answer or `dispose` fail the wait.
 */
export class StageTokens {
  private readonly waiting = new Map<string, Waiting>()

  constructor(
    private readonly emit: (event: Event) => void,
    private readonly waitMs = STAGE_TOKEN_WAIT_MS,
  ) {}

  request(stage: Stage): Promise<StageToken> {
    const key = stageKey(stage)
    const known = this.waiting.get(key)
    if (known) return known.promise
    let settle: Waiting['settle'] = () => undefined
    const promise = new Promise<StageToken>((resolve, reject) => {
      const timeout = setTimeout(() => settle(null, 'no stage token came in time'), this.waitMs)
      settle = (token, why) => {
        clearTimeout(timeout)
        if (this.waiting.get(key)?.promise === promise) this.waiting.delete(key)
        if (token) resolve(token)
        else reject(new Error(why ?? 'the stage token was refused'))
      }
    })
    this.waiting.set(key, { promise, settle })
    this.emit({ type: 'rtc/stageTokenNeeded', stage })
    return promise
  }

  answer(stage: Stage, token: StageToken | null): void {
    this.waiting.get(stageKey(stage))?.settle(token)
  }

  dispose(): void {
    for (const waiting of [...this.waiting.values()]) waiting.settle(null, 'left the channel')
  }
}

/** Where the pusher's client is: the SDK and the channel its stages join. */
export interface StageChannel {
  readonly sdk: IAgoraRTC
  readonly appId: string
  readonly channel: string
}

/**
 * Opens a language's stage (agora-stage.ts): asks the core for the language's stage uid and
 * token, joins the channel under it and publishes the mix as a custom audio track. The stage
 * renews its token the same way when Agora says it ends (or ended: it joins again).
 */
export function openLanguageStage(
  where: StageChannel,
  tokens: StageTokens,
  emit: (event: Event) => void,
) {
  return async (streamId: string, track: MediaStreamTrack): Promise<LanguageStage> => {
    const stage: Stage = { stage: 'language', streamId }
    const first = await tokens.request(stage)
    const renew = () =>
      void tokens
        .request(stage)
        .then((t) => agora.renewToken(t.token))
        .catch((error: unknown) => emit(sdkFailure(error)))
    const agora: AgoraStage = new AgoraStage(
      where.sdk,
      { appId: where.appId, channel: where.channel, uid: first.uid, token: first.token },
      { tokenWillExpire: renew, tokenExpired: renew },
    )
    await agora.start({ kind: 'audio', track })
    return { uid: agora.uid, client: agora.client, leave: () => agora.stop() }
  }
}

/** A Web Audio context for the language mixes, running (the host has used the page by now). */
export function newMixContext(): AudioContext {
  const context = new AudioContext()
  void context.resume().catch(() => undefined)
  return context
}

/**
 * The media adapter's language stages: the token asks of all its stages, the one Web Audio
 * context of their mixes, and, for a joined client, the language pushes in its channel.
 */
export class LanguageStages {
  private readonly tokens: StageTokens
  private context: MixContext | undefined

  constructor(
    private readonly emit: (event: Event) => void,
    private readonly makeContext: () => MixContext = newMixContext,
  ) {
    this.tokens = new StageTokens(emit)
  }

  /** The live's languages pushed from stages in this channel, mixing these tracks. */
  pushesFor(
    where: StageChannel,
    audioTrackOf: (uid: string) => MediaStreamTrack | undefined,
  ): LanguagePushes {
    return new LanguagePushes({
      openStage: openLanguageStage(where, this.tokens, this.emit),
      context: () => (this.context ??= this.makeContext()),
      audioTrackOf,
      emit: this.emit,
    })
  }

  /** The core's answer to rtc/stageTokenNeeded. */
  answer(stage: Stage, token: StageToken | null): void {
    this.tokens.answer(stage, token)
  }

  /** The client left: asks still waiting fail. */
  dispose(): void {
    this.tokens.dispose()
  }
}
