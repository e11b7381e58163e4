import type { LiveEngine, LiveStreamUrls, PushState } from '../media/live-engine'
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
  /** The pushes the host's client reported, by room, then by push URL. */
  private readonly pushes = new Map<string, Map<string, PushState['state']>>()
  private readonly problem: string

  constructor(private readonly settings: AgoraLiveSettings) {
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

  async run(room: RoomRow): Promise<void> {
    if (!this.pushes.has(room.room_id)) this.pushes.set(room.room_id, new Map())
  }

  async stop(roomId: string): Promise<void> {
    this.pushes.delete(roomId)
  }

  /** A push URL no longer listed is no longer pushed: its last report goes. */
  async setStreams(room: RoomRow, streams: readonly { pushUrl: string }[]): Promise<void> {
    const reports = this.pushes.get(room.room_id)
    if (!reports) return
    const listed = new Set([this.roomPushUrl(room), ...streams.map((s) => s.pushUrl)])
    for (const url of [...reports.keys()]) if (!listed.has(url)) reports.delete(url)
  }

  pushStates(roomId: string): readonly PushState[] {
    return [...(this.pushes.get(roomId) ?? [])].map(([url, state]) => ({ url, state }))
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

  roomPushUrl(room: RoomRow): string {
    const template = this.settings.agoraLivePushUrl
    return template && !this.problem ? fillTemplate(template, room) : ''
  }

  originDir(): undefined {
    return undefined
  }

  /** Kept until the live stops (the route takes reports only while the room is live). */
  reportPush(roomId: string, url: string, state: PushState['state']): boolean {
    let reports = this.pushes.get(roomId)
    if (!reports) this.pushes.set(roomId, (reports = new Map()))
    reports.set(url, state)
    return true
  }
}
