import { cardsBaseUrl } from '../media/compose/card-images'
import type { LiveEngine, LiveStreamUrls, PushState } from '../media/live-engine'
import type { Db } from '../store/db'
import { clearPushStates, listPushStates, savePushState } from '../store/live-push-states'
import type { RoomRow } from '../store/rooms'

/** Agora mode's live settings (AGORA_LIVE_PUSH_URL, AGORA_LIVE_PULL_URL; docs/agora.md). */
export interface AgoraLiveSettings {
  /**
   * The room's own CDN stream, as templates with `{channel}` and `{roomId}`: where the host's
   * browser has Agora push it (rtmp:// or rtmps://) and where the audience plays it (an HLS
   * https:// URL). Both or neither; without them the room's stream is its first language stream
   * that has a push and a pull URL.
   */
  readonly agoraLivePushUrl?: string
  readonly agoraLivePullUrl?: string
  /**
   * The app's public origin (PUBLIC_URL): Agora's cloud fetches the pictures of names, name
   * cards and the paused slate there (routes/cards.ts). Without it the picture carries none.
   */
  readonly publicUrl?: string
}

/** What the start-up log says in Agora mode without PUBLIC_URL ('' when it is set). */
export function cardsUrlProblem(settings: Pick<AgoraLiveSettings, 'publicUrl'>): string {
  const none =
    "Agora's live and cloud recording carry no name labels, name cards or 'Live paused' slate (Agora's cloud fetches those pictures from PUBLIC_URL/media/cards)"
  if (!settings.publicUrl) return `PUBLIC_URL is not set: ${none}`
  if (!cardsBaseUrl(settings.publicUrl))
    return `PUBLIC_URL must be an http:// or https:// origin, got '${settings.publicUrl}': ${none}`
  return ''
}

const PUSH = /^rtmps?:\/\/[^\s/]+\/\S+$/
const PULL = /^https?:\/\/[^\s/]+\/\S*$/

/** What is wrong with the settings, in words naming them; '' when nothing is. */
export function agoraLiveSettingsProblem(settings: AgoraLiveSettings): string {
  const push = settings.agoraLivePushUrl ?? ''
  const pull = settings.agoraLivePullUrl ?? ''
  if (push && !pull)
    return 'AGORA_LIVE_PUSH_URL is set without AGORA_LIVE_PULL_URL: set both (the room stream’s push and pull URL templates) or neither'
  if (pull && !push)
    return 'AGORA_LIVE_PULL_URL is set without AGORA_LIVE_PUSH_URL: set both (the room stream’s push and pull URL templates) or neither'
  if (push && !PUSH.test(push))
    return `AGORA_LIVE_PUSH_URL must be an rtmp:// or rtmps:// URL template, got '${push.replace(/\/[^/]*$/, '/…')}'`
  if (pull && !PULL.test(pull))
    return `AGORA_LIVE_PULL_URL must be an http:// or https:// URL template, got '${pull}'`
  return ''
}

/** A template with the room's channel and id put in (URL-encoded). */
export function fillTemplate(template: string, room: Pick<RoomRow, 'channel_name' | 'room_id'>) {
  return template
    .replaceAll('{channel}', encodeURIComponent(room.channel_name))
    .replaceAll('{roomId}', encodeURIComponent(room.room_id))
}

/**
 * Agora mode's live: nothing is composed or pushed by this server. The host's browser sets
 * Agora's live transcoding to the room's CDN layout and pushes it to the room's stream and to
 * every language stream's push URL (src/adapters/agora-rtc/agora-live.ts); it reports how each
 * push goes, and the hosts read that here as they read local mode's. The audience plays the
 * pull URLs on the customer's CDN.
 */
export class AgoraLiveEngine implements LiveEngine {
  private readonly problem: string

  constructor(
    private readonly settings: AgoraLiveSettings,
    /** Where the reports are kept (every process of a cluster answers the same). */
    private readonly db: Pick<Db, 'query'>,
    private readonly now: () => number = Date.now,
  ) {
    this.problem = agoraLiveSettingsProblem(settings)
  }

  get availability() {
    return this.problem
      ? { available: false as const, why: this.problem }
      : { available: true as const }
  }

  describe(): string {
    if (this.problem) return `live: off (${this.problem})`
    const room = this.settings.agoraLivePullUrl
      ? `the room's stream at ${this.settings.agoraLivePullUrl}`
      : `the room's stream is its first language stream with a push and a pull URL`
    return `live: Agora media push from the host's browser (${room})`
  }

  /** The host's client starts the pushes; reports of an earlier live are gone already. */
  async run(): Promise<void> {}

  async stop(roomId: string): Promise<void> {
    await clearPushStates(this.db, roomId)
  }

  /** A push URL no longer listed is no longer pushed: its last report goes. */
  async setStreams(room: RoomRow, streams: readonly { pushUrl: string }[]): Promise<void> {
    const listed = [this.roomPushUrl(room), ...streams.map((s) => s.pushUrl)].filter(Boolean)
    await clearPushStates(this.db, room.room_id, listed)
  }

  async pushStates(roomId: string): Promise<readonly PushState[]> {
    return (await listPushStates(this.db, roomId)).map(({ url, state, reason }) => ({
      url,
      state: state === 'retrying' ? { kind: state, reason, attempt: 1 } : { kind: state },
    }))
  }

  liveUrl(room: RoomRow, streams: readonly LiveStreamUrls[]): string {
    const template = this.settings.agoraLivePullUrl
    if (template && !this.problem) return fillTemplate(template, room)
    return streams.find((s) => s.pushUrl && s.pullUrl)?.pullUrl ?? ''
  }

  /** A language is played at its own pull URL: there is no stream of ours beside it. */
  languageUrl(): string {
    return ''
  }

  /** Where Agora fetches the pictures of names and the paused slate ('' without PUBLIC_URL). */
  get cardsUrl(): string {
    return cardsBaseUrl(this.settings.publicUrl)
  }

  roomPushUrl(room: RoomRow): string {
    const template = this.settings.agoraLivePushUrl
    return template && !this.problem ? fillTemplate(template, room) : ''
  }

  originDir(): undefined {
    return undefined
  }

  /** Kept until the live stops (the route takes reports only while the room is live). */
  async reportPush(roomId: string, url: string, state: PushState['state']): Promise<boolean> {
    const reason = state.kind === 'retrying' ? state.reason : ''
    await savePushState(this.db, roomId, { url, state: state.kind, reason }, this.now())
    return true
  }
}
