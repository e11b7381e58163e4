import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, enter, meeting, ROOM, SCENE, startServer, type TestServer } from '../harness'
import { janusHandles, settledHandles } from './sfu-peer'
import { sfuStage } from './sfu-stage'
import { until } from './werift-peer'

let server: TestServer
const stage = sfuStage(() => server)
const { open, publishingHost, speakingGuest, silenced } = stage
beforeAll(async () => {
  server = await startServer({ settings: { media: 'sfu' } })
})
afterAll(async () => {
  await stage.close()
  await server?.close()
})

describe('SFU signalling: our server owns every permission', () => {
  it('relays a host to a conferee who wants its streams', async () => {
    const { guestPeer, feed } = await publishingHost()
    expect(feed).toMatchObject({ source: 'camera', simulcast: false })
    expect(
      (
        await guestPeer.want([
          { feed: feed.feed, mid: feed.audio },
          { feed: feed.feed, mid: feed.video },
        ])
      ).t,
    ).toBe('ack')
    await until(
      () => guestPeer.receiver.received.audio > 10 && guestPeer.receiver.received.video > 10,
      30_000,
      'media',
    )
  })

  it('an ICE restart asked by a receiver comes as a new offer from Janus with new ICE credentials', async () => {
    const { guestPeer, feed } = await publishingHost()
    expect((await guestPeer.want([{ feed: feed.feed, mid: feed.video }])).t).toBe('ack')
    await until(() => guestPeer.receiver.received.video > 10, 30_000, 'video')
    const ufrag = (f: any) => /a=ice-ufrag:(\S+)/.exec(f.sdp)?.[1]
    const offers = () => guestPeer.socket.pushed.filter((f) => f.t === 'offer')
    const before = offers().length
    const first = ufrag(offers().at(-1))
    expect(first).toBeTruthy()
    expect((await guestPeer.socket.request({ t: 'restart' })).t).toBe('ack')
    await until(() => offers().length > before, 30_000, 'the restart offer')
    expect(ufrag(offers().at(-1))).not.toBe(first)
  })

  it('refuses a join whose rtc token is not for this uid and channel', async () => {
    const { host, guest } = await meeting(server)
    const peer = await open(guest)
    const forged = await peer.join({ token: host.me.rtcToken })
    expect(forged).toMatchObject({ t: 'error', code: 'unauthorized' })
    const garbage = await peer.join({ token: 'x.y' })
    expect(garbage).toMatchObject({ t: 'error', code: 'unauthorized' })
    expect(await peer.socket.request({ t: 'want', streams: [] })).toMatchObject({
      code: 'notJoined',
    })
  })

  it('[ROLE-4] refuses a publish without the grant before it reaches Janus', async () => {
    const { guest } = await meeting(server)
    const peer = await open(guest)
    expect((await peer.join()).t).toBe('ack')
    const before = await settledHandles(server)
    expect(await peer.publish({ audio: true })).toMatchObject({ t: 'error', code: 'forbidden' })
    expect(await peer.publish({ video: true })).toMatchObject({ t: 'error', code: 'forbidden' })
    expect(await janusHandles(server)).toBe(before)
  })

  it('[ROLE-4] a conferee asking for audio and video at entry is not granted them: its publish is refused before Janus', async () => {
    const { host } = await meeting(server)
    const client = new Client(server.url)
    const { body } = await client.post(`${ROOM}room/entry`, {
      roomName: host.room.roomName,
      userName: 'Self-granted',
      roomType: 2,
      role: 2,
      password: 'pw',
      enableAudio: 1,
      enableVideo: 1,
    })
    expect(body.data.me).toMatchObject({ enableAudio: 0, enableVideo: 0 })
    const peer = await open({ client, me: body.data.me, room: body.data.roomInfo, path: host.path })
    expect((await peer.join()).t).toBe('ack')
    const before = await settledHandles(server)
    expect(await peer.publish({ audio: true })).toMatchObject({ t: 'error', code: 'forbidden' })
    expect(await peer.publish({ video: true })).toMatchObject({ t: 'error', code: 'forbidden' })
    expect(await janusHandles(server)).toBe(before)
  })

  it('[MSG-5] the CDN audience, and a conferee publishing nothing on CDN watch, are refused the media session or leave it', async () => {
    const { host, guest, audience, roomId } = await meeting(server, true)
    expect((await (await open(audience)).join()).code).toBe('forbidden')
    // Watch type 1 (everyone in the media session): the conferee joins.
    const before = await open(guest)
    expect((await before.join()).t).toBe('ack')
    const watch = (audienceWatchType: number) =>
      host.client.post(`${SCENE}meeting/room/update`, { roomId, audienceWatchType })
    expect((await watch(2)).body.code).toBe(0)
    // On CDN watch now: its session ends, and it cannot join again.
    expect(await before.socket.next((f) => f.t === 'closed', 30_000)).toMatchObject({
      reason: 'watchesLive',
    })
    expect((await (await open(guest)).join()).code).toBe('forbidden')
    // Granted the camera, it takes part again; the host always does.
    const hostPeer = await open(host)
    expect((await hostPeer.join()).t).toBe('ack')
    await host.client.post(`${host.path}/user/${guest.me.uid}`, { enableVideo: 1 })
    const granted = await open(guest)
    expect((await granted.join()).t).toBe('ack')
    // The grant revoked: back to the live stream.
    await host.client.post(`${host.path}/user/${guest.me.uid}`, { enableVideo: 0 })
    expect(await granted.socket.next((f) => f.t === 'closed', 30_000)).toMatchObject({
      reason: 'watchesLive',
    })
    expect(hostPeer.socket.pushed.some((f) => f.t === 'closed')).toBe(false)
  })

  it('[ROLE-4] a conferee granted video publishes video, and still not audio', async () => {
    const { host, guest } = await meeting(server)
    await host.client.post(`${host.path}/user/${guest.me.uid}`, { enableVideo: 1 })
    const peer = await open(guest)
    await peer.join()
    expect(await peer.publish({ audio: true, video: true })).toMatchObject({ code: 'forbidden' })
    expect((await peer.publish({ video: true })).t).toBe('ack')
  })

  it("refuses a subscription to another room's feed, and a forged feed id, before Janus hears of it", async () => {
    const { feed } = await publishingHost()
    const other = await meeting(server)
    const stranger = await open(other.guest)
    expect((await stranger.join()).t).toBe('ack')
    const before = await settledHandles(server)
    expect(await stranger.want([{ feed: feed.feed, mid: feed.video }])).toMatchObject({
      t: 'error',
      code: 'unknownFeed',
    })
    expect(await stranger.want([{ feed: 123456789, mid: '0' }])).toMatchObject({
      code: 'unknownFeed',
    })
    expect(await janusHandles(server)).toBe(before)
  })

  it('refuses a screen share without the screen token', async () => {
    const { host } = await meeting(server)
    const peer = await open(host)
    await peer.join()
    expect(await peer.publish({ video: true }, 'screen')).toMatchObject({ code: 'unauthorized' })
    expect((await peer.publish({ video: true }, 'screen', host.me.screenToken)).t).toBe('ack')
    await until(
      () => peer.feeds().some((f) => f.source === 'screen' && f.tile === host.me.screenId),
      30_000,
      'the share',
    )
  })

  it('refuses frames that are not the protocol', async () => {
    const { guest } = await meeting(server)
    const peer = await open(guest)
    peer.socket.sendRaw('not json')
    expect(await peer.socket.next((f) => f.t === 'error')).toMatchObject({ code: 'badFrame' })
    expect(
      await peer.socket.request({ t: 'want', streams: [{ feed: -1, mid: '0' }] }),
    ).toMatchObject({
      code: 'badFrame',
    })
  })
})

