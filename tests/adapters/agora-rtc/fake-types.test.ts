import type { IAgoraRTC, IAgoraRTCClient, ICameraVideoTrack } from 'agora-rtc-sdk-ng'
import type { RtmChannel, RtmClient } from 'agora-rtm-sdk'
import { describe, expectTypeOf, it } from 'vitest'
import { FakeRtmChannel, FakeRtmClient } from '../agora-rtm/fake-rtm'
import { FakeCameraTrack, FakeClient, fakeAgoraRtc, remoteUser } from './fake-agora'

/**
 * The fakes are typed from the SDKs' own declarations: `npm run typecheck` checks these lines
 * (each `@ts-expect-error` must meet an error, or the typecheck fails), and the run checks that
 * the fakes answer what the SDKs' signatures say.
 */
describe('typed SDK fakes', () => {
  it('carry the SDKs’ own signatures', () => {
    const client = new FakeClient({ mode: 'live', codec: 'vp8' })
    expectTypeOf(client.join).parameters.toEqualTypeOf<Parameters<IAgoraRTCClient['join']>>()
    expectTypeOf(client.join).returns.toEqualTypeOf<ReturnType<IAgoraRTCClient['join']>>()
    expectTypeOf(client.setLiveTranscoding).parameters.toEqualTypeOf<
      Parameters<IAgoraRTCClient['setLiveTranscoding']>
    >()
    expectTypeOf(new FakeCameraTrack(undefined).setEncoderConfiguration).parameters.toEqualTypeOf<
      Parameters<ICameraVideoTrack['setEncoderConfiguration']>
    >()
    expectTypeOf(fakeAgoraRtc().getDevices).toExtend<IAgoraRTC['getDevices']>()
    expectTypeOf(new FakeRtmClient().renewToken).toExtend<RtmClient['renewToken']>()
    expectTypeOf(new FakeRtmChannel('c').sendMessage).parameters.toEqualTypeOf<
      Parameters<RtmChannel['sendMessage']>
    >()
  })

  it('refuse what the SDKs would refuse (compile-time checks)', () => {
    const refused = (client: FakeClient, rtm: FakeRtmClient, channel: FakeRtmChannel) => {
      // @ts-expect-error join answers the uid, not a list
      client.join.mockResolvedValue(['1'])
      // @ts-expect-error renewToken takes a token string
      client.renewToken.mockImplementation(async (_token: number) => undefined)
      // @ts-expect-error the client has no such event
      client.emit('user-joinned', remoteUser(1))
      // @ts-expect-error user-left passes the user and a reason string
      client.emit('user-left', remoteUser(1), 42)
      // @ts-expect-error connection-state-change passes connection states
      client.emit('connection-state-change', 'ONLINE', 'CONNECTED')
      // @ts-expect-error the RTM client has no such event
      rtm.emit('TokenWillExpire')
      // @ts-expect-error a channel message comes with the sender and the message's properties
      channel.emit('ChannelMessage', { text: 'hi' }, '2')
      // @ts-expect-error login takes { uid, token }
      rtm.login.mockImplementation(async (_uid: string) => undefined)
    }
    expectTypeOf(refused).toBeFunction()
  })
})
