import { Subject, type Observable } from 'rxjs'
import { decodeChannelText } from '@streams/codecs/channel'
import { decodePeerText } from '@streams/codecs/peer'
import type { Event } from '@streams/events'
import type { CatchUp, MessagingPort } from '@streams/ports'
import { RECONNECT } from '@streams/effects/reconnect'
import { SIGNAL_PREFIX } from '@streams/wire/media-signal'
import { LOGIN_TIMEOUT, TOO_MANY_CONNECTIONS } from '@streams/wire/constants'
import { CloseCode, JoinAnswerSchema, type ServerFrame } from '@streams/wire/realtime'
import { compile } from '@streams/wire/validate'
import { ChannelLog } from './channel-log'
import { Gate } from './gate'
import {
  CONNECTION_LOST_CODES,
  RealtimeError,
  SocketClient,
  type SocketTimings,
} from './socket-client'

const joinAnswer = compile(JoinAnswerSchema)

/**
 * The fact of a connection the service or the network closed: one too many (4429) is ABORTED,
 * not retried; a login timeout (4408) and every other close is a drop to reconnect after.
 */
export function closeEvent(code: number, reason: string): Event {
  if (code === CloseCode.tooManyConnections)
    return { type: 'rtm/connectionStateChanged', state: 'ABORTED', reason: TOO_MANY_CONNECTIONS }
  return {
    type: 'rtm/connectionStateChanged',
    state: 'DISCONNECTED',
    reason: code === CloseCode.loginTimeout ? LOGIN_TIMEOUT : reason || `closed ${code}`,
  }
}

/**
 * How long a channel message waits for the connection to come back before it fails: as long as
 * the client keeps reconnecting ("Reconnecting…" until RECONNECT.giveUpMs, then "Connection
 * lost"), so a line typed during an outage is sent once the connection is back, however slowly a
 * restarted server comes up within that time.
 */
export const SEND_WAIT_MS = RECONNECT.giveUpMs

/**
 * The messaging port over the project's own realtime service: frames pushed by the server
 * become events; channel texts are decoded by the core's codecs. A dropped connection is
 * reported (DISCONNECTED); the core logs in and joins again, then `catchUp` delivers what was
 * missed. Channel messages sent meanwhile wait for the rejoin, and one whose answer was lost in
 * the drop is sent again (the server keeps it once: same sender, same id).
 */
