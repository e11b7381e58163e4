import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Event } from '@streams/events'
import { fakeAgoraRtm, FakeRtmChannel, type FakeAgoraRtm } from './fake-rtm'

const rtm = vi.hoisted(() => ({ current: undefined as unknown }))
vi.mock('agora-rtm-sdk', () => ({
  get default() {
    return rtm.current
  },
}))

const { AgoraMessaging } = await import('../../../src/adapters/agora-rtm/agora-messaging')

let sdk: FakeAgoraRtm = fakeAgoraRtm()

async function loggedIn() {
  const messaging = new AgoraMessaging('app-id')
  const events: Event[] = []
  messaging.events$.subscribe((e) => events.push(e))
  await messaging.login('1', 'rtm-token')
  const client = sdk.clients[0]
  if (!client) throw new Error('no RTM client was created')
  return { messaging, events, client }
}

describe('AgoraMessaging: agora-rtm-sdk 1.x callbacks as events', () => {
  beforeEach(() => {
    sdk = fakeAgoraRtm()
    rtm.current = sdk
  })

  it('logs in with createInstance(appId) and our token, then reports rtm/loggedIn', async () => {
    const { client, events } = await loggedIn()
    expect(sdk.createInstance).toHaveBeenCalledWith('app-id', { enableLogUpload: false })
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
    const channel = client.channels[0] as FakeRtmChannel
    const chat = {
      cmd: 1,
      version: 1,
      timestamp: 5,
      data: { userId: 'u2', userName: 'Bo', message: 'hi' },
    }
    channel.emit('ChannelMessage', { text: JSON.stringify(chat), messageType: 'TEXT' }, '2', {
      serverReceivedTs: 5,
    })
    channel.emit('ChannelMessage', { text: JSON.stringify({ ...chat, version: 2 }) }, '2', {
      serverReceivedTs: 5,
    })
    channel.emit('ChannelMessage', { rawMessage: new Uint8Array(1), messageType: 'RAW' }, '2', {
      serverReceivedTs: 5,
    })
    expect(events.slice(1)).toEqual([
      { type: 'msg/chatReceived', from: '2', timestamp: 5, data: chat.data },
      { type: 'msg/dropped', from: '2', reason: 'version 2 ignored', cmd: 1 },
      { type: 'msg/dropped', from: '2', reason: 'not a text message' },
    ])
  })

  it('[MSG-9] maps MemberJoined, MemberLeft, MemberCountUpdated and AttributesUpdated', async () => {
    const { messaging, events, client } = await loggedIn()
    await messaging.join('room-ch')
    const channel = client.channels[0] as FakeRtmChannel
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
    client.emit('MessageFromPeer', { text: JSON.stringify(apply), messageType: 'TEXT' }, '2', {
      serverReceivedTs: 5,
    })
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
    const channel = client.channels[0] as FakeRtmChannel
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
      const channel = new FakeRtmChannel(id)
      channel.join.mockRejectedValueOnce(new Error('join failed'))
      client.channels.push(channel)
      return channel
    })
    await expect(messaging.join('room-ch')).rejects.toThrow('join failed')
    expect(client.channels[0]?.count()).toBe(0)
  })
})
