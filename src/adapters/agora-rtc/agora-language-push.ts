import type { RtcEvent } from '@streams/events'
import type { LivePush, LiveTarget } from '@streams/ports'
import { AgoraLive, type LiveClient } from './agora-live'
import { pushFailure } from './agora-live-layout'
import { LanguageMix, type MixContext } from './agora-language-mix'

/**
 * A language's stage: a client of its own in the channel, joined as the language's stage uid (a
 * uid of the room that is no member), publishing the language's mix. Agora allows one
 * transcoding per client, so the language's push runs on it.
 */
export interface LanguageStage {
  readonly uid: string
  readonly client: LiveClient
  leave(): Promise<void>
}

export interface LanguagePushDeps {
  /** Joins the channel as the language's stage and publishes `track`; rejects if it cannot. */
  readonly openStage: (streamId: string, track: MediaStreamTrack) => Promise<LanguageStage>
  /** The Web Audio context the mixes run in (made on first use). */
  readonly context: () => MixContext
  /** A member's audio track in this browser (mine or a subscribed remote one), if any. */
  readonly audioTrackOf: (uid: string) => MediaStreamTrack | undefined
  readonly emit: (event: RtcEvent) => void
  /** Makes a language's mix in the context (tests make theirs without MediaStream). */
  readonly mix?: (context: MixContext) => LanguageMix
}

interface Language {
  target: LiveTarget
  readonly mix: LanguageMix
  stage?: LanguageStage
  live?: AgoraLive
}

/** The pushes of `push` whose language has an interpreter, by stream id. */
const interpreted = (push: LivePush | null) =>
  new Map((push?.targets ?? []).filter((t) => t.interpreterUid !== '').map((t) => [t.streamId, t]))

/**
 * The live's interpreted languages in the pusher's browser (Agora mode): for each push whose
 * language has an interpreter, a mix of the room's sound at 0.2 under the interpreter at 1.0
 * (`LanguageMix`), published by the language's stage, which pushes that URL with its own
 * transcoding: the same picture, everyone in it silent, the stage's mix its only sound. Who is
 * heard and who interprets change the mix in place (`remix`), never the push. A stage that cannot
 * open fails that push ('retrying'), to be tried again when told again.
 */
export class LanguagePushes {
  private readonly languages = new Map<string, Language>()
  private last: LivePush | null = null

  constructor(private readonly deps: LanguagePushDeps) {}

  /** Pushes every interpreted language of `push` (null: none). Never rejects. */
  async apply(push: LivePush | null): Promise<void> {
    this.last = push
    await this.release(push)
    if (!push) return
    const wanted = interpreted(push)
    for (const target of wanted.values()) {
      let language = this.languages.get(target.streamId)
      if (!language) {
        const context = this.deps.context()
        const mix = this.deps.mix?.(context) ?? new LanguageMix(context)
        language = { target, mix }
        this.languages.set(target.streamId, language)
      }
      language.target = target
      this.mixInto(language, push)
      const live = language.live ?? (await this.open(language))
      if (live && language.stage)
        await live.apply({ ...push, targets: [target] }, { stageUid: language.stage.uid })
    }
  }

  /** Stops and leaves the languages `push` does not interpret; answers those it does. */
  async release(push: LivePush | null): Promise<void> {
    const wanted = interpreted(push)
    for (const [streamId, language] of [...this.languages])
      if (!wanted.has(streamId)) await this.close(streamId, language)
  }

  /** The tracks of this browser changed (a voice subscribed, gone, my microphone): mixed anew. */
  remix(): void {
    const push = this.last
    if (push) for (const language of this.languages.values()) this.mixInto(language, push)
  }

  /** The pusher leaves: every stage with it. */
  dispose(): void {
    for (const [streamId, language] of [...this.languages]) {
      this.languages.delete(streamId)
      language.live?.dispose()
      void language.stage?.leave().catch(() => undefined)
      language.mix.close()
    }
    this.last = null
  }

  private mixInto(language: Language, push: LivePush): void {
    const { audioTrackOf } = this.deps
    const interpreter = push.paused ? undefined : audioTrackOf(language.target.interpreterUid)
    language.mix.set({
      floor: push.heard.flatMap((uid) => audioTrackOf(uid) ?? []),
      interpreter,
    })
  }

  private async open(language: Language): Promise<AgoraLive | undefined> {
    const { streamId } = language.target
    try {
      const stage = await this.deps.openStage(streamId, language.mix.track)
      if (this.languages.get(streamId) !== language) {
        await stage.leave().catch(() => undefined)
        return undefined
      }
      language.stage = stage
      language.live = new AgoraLive(stage.client, this.deps.emit)
      return language.live
    } catch (error) {
      // A stage that failed closed the mix's track with its own: a fresh mix next time.
      language.mix.close()
      // Stopped or left meanwhile: nothing to try again.
      if (this.languages.get(streamId) !== language) return undefined
      this.languages.delete(streamId)
      this.deps.emit({
        type: 'rtc/livePushChanged',
        streamId,
        state: 'retrying',
        reason: pushFailure(error),
      })
      return undefined
    }
  }

  private async close(streamId: string, language: Language): Promise<void> {
    this.languages.delete(streamId)
    await language.live?.apply(null)
    language.live?.dispose()
    await language.stage?.leave().catch(() => undefined)
    language.mix.close()
  }
}
