import { expect } from 'vitest'
import { meeting, type TestServer } from '../harness'
import { SfuPeer } from './sfu-peer'
import { settled, until } from './werift-peer'

/**
 * The SFU signalling tests' stage on one server: media peers it closes at the end, a publishing
 * host with a conferee receiving it, a conferee heard by the host, and the check that a speaker
 * was silenced at the SFU.
 */
export function sfuStage(server: () => TestServer) {
  const peers: SfuPeer[] = []
  const open = async (who: Parameters<typeof SfuPeer.open>[1]) => {
    const peer = await SfuPeer.open(server(), who)
    peers.push(peer)
    return peer
  }

  /** A host publishing audio and video, and a conferee, both joined to the room's media. */
  async function publishingHost() {
    const room = await meeting(server())
    const host = await open(room.host)
    const guest = await open(room.guest)
    expect((await host.join()).t).toBe('ack')
    expect((await guest.join()).t).toBe('ack')
    expect((await host.publish({ audio: true, video: true })).t).toBe('ack')
    await until(
      () => guest.feeds().some((f) => f.uid === room.host.me.uid && f.audio && f.video),
      30_000,
      'the host feed',
    )
    const feed = guest.feeds().find((f) => f.uid === room.host.me.uid)
    return { ...room, hostPeer: host, guestPeer: guest, feed }
  }

  /** The host's room with the conferee granted the microphone, sending it, and the host hearing it. */
  async function speakingGuest() {
    const room = await publishingHost()
    const { host, guest, hostPeer, guestPeer: speaker } = room
    await host.client.post(`${host.path}/user/${guest.me.uid}`, { enableAudio: 1 })
    expect((await speaker.publish({ audio: true })).t).toBe('ack')
    await until(
      () => hostPeer.feeds().some((f) => f.uid === guest.me.uid && f.audio),
      30_000,
      'the guest feed',
    )
    const feed = hostPeer.feeds().find((f) => f.uid === guest.me.uid)
    await hostPeer.want([{ feed: feed.feed, mid: feed.audio }])
    await until(() => hostPeer.receiver.received.audio > 10, 30_000, 'guest audio')
    return { ...room, speaker }
  }

  /**
   * The speaker is told its audio is muted at the SFU, and the listener then gets none of it (its
   * client keeps sending); answers the count of audio packets the listener got.
   */
  async function silenced(speaker: SfuPeer, listener: SfuPeer): Promise<number> {
    await speaker.socket.next((f) => f.t === 'moderated' && f.kind === 'audio' && f.muted, 30_000)
    const muted = await settled(() => listener.receiver.received.audio, 'the muted audio')
    await new Promise((r) => setTimeout(r, 1000))
    expect(listener.receiver.received.audio).toBe(muted)
    return muted
  }

  return {
    open,
    publishingHost,
    speakingGuest,
    silenced,
    async close() {
      for (const peer of peers) await peer.close().catch(() => undefined)
    },
  }
}
