import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Event } from '@streams/events'

type Listener = (...args: any[]) => void

class Emitter {
  private readonly listeners = new Map<string, Set<Listener>>()
  on = vi.fn((name: string, f: Listener) => {
    let set = this.listeners.get(name)
    if (!set) this.listeners.set(name, (set = new Set()))
    set.add(f)
  })
  off = vi.fn((name: string, f: Listener) => void this.listeners.get(name)?.delete(f))
  emit(name: string, ...args: unknown[]) {
    for (const f of this.listeners.get(name) ?? []) f(...args)
  }
  count() {
    let n = 0
    for (const set of this.listeners.values()) n += set.size
    return n
  }
}

class FakeChannel extends Emitter {
  join = vi.fn(async () => undefined)
  leave = vi.fn(async () => undefined)
  getMembers = vi.fn(async () => ['1', '2'])
  sendMessage = vi.fn(async (_m: unknown) => undefined)
  constructor(readonly id: string) {
    super()
  }
}

class FakeClient extends Emitter {
  channels: FakeChannel[] = []
  login = vi.fn(async (_o: unknown) => undefined)
  logout = vi.fn(async () => undefined)
  createChannel = vi.fn((id: string) => {
    const channel = new FakeChannel(id)
    this.channels.push(channel)
    return channel
  })
  sendMessageToPeer = vi.fn(async (_m: unknown, _to: string) => ({ hasPeerReceived: true }))
  addOrUpdateChannelAttributes = vi.fn(async (..._a: unknown[]) => undefined)
  deleteChannelAttributesByKeys = vi.fn(async (..._a: unknown[]) => undefined)
  getChannelMemberCount = vi.fn(async (ids: string[]) => ({ [ids[0] ?? '']: 7 }))
  queryPeersOnlineStatus = vi.fn(async (uids: string[]) =>
    Object.fromEntries(uids.map((u) => [u, u === '1'])),
  )
  renewToken = vi.fn(async (_t: string) => undefined)
  getChannelAttributes = vi.fn(async (_ch: string) => ({
    mainScreen: { value: '3', lastUpdateUserId: '1', lastUpdateTs: 9 },
  }))
}

const rtm = vi.hoisted(() => ({ clients: [] as any[], createInstance: undefined as any }))
vi.mock('agora-rtm-sdk', () => ({
  default: {
    createInstance: (...args: unknown[]) => rtm.createInstance(...args),
  },
}))

const { AgoraMessaging } = await import('../../../src/adapters/agora-rtm/agora-messaging')

async function loggedIn() {
  const messaging = new AgoraMessaging('app-id')
  const events: Event[] = []
  messaging.events$.subscribe((e) => events.push(e))
  await messaging.login('1', 'rtm-token')
  const client = rtm.clients[0] as FakeClient
  return { messaging, events, client }
}