export class LocalMessaging implements MessagingPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private readonly client: SocketClient
  private channel: string | undefined
  private uid: string | undefined
  /** Logged in and in the channel on the current connection. */
  private readonly online = new Gate()
  private readonly log = new ChannelLog((from, text) => this.deliver(from, text))
  private readonly signals = new Subject<{ from: string; text: string }>()
  private readonly left = new Subject<string>()
  /** Local-mode media signals (docs/media.md): peer messages for the media adapter, not the bus. */
  readonly signals$ = this.signals.asObservable()
  /** Uids that left my channel, for the media adapter. */
  readonly memberLeft$ = this.left.asObservable()

  constructor(url: string, timings?: SocketTimings) {
    this.client = new SocketClient(
      url,
      (frame) => this.push(frame),
      (code, reason) => {
        this.online.close()
        if (code !== 1000) this.subject.next(closeEvent(code, reason))
      },
      (reason) => this.subject.next({ type: 'msg/dropped', from: 'server', reason }),
      timings,
    )
  }

  async login(uid: string, token: string): Promise<void> {
    await this.client.request({ t: 'login', uid, token })
    this.uid = uid
    this.subject.next({ type: 'rtm/loggedIn', uid })
  }

  /** Joins the channel; joining it again after a drop starts a catch-up (see `catchUp`). */
  async join(channel: string): Promise<readonly string[]> {
    const rejoin = this.channel === channel
    if (rejoin) this.log.hold()
    const answer = await this.client.request({ t: 'join', channel })
    if (!joinAnswer.check(answer))
      throw new Error(`invalid join answer ${joinAnswer.firstError(answer)}`)
    if (!rejoin) this.log.start(answer.lastSeq ?? 0)
    this.channel = channel
    this.online.open()
    return answer.members
  }

  /**
   * Sends a channel message once the connection is up (waiting up to SEND_WAIT_MS for a rejoin),
   * and again when the connection dropped before its answer.
   */
  async sendChannelMessage(text: string): Promise<void> {
    if (!this.channel) throw new Error('not in a channel')
    const deadline = Date.now() + SEND_WAIT_MS
    for (;;) {
      await this.online.wait(deadline - Date.now())
      const channel = this.channel
      if (!channel) throw new Error('not in a channel')
      try {
        await this.client.request({ t: 'channelMessage', channel, text })
        return
      } catch (error) {
        const lost = error instanceof RealtimeError && CONNECTION_LOST_CODES.includes(error.code)
        if (!lost || Date.now() >= deadline) throw error
      }
    }
  }

  /** The channel messages missed since the last one delivered, from the service's history. */
  async catchUp(): Promise<CatchUp> {
    const channel = this.channel
    if (!channel) return { missed: 0, complete: true }
    return this.log.catchUp(this.uid ?? '', (since) =>
      this.client.request({ t: 'history', channel, since }),
    )
  }

  /** After a page reload in the room: the chat from before this join, from the history. */
  async restoreChat(): Promise<CatchUp> {
    const channel = this.channel
    if (!channel) return { missed: 0, complete: true }
    return this.log.restore((since) => this.client.request({ t: 'history', channel, since }))
  }

  async sendPeerMessage(to: string, text: string): Promise<void> {
    await this.client.request({ t: 'peerMessage', to, text })
  }

  /** Sends a media signal as a peer message; answers whether the peer was online. */
  async sendSignal(to: string, text: string): Promise<boolean> {
    const answer = await this.client.request<{ delivered: boolean }>({ t: 'peerMessage', to, text })
    return answer.delivered
  }

  /** The uids now in my channel. */
  async channelMembers(): Promise<readonly string[]> {
    if (!this.channel) return []
    const answer = await this.client.request<{ members: string[] }>({
      t: 'getMembers',
      channel: this.channel,
    })
    return answer.members
  }

  async leave(): Promise<void> {
    const channel = this.channel
    this.channel = undefined
    this.online.close(new Error('left the channel'))
    this.log.start(0)
    if (channel) await this.client.request({ t: 'leave', channel })
  }

  async logout(): Promise<void> {
    try {
      await this.client.request({ t: 'logout' })
    } finally {
      this.client.close()
    }
  }

  async renewToken(token: string): Promise<void> {
    await this.client.request({ t: 'renewToken', token })
  }

  async getMemberCount(): Promise<number> {
    const channel = this.channel ?? ''
    const answer = await this.client.request<{ counts: Record<string, number> }>({
      t: 'getMemberCount',
      channels: [channel],
    })
    return answer.counts[channel] ?? 0
  }

  async queryPeersOnline(uids: readonly string[]): Promise<Readonly<Record<string, boolean>>> {
    const answer = await this.client.request<{ online: Record<string, boolean> }>({
      t: 'queryPeersOnline',
      uids: [...uids],
    })
    return answer.online
  }

  async getAttributes(): Promise<Readonly<Record<string, string>>> {
    const answer = await this.client.request<{ attributes: Record<string, string> }>({
      t: 'getAttributes',
      channel: this.channel ?? '',
    })
    return answer.attributes
  }

  async addOrUpdateAttributes(attributes: Readonly<Record<string, string>>): Promise<void> {
    await this.client.request({
      t: 'addOrUpdateAttributes',
      channel: this.channel ?? '',
      attributes: { ...attributes },
    })
  }

  async deleteAttributes(keys: readonly string[]): Promise<void> {
    await this.client.request({
      t: 'deleteAttributes',
      channel: this.channel ?? '',
      keys: [...keys],
    })
  }

  private deliver(from: string, text: string): void {
    this.subject.next(decodeChannelText(text, from))
  }

  private push(frame: ServerFrame): void {
    switch (frame.t) {
      case 'channelMessage':
        if (frame.channel === this.channel) this.log.receive(frame.from, frame.text, frame.seq)
        return
      case 'memberJoined':
        if (frame.channel === this.channel)
          this.subject.next({ type: 'rtm/memberJoined', uid: frame.uid })
        return
      case 'memberLeft':
        if (frame.channel === this.channel) {
          this.subject.next({ type: 'rtm/memberLeft', uid: frame.uid })
          this.left.next(frame.uid)
        }
        return
      case 'memberCountUpdated':
        if (frame.channel === this.channel)
          this.subject.next({ type: 'rtm/memberCountUpdated', count: frame.count })
        return
      case 'connectionStateChanged':
        this.subject.next({
          type: 'rtm/connectionStateChanged',
          state: frame.state,
          reason: frame.reason,
        })
        return
      case 'peerMessage':
        if (frame.text.startsWith(SIGNAL_PREFIX)) this.signals.next(frame)
        else this.subject.next(decodePeerText(frame.text, frame.from))
        return
      case 'attributesUpdated':
        if (frame.channel === this.channel)
          this.subject.next({ type: 'rtm/attributesUpdated', attributes: frame.attributes })
        return
      case 'ack':
      case 'error':
        return
    }
  }
}
