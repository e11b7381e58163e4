import type { IAgoraRTCClient } from 'agora-rtc-sdk-ng'
import type { RtcEvent } from '@streams/events'
import type { LivePush } from '@streams/ports'
import { pushFailure, transcodingOf } from './agora-live-layout'

/** What the live push uses of an agora-rtc-sdk-ng client. */
export type LiveClient = Pick<
  IAgoraRTCClient,
  'setLiveTranscoding' | 'startLiveStreaming' | 'stopLiveStreaming' | 'on' | 'off'
>

type PushEvent = Extract<RtcEvent, { type: 'rtc/livePushChanged' }>

/**
 * The interpreted languages' pushes, each on a stage client of its own (agora-language-push.ts):
 * told every push, and when this browser's audio tracks change.
 */
export interface LanguageRouting {
  /** Stops the languages `push` no longer interprets (before any push starts elsewhere). */
  release(push: LivePush | null): Promise<void>
  apply(push: LivePush | null): Promise<void>
  remix(): void
  dispose(): void
}

/** Who hears what: the room's sound, or a language's mix published under its stage uid. */
export type PushSound = Parameters<typeof transcodingOf>[1]

interface Push {
  readonly streamId: string
  state: 'starting' | 'running' | 'failed'
}

/**
 * The room's live pushed by Agora (Agora mode): the transcoding set to the CDN layout (again
 * whenever it changes), then one `startLiveStreaming(url, true)` per push URL; gone URLs are
 * stopped, failed ones started again when told again (the core's retry). The SDK's live-streaming
 * errors fail a push; its warnings are reported as exceptions. Each push's state is an event.
 *
 * With `languages`, a push whose language has an interpreter goes there (its own sound, on its
 * own client); this client pushes the others with the room's sound. Without, it pushes them all.
 */
export class AgoraLive {
  private transcoding: string | undefined
  private readonly pushes = new Map<string, Push>()
  private readonly onError = (url: string, error: { code: string; message: string }) => {
    const push = this.pushes.get(url)
    if (!push) return
    push.state = 'failed'
    this.report(push.streamId, 'retrying', pushFailure(error))
  }
  private readonly onWarning = (url: string, warning: { code: string; message: string }) => {
    const streamId = this.pushes.get(url)?.streamId
    if (streamId === undefined) return
    this.emit({ type: 'rtc/exceptionRaised', code: warning.code, message: pushFailure(warning) })
  }

  constructor(
    readonly client: LiveClient,
    private readonly emit: (event: RtcEvent) => void,
    private readonly languages?: LanguageRouting,
  ) {
    client.on('live-streaming-error', this.onError)
    client.on('live-streaming-warning', this.onWarning)
  }

  /** Pushes as `push` says, or stops every push (null). Never rejects: failures are events. */
  async apply(push: LivePush | null, sound: PushSound = 'room'): Promise<void> {
    if (!this.languages) return this.push(push, sound)
    // Every stop before any start: a URL moving between clients is never pushed twice at once.
    await this.languages.release(push)
    await this.push(push && { ...push, targets: push.targets.filter((t) => !t.interpreterUid) })
    await this.languages.apply(push)
  }

  /** This browser's audio tracks changed: the languages' mixes follow. */
  remix(): void {
    this.languages?.remix()
  }

  private async push(push: LivePush | null, sound: PushSound = 'room'): Promise<void> {
    if (!push) return this.stopAll()
    const wanted = new Map(push.targets.map((t) => [t.url, t.streamId]))
    for (const [url, gone] of [...this.pushes])
      if (!wanted.has(url)) await this.stop(url, gone.streamId)
    // Nothing to push from this client (every language on its stage): no transcoding to set.
    if (wanted.size === 0) return void (this.transcoding = undefined)
    const config = transcodingOf(push, sound)
    const key = JSON.stringify(config)
    if (key !== this.transcoding)
      try {
        await this.client.setLiveTranscoding(config)
        this.transcoding = key
      } catch (error) {
        // Without the layout no push can start: each is reported failed, and tried again.
        this.transcoding = undefined
        for (const [url, streamId] of wanted) {
          const known = this.pushes.get(url)
          if (known) known.state = 'failed'
          this.report(streamId, 'retrying', pushFailure(error))
        }
        return
      }
    for (const [url, streamId] of wanted) {
      const known = this.pushes.get(url)
      if (known && known.state !== 'failed') continue
      await this.start(url, streamId, known !== undefined)
    }
  }

  /** The client is leaving: its pushes end with it. */
  dispose(): void {
    this.languages?.dispose()
    this.client.off('live-streaming-error', this.onError)
    this.client.off('live-streaming-warning', this.onWarning)
    this.pushes.clear()
    this.transcoding = undefined
  }

  private async start(url: string, streamId: string, again: boolean): Promise<void> {
    const push: Push = { streamId, state: 'starting' }
    this.pushes.set(url, push)
    this.report(streamId, 'starting')
    try {
      // A failed push may still be known to Agora: stopped first, so it can start again.
      if (again) await this.client.stopLiveStreaming(url).catch(() => undefined)
      await this.client.startLiveStreaming(url, true)
      if (this.pushes.get(url) !== push || push.state !== 'starting') return
      push.state = 'running'
      this.report(streamId, 'running')
    } catch (error) {
      if (this.pushes.get(url) !== push) return
      push.state = 'failed'
      this.report(streamId, 'retrying', pushFailure(error))
    }
  }

  private async stop(url: string, streamId: string): Promise<void> {
    this.pushes.delete(url)
    await this.client.stopLiveStreaming(url).catch(() => undefined)
    this.report(streamId, 'ended')
  }

  private async stopAll(): Promise<void> {
    for (const [url, push] of [...this.pushes]) await this.stop(url, push.streamId)
    this.transcoding = undefined
  }

  private report(streamId: string, state: PushEvent['state'], reason?: string): void {
    this.emit({ type: 'rtc/livePushChanged', streamId, state, ...(reason ? { reason } : {}) })
  }
}
