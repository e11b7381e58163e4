import type AgoraRTM from 'agora-rtm-sdk'
import type { RtmChannel, RtmClient, RtmEvents, RtmMessage } from 'agora-rtm-sdk'
import { Subject, type Observable } from 'rxjs'
import { decodeChannelText } from '@streams/codecs/channel'
import { decodePeerText } from '@streams/codecs/peer'
import type { Event } from '@streams/events'
import type { CatchUp, MessagingPort } from '@streams/ports'
import type { ConnectionState } from '@streams/wire/realtime'

export type AgoraRtmSdk = typeof AgoraRTM
export type LoadAgoraRtm = () => Promise<AgoraRtmSdk>

const loadSdk: LoadAgoraRtm = () => import('agora-rtm-sdk').then((m) => m.default)

type ClientHandlers = Partial<RtmEvents.RtmClientEvents>
type ChannelHandlers = Partial<RtmEvents.RtmChannelEvents>
type Handlers = ClientHandlers | ChannelHandlers

/**
 * The messaging port in Agora mode over agora-rtm-sdk 1.x, loaded on first login: login,
 * the room's channel, channel and peer messages, attributes, member count, online status and
 * token renewal. Every SDK callback becomes an event; channel texts go through the core's codec.
 */
export class AgoraMessaging implements MessagingPort {
  private readonly subject = new Subject<Event>()
  readonly events$: Observable<Event> = this.subject.asObservable()
  private client: { rtm: RtmClient; unbind: () => void } | undefined
  private channel: { rtm: RtmChannel; id: string; unbind: () => void } | undefined

  constructor(
    private readonly appId: string,
    private readonly options: { load?: LoadAgoraRtm } = {},
  ) {}

  async login(uid: string, token: string): Promise<void> {
    if (!this.client) {
      const sdk = await (this.options.load ?? loadSdk)()
      const rtm = sdk.createInstance(this.appId, { enableLogUpload: false })
      this.client = { rtm, unbind: bind(rtm, this.clientHandlers()) }
    }
    await this.client.rtm.login({ uid, token })
    this.subject.next({ type: 'rtm/loggedIn', uid })
  }

  async join(channelId: string): Promise<readonly string[]> {
    const rtm = this.loggedIn()
    if (this.channel) await this.leave()
    const channel = rtm.createChannel(channelId)
    const unbind = bind(channel, this.channelHandlers())
    try {
      await channel.join()
    } catch (error) {
      unbind()
      throw error
    }
    this.channel = { rtm: channel, id: channelId, unbind }
    return channel.getMembers()
  }

  async sendChannelMessage(text: string): Promise<void> {
    if (!this.channel) throw new Error('not in a channel')
    await this.channel.rtm.sendMessage({ text })
  }

  async sendPeerMessage(to: string, text: string): Promise<void> {
    await this.loggedIn().sendMessageToPeer({ text }, to)
  }

  async leave(): Promise<void> {
    const channel = this.channel
    this.channel = undefined
    if (!channel) return
    channel.unbind()
    await channel.rtm.leave()
  }

  async logout(): Promise<void> {
    const client = this.client
    this.client = undefined
    if (!client) return
    client.unbind()
    await client.rtm.logout()
  }

  /** Adds or updates channel attributes and tells the channel's members. */
  async addOrUpdateAttributes(attributes: Readonly<Record<string, string>>): Promise<void> {
    const channel = this.joined()
    await this.loggedIn().addOrUpdateChannelAttributes(
      channel,
      { ...attributes },
      { enableNotificationToChannelMembers: true },
    )
  }

  async deleteAttributes(keys: readonly string[]): Promise<void> {
    const channel = this.joined()
    await this.loggedIn().deleteChannelAttributesByKeys(channel, [...keys], {
      enableNotificationToChannelMembers: true,
    })
  }

  async getAttributes(): Promise<Readonly<Record<string, string>>> {
    const channel = this.joined()
    return valuesOf(await this.loggedIn().getChannelAttributes(channel))
  }

