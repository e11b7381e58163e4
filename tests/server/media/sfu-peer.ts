import Janode from 'janode'
import type { TestServer, Entered } from '../harness'
import { RtmClient } from '../harness'
import { WeriftPublisher, WeriftSubscriber } from './werift-peer'

/**
 * A headless participant of the SFU signalling (/sfu): it joins with its rtc token, publishes
 * werift tracks, and receives what it wants, answering the server's offers.
 */
export class SfuPeer {
  readonly receiver = new WeriftSubscriber()
  readonly senders: WeriftPublisher[] = []

  private constructor(
    readonly socket: RtmClient,
    readonly who: Entered,
  ) {
    // Every offer is answered (the first, after each change, after a publisher leaves).
    socket.socket.on('message', (raw) => {
      const frame = JSON.parse(raw.toString())
      if (frame.t !== 'offer') return
      void this.receiver
        .answer({ type: 'offer', sdp: frame.sdp })
        .then((answer) => this.socket.request({ t: 'answer', sdp: answer.sdp }))
        // An offer that meets a closed member (the test closed it meanwhile) is dropped.
        .catch((error: unknown) => {
          if (!this.closed) throw error
        })
    })
  }

  static async open(server: TestServer, who: Entered): Promise<SfuPeer> {
    return new SfuPeer(await RtmClient.open(server.url.replace('http', 'ws') + '/sfu'), who)
  }

  join(overrides: Record<string, unknown> = {}) {
    return this.socket.request({
      t: 'join',
      channel: this.who.room.channelName,
      uid: this.who.me.uid,
      token: this.who.me.rtcToken,
      ...overrides,
    })
  }

  /**
   * Publishes a werift offer of these kinds (`levels`: audio levels in the packets); answers the
   * server's frame (ack or error).
   */
  async publish(
    kinds: { audio?: boolean; video?: boolean; levels?: boolean },
    source = 'camera',
    token?: string,
  ) {
    const sender = new WeriftPublisher(kinds, { levels: kinds.levels === true })
    this.senders.push(sender)
    const offer = await sender.offer()
    const answer = await this.socket.request({
      t: 'publish',
      source,
      sdp: offer.sdp,
      ...(token ? { token } : {}),
    })
    if (answer.t === 'ack') {
      await sender.answered({ type: 'answer', sdp: answer.data.sdp })
      sender.start()
    }
    return answer
  }

  want(streams: { feed: number; mid: string; substream?: number }[]) {
    return this.socket.request({ t: 'want', streams })
  }

  /** The room's feeds as last pushed (or answered to the join). */
  feeds(): any[] {
    const pushed = this.socket.pushed.filter((f) => f.t === 'feeds')
    return pushed.at(-1)?.feeds ?? []
  }

  private closed = false

  async close(): Promise<void> {
    this.closed = true
    this.socket.close()
    await this.receiver.close()
    for (const sender of this.senders) await sender.close()
  }
}

/** How many handles Janus holds now, across our sessions (from its Admin API). */
export async function janusHandles(server: TestServer): Promise<number> {
  const state = server.app.media.supervisor?.current
  if (state?.kind !== 'up') throw new Error('our Janus is not up')
  const { adminUrl, adminSecret } = state.endpoint
  const admin = await Janode.connect({
    address: { url: adminUrl!, apisecret: adminSecret },
    is_admin: true,
    max_retries: 0,
  })
  admin.on(Janode.EVENT.CONNECTION_ERROR, () => undefined)
  try {
    const { sessions } = await admin.listSessions()
    let total = 0
    for (const session of sessions) {
      const { handles } = await admin.listHandles(session)
      total += handles.length
    }
    return total
  } finally {
    await admin.close().catch(() => undefined)
  }
}

/**
 * Janus's handle count once it stands still for 200 ms: a session attaches the handle it will
 * receive through just after its join is answered.
 */
export async function settledHandles(server: TestServer): Promise<number> {
  let last = await janusHandles(server)
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 200))
    const now = await janusHandles(server)
    if (now === last) return now
    last = now
  }
  throw new Error('the count of Janus handles never settled')
}