describe('AgoraMessaging: agora-rtm-sdk 1.x callbacks as events', () => {
  beforeEach(() => {
    rtm.clients = []
    rtm.createInstance = vi.fn((_appId: string, _config: unknown) => {
      const client = new FakeClient()
      rtm.clients.push(client)
      return client
    })
  })

  it('logs in with createInstance(appId) and our token, then reports rtm/loggedIn', async () => {
    const { client, events } = await loggedIn()
    expect(rtm.createInstance).toHaveBeenCalledWith('app-id', { enableLogUpload: false })
    expect(client.login).toHaveBeenCalledWith({ uid: '1', token: 'rtm-token' })
    expect(events).toEqual([{ type: 'rtm/loggedIn', uid: '1' }])
  })

  it('joins the channel and answers its members', async () => {
    const { messaging, client } = await loggedIn()
    expect(await messaging.join('room-ch')).toEqual(['1', '2'])
    expect(client.createChannel).toHaveBeenCalledWith('room-ch')
    expect(client.channels[0]?.join).toHaveBeenCalled()
  })

  it('[MSG-1] a channel text is decoded by the core’s codec; another version is dropped', async () => {
    const { messaging, events, client } = await loggedIn()
    await messaging.join('room-ch')
    const channel = client.channels[0] as FakeChannel
    const chat = {
      cmd: 1,
      version: 1,
      timestamp: 5,
      data: { userId: 'u2', userName: 'Bo', message: 'hi' },
    }
    channel.emit('ChannelMessage', { text: JSON.stringify(chat), messageType: 'TEXT' }, '2', {})
    channel.emit('ChannelMessage', { text: JSON.stringify({ ...chat, version: 2 }) }, '2', {})
    channel.emit('ChannelMessage', { rawMessage: new Uint8Array(1), messageType: 'RAW' }, '2', {})
    expect(events.slice(1)).toEqual([
      { type: 'msg/chatReceived', from: '2', timestamp: 5, data: chat.data },
      { type: 'msg/dropped', from: '2', reason: 'version 2 ignored', cmd: 1 },
      { type: 'msg/dropped', from: '2', reason: 'not a text message' },
    ])
  })

  it('[MSG-9] maps MemberJoined, MemberLeft, MemberCountUpdated and AttributesUpdated', async () => {
    const { messaging, events, client } = await loggedIn()
    await messaging.join('room-ch')
    const channel = client.channels[0] as FakeChannel
    channel.emit('MemberJoined', '3')
    channel.emit('MemberLeft', '2')
    channel.emit('MemberCountUpdated', 2)
    channel.emit('AttributesUpdated', {
      mainScreen: { value: '3', lastUpdateUserId: '1', lastUpdateTs: 9 },
    })
    expect(events.slice(1)).toEqual([
      { type: 'rtm/memberJoined', uid: '3' },
      { type: 'rtm/memberLeft', uid: '2' },
      { type: 'rtm/memberCountUpdated', count: 2 },
      { type: 'rtm/attributesUpdated', attributes: { mainScreen: '3' } },
    ])
  })

  it('maps ConnectionStateChanged (a login elsewhere is ABORTED REMOTE_LOGIN) and token expiry', async () => {
    const { events, client } = await loggedIn()
    client.emit('ConnectionStateChanged', 'ABORTED', 'REMOTE_LOGIN')
    client.emit('TokenPrivilegeWillExpire')
    client.emit('TokenExpired')
    expect(events.slice(1)).toEqual([
      { type: 'rtm/connectionStateChanged', state: 'ABORTED', reason: 'REMOTE_LOGIN' },
      { type: 'rtm/tokenWillExpire' },
      { type: 'rtm/tokenExpired' },
    ])
  })

  it('[APPLY-5] a peer text is decoded by the core’s peer codec', async () => {
    const { events, client } = await loggedIn()
    const apply = {
      cmd: 2,
      version: 1,
      timestamp: 7,
      data: { userId: 'u2', userName: 'Bo', uid: '2', type: 1, role: 1 },
    }
    client.emit('MessageFromPeer', { text: JSON.stringify(apply), messageType: 'TEXT' }, '2', {})
    expect(events.at(-1)).toMatchObject({ type: 'peer/applyReceived', from: '2' })
  })

  it('sends channel and peer messages as text messages', async () => {
    const { messaging, client } = await loggedIn()
    await messaging.join('room-ch')
    await messaging.sendChannelMessage('{"cmd":1}')
    await messaging.sendPeerMessage('2', '{"cmd":4}')
    expect(client.channels[0]?.sendMessage).toHaveBeenCalledWith({ text: '{"cmd":1}' })
    expect(client.sendMessageToPeer).toHaveBeenCalledWith({ text: '{"cmd":4}' }, '2')
  })

  it('attributes, member count, online status and token renewal go to the SDK calls', async () => {
    const { messaging, client } = await loggedIn()
    await messaging.join('room-ch')
    await messaging.addOrUpdateAttributes({ mainScreen: '3' })
    expect(client.addOrUpdateChannelAttributes).toHaveBeenCalledWith(
      'room-ch',
      { mainScreen: '3' },
      { enableNotificationToChannelMembers: true },
    )
    await messaging.deleteAttributes(['mainScreen'])
    expect(client.deleteChannelAttributesByKeys).toHaveBeenCalledWith('room-ch', ['mainScreen'], {
      enableNotificationToChannelMembers: true,
    })
    expect(await messaging.getAttributes()).toEqual({ mainScreen: '3' })
    expect(await messaging.getMemberCount()).toBe(7)
    expect(await messaging.queryPeersOnline(['1', '2'])).toEqual({ '1': true, '2': false })
    await messaging.renewToken('fresh')
    expect(client.renewToken).toHaveBeenCalledWith('fresh')
  })

  it('[EXIT-3] leaving and logging out unbind every callback', async () => {
    const { messaging, client } = await loggedIn()
    await messaging.join('room-ch')
    const channel = client.channels[0] as FakeChannel
    await messaging.leave()
    await messaging.logout()
    expect(channel.leave).toHaveBeenCalled()
    expect(client.logout).toHaveBeenCalled()
    expect(channel.count()).toBe(0)
    expect(client.count()).toBe(0)
  })

  it('a failed join leaves no callback bound and rejects, so the core reports it ([ENTRY-9])', async () => {
    const { messaging, client } = await loggedIn()
    client.createChannel.mockImplementationOnce((id: string) => {
      const channel = new FakeChannel(id)
      channel.join.mockRejectedValueOnce(new Error('join failed'))
      client.channels.push(channel)
      return channel
    })
    await expect(messaging.join('room-ch')).rejects.toThrow('join failed')
    expect(client.channels[0]?.count()).toBe(0)
  })
})