describe('SFU signalling: who talks', () => {
  it('the active speaker: our server passes on Janus audio levels as talking on and off, by tile', async () => {
    const { host, guest, name } = await meeting(server)
    const speaker = await open(host)
    const listener = await open(guest)
    expect((await speaker.join()).t).toBe('ack')
    expect((await listener.join()).t).toBe('ack')
    expect((await speaker.publish({ audio: true, levels: true })).t).toBe('ack')
    const mic = speaker.senders.at(-1)!
    // Silence first: nobody is said to talk.
    await new Promise((r) => setTimeout(r, 1500))
    expect(listener.socket.pushed.some((f) => f.t === 'talking')).toBe(false)
    mic.audioLevel = 10
    expect(
      await listener.socket.next((f) => f.t === 'talking' && f.on === true, 30_000),
    ).toMatchObject({ tile: host.me.uid })
    mic.audioLevel = 127
    expect(
      await listener.socket.next((f) => f.t === 'talking' && f.on === false, 30_000),
    ).toMatchObject({ tile: host.me.uid })
    // Talking when the microphone goes: stopped, though Janus hears no audio to say so.
    const from = listener.socket.pushed.length
    const said = (on: boolean) =>
      listener.socket.pushed.slice(from).some((f) => f.t === 'talking' && f.on === on)
    mic.audioLevel = 10
    await until(() => said(true), 30_000, 'talking again')
    // Who joins while someone talks is told so (Janus said it once, before).
    const late = await open(await enter(server, { roomName: name, role: 2 }))
    expect((await late.join()).t).toBe('ack')
    expect(late.socket.pushed.find((f) => f.t === 'talking')).toMatchObject({
      tile: host.me.uid,
      on: true,
    })
    expect((await speaker.socket.request({ t: 'unpublish', source: 'camera' })).t).toBe('ack')
    await until(() => said(false), 30_000, 'stopped with the microphone')
  })
})

