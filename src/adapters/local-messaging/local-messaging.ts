import { Subject, type Observable } from 'rxjs'
import { decodeChannelText } from '../../../streams/codecs/channel'
import { decodePeerText } from '../../../streams/codecs/peer'
import type { Event } from '../../../streams/events'
import type { MessagingPort } from '../../../streams/ports'
import { SIGNAL_PREFIX } from '../../../streams/wire/media-signal'
import type { ServerFrame } from '../../../streams/wire/realtime'
import { SocketClient } from './socket-client'

/**
 * The messaging port over the project's own realtime service: frames pushed by the server
 * become events; channel texts are decoded by the core's codecs.
 */
export class LocalMessaging implements MessagingPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private readonly client: SocketClient
  private channel: string | undefined
  private readonly signals = new Subject<{ from: string; text: string }>()
  private readonly left = new Subject<string>()
  /** Local-mode media signals (docs/media.md): peer messages for the media adapter, not the bus. */
  readonly signals$ = this.signals.asObservable()
  /** Uids that left my channel, for the media adapter. */
  readonly memberLeft$ = this.left.asObservable()

  constructor(url: string) {
    this.client = new SocketClient(
      url,
      (frame) => this.push(frame),
      (code, reason) => {
        if (code !== 1000)
          this.subject.next({
            type: 'rtm/connectionStateChanged',
            state: 'DISCONNECTED',
            reason: reason || `closed ${code}`,
          })
      },
      (reason) => this.subject.next({ type: 'msg/dropped', from: 'server', reason }),
    )
  }

  async login(uid: string, token: string): Promise<void> {
    await this.client.request({ t: 'login', uid, token })
    this.subject.next({ type: 'rtm/loggedIn', uid })
  }

  async join(channel: string): Promise<readonly string[]> {
    const answer = await this.client.request<{ members: string[] }>({ t: 'join', channel })
    this.channel = channel
    return answer.members
  }

  async sendChannelMessage(text: string): Promise<void> {
    if (!this.channel) throw new Error('not in a channel')
    await this.client.request({ t: 'channelMessage', channel: this.channel, text })
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

  private push(frame: ServerFrame): void {
    switch (frame.t) {
      case 'channelMessage':
        if (frame.channel === this.channel)
          this.subject.next(decodeChannelText(frame.text, frame.from))
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