  async getMemberCount(): Promise<number> {
    const channel = this.joined()
    const counts = await this.loggedIn().getChannelMemberCount([channel])
    return counts[channel] ?? 0
  }

  async queryPeersOnline(uids: readonly string[]): Promise<Readonly<Record<string, boolean>>> {
    return { ...(await this.loggedIn().queryPeersOnlineStatus([...uids])) }
  }

  /** A fresh token for the login; a refusal fails the call (the core reports it). */
  async renewToken(token: string): Promise<void> {
    await this.loggedIn().renewToken(token)
  }

  /**
   * Agora RTM 1.x keeps no channel history: nothing missed can be fetched, so the answer says the
   * catch-up is not complete.
   */
  catchUp(): Promise<CatchUp> {
    return Promise.resolve({ missed: 0, complete: false })
  }

  /** The channel's members now (the SDK rejoined it by itself after RECONNECTING). */
  async members(): Promise<readonly string[]> {
    if (!this.channel) throw new Error('not in a channel')
    return this.channel.rtm.getMembers()
  }

  private loggedIn(): RtmClient {
    if (!this.client) throw new Error('not logged in')
    return this.client.rtm
  }

  private joined(): string {
    if (!this.channel) throw new Error('not in a channel')
    return this.channel.id
  }

  private clientHandlers(): ClientHandlers {
    return {
      MessageFromPeer: (message, peerId) => {
        const text = textOf(message)
        if (text === undefined) {
          this.subject.next({ type: 'msg/dropped', from: peerId, reason: 'not a text message' })
          return
        }
        this.subject.next(decodePeerText(text, peerId))
      },
      ConnectionStateChanged: (state, reason) =>
        this.subject.next({
          type: 'rtm/connectionStateChanged',
          state: state satisfies `${ConnectionState}` as ConnectionState,
          reason,
        }),
      TokenPrivilegeWillExpire: () => this.subject.next({ type: 'rtm/tokenWillExpire' }),
      TokenExpired: () => this.subject.next({ type: 'rtm/tokenExpired' }),
    }
  }

  private channelHandlers(): ChannelHandlers {
    return {
      ChannelMessage: (message, memberId) => {
        const text = textOf(message)
        this.subject.next(
          text === undefined
            ? { type: 'msg/dropped', from: memberId, reason: 'not a text message' }
            : decodeChannelText(text, memberId),
        )
      },
      MemberJoined: (uid: string) => this.subject.next({ type: 'rtm/memberJoined', uid }),
      MemberLeft: (uid: string) => this.subject.next({ type: 'rtm/memberLeft', uid }),
      MemberCountUpdated: (count: number) =>
        this.subject.next({ type: 'rtm/memberCountUpdated', count }),
      AttributesUpdated: (attributes) =>
        this.subject.next({ type: 'rtm/attributesUpdated', attributes: valuesOf(attributes) }),
    }
  }
}

/** The SDK's attributes carry who set them and when; the core keeps the values. */
function valuesOf(attributes: Record<string, { value: string }>): Record<string, string> {
  return Object.fromEntries(Object.entries(attributes).map(([key, { value }]) => [key, value]))
}

/** Our messages are JSON texts; a raw (binary) message is not one. */
function textOf(message: RtmMessage): string | undefined {
  return message.messageType !== 'RAW' && typeof message.text === 'string'
    ? message.text
    : undefined
}

interface Emitter {
  on(event: string, listener: (...args: never[]) => void): unknown
  off(event: string, listener: (...args: never[]) => void): unknown
}

/** Binds SDK callbacks; answers the unbinding. */
function bind(target: Emitter, handlers: Handlers): () => void {
  for (const [name, handler] of Object.entries(handlers)) target.on(name, handler)
  return () => {
    for (const [name, handler] of Object.entries(handlers)) target.off(name, handler)
  }
}