describe('SFU signalling: moderation follows the room', () => {
  it('[MUTE-2] forced mute silences a conferee at the SFU, not only in its client', async () => {
    const { host, guest, hostPeer, speaker } = await speakingGuest()
    // The host mutes everyone; the guest's client keeps sending.
    expect((await host.client.post(host.path, { muteAllAudio: 1 })).body.code).toBe(0)
    const muted = await silenced(speaker, hostPeer)
    // Enabled again by the host: the SFU lets it through again.
    await host.client.post(host.path, { muteAllAudio: 0 })
    await host.client.post(`${host.path}/user/${guest.me.uid}`, { enableAudio: 1 })
    await until(() => hostPeer.receiver.received.audio > muted + 10, 30_000, 'audio released')
  })

  it('[MUTE-4] [MUTE-6] mute-all 2 silences a conferee at the SFU; the host accepting its request to speak lets it through while mute-all stays 2', async () => {
    const { host, guest, hostPeer, speaker } = await speakingGuest()
    expect((await host.client.post(host.path, { muteAllAudio: 2 })).body.code).toBe(0)
    const muted = await silenced(speaker, hostPeer)
    expect((await guest.client.post(`${guest.path}/apply`, { type: 1, action: 1 })).body.code).toBe(
      0,
    )
    const answer = { type: 1, action: 1, to: guest.me.uid }
    expect((await host.client.post(`${host.path}/apply`, answer)).body.code).toBe(0)
    await speaker.socket.next((f) => f.t === 'moderated' && f.kind === 'audio' && !f.muted, 30_000)
    await until(() => hostPeer.receiver.received.audio > muted + 10, 30_000, 'audio released')
  })

  it('[KICK-3] a kicked member is out of the Janus room at once and its media session closes', async () => {
    const { host, guest, hostPeer, guestPeer: kicked } = await publishingHost()
    await host.client.post(`${host.path}/user/${guest.me.uid}`, { enableVideo: 1 })
    expect((await kicked.publish({ video: true })).t).toBe('ack')
    await until(
      () => hostPeer.feeds().some((f) => f.uid === guest.me.uid),
      30_000,
      'the guest feed',
    )
    await host.client.get(`${host.path}/user/${guest.me.uid}/exit?reason=kickUserBy`)
    expect(await kicked.socket.next((f) => f.t === 'closed')).toMatchObject({ reason: 'kicked' })
    await until(
      () => !hostPeer.feeds().some((f) => f.uid === guest.me.uid),
      30_000,
      'the feed gone',
    )
    const again = await open(guest)
    expect(await again.join()).toMatchObject({ t: 'error', code: 'notInRoom' })
  })

  it('[END-1] the end of the meeting closes every media session and the Janus room', async () => {
    const { host, hostPeer, guestPeer } = await publishingHost()
    await host.client.post(host.path, { state: 0 })
    expect(await hostPeer.socket.next((f) => f.t === 'closed')).toMatchObject({ reason: 'ended' })
    expect(await guestPeer.socket.next((f) => f.t === 'closed')).toMatchObject({ reason: 'ended' })
    const { media } = server.app
    const ref = media.roomRef(host.room.channelName)
    await expect(
      (async () => {
        for (;;) {
          await media.serverFor(host.room.channelName).rooms.publishers(ref)
          await new Promise((r) => setTimeout(r, 100))
        }
      })(),
    ).rejects.toThrow(/426/)
    const late = await open(await enter(server, { roomName: `late-${Date.now()}`, role: 1 }))
    expect((await late.join()).t).toBe('ack')
  })
})

describe('SFU signalling: the media server going away', () => {
  it('tells every session when Janus dies and when it is back, and a new join publishes again', async () => {
    const { hostPeer } = await publishingHost()
    const supervisor = server.app.media.supervisor!
    const killedAt = Date.now()
    process.kill(supervisor.pid!, 'SIGKILL')
    expect(await hostPeer.socket.next((f) => f.t === 'state' && !f.up, 30_000)).toBeTruthy()
    const down = Date.now() - killedAt
    expect(await hostPeer.socket.next((f) => f.t === 'state' && f.up, 30_000)).toBeTruthy()
    const up = Date.now() - killedAt
    expect((await hostPeer.join()).t).toBe('ack')
    expect((await hostPeer.publish({ audio: true, video: true })).t).toBe('ack')
    await until(
      () => hostPeer.feeds().some((f) => f.uid === hostPeer.who.me.uid),
      30_000,
      'published again',
    )
    // Figures for the faults survived (issue 16): printed, never asserted on time.
    console.log(
      `janus killed: sessions told ${down} ms after, back up ${up} ms, published again ${Date.now() - killedAt} ms`,
    )
  })
})
