import type AgoraRTM from 'agora-rtm-sdk'
import type { RtmChannel, RtmClient, RtmEvents } from 'agora-rtm-sdk'
import { vi } from 'vitest'
import type { Loose } from '../agora-rtc/sdk-events'

/**
 * agora-rtm-sdk 1.x replaced by typed fakes. Each fake `implements Pick<RtmClient | RtmChannel,
 * …>` of the members the adapter uses, and each `vi.fn` carries the SDK's own signature, so a
 * fake (or a test's `mockImplementation`) that disagrees with the SDK does not compile. `emit`
 * fires the events of the SDK's own RtmClientEvents / RtmChannelEvents with their arguments.
 */

type Listener = (...args: never[]) => void

/** on/off as the SDK's EventEmitter; emit and count for the test. */
class RtmEmitter<Events> {
  private readonly listeners = new Map<string, Set<Listener>>()
  on = vi.fn((event: keyof Events & string, listener: Listener) => {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener)
    return this
  })
  off = vi.fn((event: keyof Events & string, listener: Listener) => {
    this.listeners.get(event)?.delete(listener)
    return this
  })
  emit<E extends keyof Events & string>(
    event: E,
    ...args: Events[E] extends (...a: infer A) => void ? { [I in keyof A]: Loose<A[I]> } : never
  ): void {
    for (const f of this.listeners.get(event) ?? []) (f as (...a: unknown[]) => void)(...args)
  }
  /** Listeners bound for one event, or for every event. */
  count(event?: keyof Events & string): number {
    if (event !== undefined) return this.listeners.get(event)?.size ?? 0
    let n = 0
    for (const set of this.listeners.values()) n += set.size
    return n
  }
}

type ChannelCalls = 'join' | 'leave' | 'getMembers' | 'sendMessage'

export class FakeRtmChannel
  extends RtmEmitter<RtmEvents.RtmChannelEvents>
  implements Pick<RtmChannel, ChannelCalls>
{
  /** What getMembers answers. */
  members = ['1', '2']
  /** The texts sent on the channel, in order. */
  readonly sent: string[] = []
  join = vi.fn<RtmChannel['join']>(async () => undefined)
  leave = vi.fn<RtmChannel['leave']>(async () => undefined)
  getMembers = vi.fn<RtmChannel['getMembers']>(async () => [...this.members])
  sendMessage = vi.fn<RtmChannel['sendMessage']>(async (message) => {
    if (message.text !== undefined) this.sent.push(message.text)
  })
  constructor(readonly id: string) {
    super()
  }
}

type ClientCalls =
  | 'login'
  | 'logout'
  | 'sendMessageToPeer'
  | 'addOrUpdateChannelAttributes'
  | 'deleteChannelAttributesByKeys'
  | 'getChannelMemberCount'
  | 'queryPeersOnlineStatus'
  | 'renewToken'
  | 'getChannelAttributes'

export class FakeRtmClient
  extends RtmEmitter<RtmEvents.RtmClientEvents>
  implements Pick<RtmClient, ClientCalls>
{
  readonly channels: FakeRtmChannel[] = []
  /** What the next channel's getMembers answers. */
  members = ['1', '2']
  login = vi.fn<RtmClient['login']>(async () => undefined)
  logout = vi.fn<RtmClient['logout']>(async () => undefined)
  /** createChannel answers a fake channel (the SDK's parameter, a FakeRtmChannel back). */
  createChannel = vi.fn((...[id]: Parameters<RtmClient['createChannel']>) => {
    const channel = new FakeRtmChannel(id)
    channel.members = [...this.members]
    this.channels.push(channel)
    return channel
  })
  sendMessageToPeer = vi.fn<RtmClient['sendMessageToPeer']>(async () => ({
    hasPeerReceived: true,
  }))
  addOrUpdateChannelAttributes = vi.fn<RtmClient['addOrUpdateChannelAttributes']>(
    async () => undefined,
  )
  deleteChannelAttributesByKeys = vi.fn<RtmClient['deleteChannelAttributesByKeys']>(
    async () => undefined,
  )
  getChannelMemberCount = vi.fn<RtmClient['getChannelMemberCount']>(async (ids) =>
    Object.fromEntries(ids.map((id) => [id, 7])),
  )
  queryPeersOnlineStatus = vi.fn<RtmClient['queryPeersOnlineStatus']>(async (uids) =>
    Object.fromEntries(uids.map((u) => [u, u === '1'])),
  )
  renewToken = vi.fn<RtmClient['renewToken']>(async () => undefined)
  getChannelAttributes = vi.fn<RtmClient['getChannelAttributes']>(async () => ({
    mainScreen: { value: '3', lastUpdateUserId: '1', lastUpdateTs: 9 },
  }))
}

/** The SDK's default export, as far as the adapter uses it; `members`: each channel's members. */
export function fakeAgoraRtm(options: { members?: readonly string[] } = {}) {
  const clients: FakeRtmClient[] = []
  return {
    clients,
    /** The SDK's parameters; a FakeRtmClient back. */
    createInstance: vi.fn((..._args: Parameters<typeof AgoraRTM.createInstance>) => {
      const client = new FakeRtmClient()
      if (options.members) client.members = [...options.members]
      clients.push(client)
      return client
    }),
  }
}

export type FakeAgoraRtm = ReturnType<typeof fakeAgoraRtm>
