import type { Member } from '@streams/wire/member'
import {
  SfuError,
  type SfuClientFrame,
  type SfuCloseReason,
  type SfuPc,
  type SfuServerFrame,
} from '@streams/wire/sfu'
import { displayOf } from '../janus/display'
import { newFeedId } from '../janus/monitor'
import type { SubscriberHandle } from '../janus/participant'
import { PublisherHandle, type HandleEvents } from '../janus/participant'
import { VideoRoomError, errorCode } from '../janus/protocol'
import type { SfuRoom } from './room'
import { checkOffer } from './publish-check'
import { SfuRefusal } from './refusal'
import { Subscription } from './subscription'

/** What a session needs from the service: who the caller is, and the room's media. */
export interface SessionHost {
  /** Checks the join's token and membership; answers the member and its room. */
  admit(frame: Extract<SfuClientFrame, { t: 'join' }>): Promise<{ member: Member; room: SfuRoom }>
  /** The member as the database has it now (grants change during a meeting). */
  member(room: SfuRoom, uid: string): Promise<Member | undefined>
  /** Checks a screen token for the member's screen uid. */
  screenTokenValid(token: string | undefined, member: Member, channel: string): boolean
}

/** Janus's error for a JSEP whose SDP it cannot read. */
const JANUS_INVALID_SDP = 465

type Publishers = { camera?: PublisherHandle; screen?: PublisherHandle }

/**
 * One browser's SFU signalling: it joins its room's media, publishes and receives through Janus,
 * and every request is checked (token, membership, grants, feeds of this room) before anything
 * reaches Janus. Requests are handled one at a time, in order.
 */
export class SfuSession {
  private queue: Promise<void> = Promise.resolve()
  private room: SfuRoom | undefined
  private member: Member | undefined
  private readonly publishers: Publishers = {}
  private subscription: Subscription | undefined
  private closed = false

  constructor(
    private readonly host: SessionHost,
    private readonly out: (frame: SfuServerFrame) => void,
    private readonly end: () => void,
  ) {}

  get uid(): string {
    return this.member?.uid ?? ''
  }

  /** The Janus server of the room joined, if any. */
  get server(): SfuRoom['server'] | undefined {
    return this.room?.server
  }

  send(frame: SfuServerFrame): void {
    if (!this.closed) this.out(frame)
  }

  /** Takes one validated frame; its answer (ack or error) is sent when its turn comes. */
  receive(frame: SfuClientFrame): void {
    this.queue = this.queue.then(async () => {
      if (this.closed) return
      try {
        const data = await this.handle(frame)
        this.send(
          data === undefined ? { t: 'ack', id: frame.id } : { t: 'ack', id: frame.id, data },
        )
      } catch (error) {
        const refusal =
          error instanceof SfuRefusal
            ? error
            : new SfuRefusal(SfuError.failed, (error as Error).message)
        this.send({ t: 'error', id: frame.id, code: refusal.code, message: refusal.message })
      }
    })
  }

  private async handle(frame: SfuClientFrame): Promise<unknown> {
    if (frame.t === 'ping') return undefined
    if (frame.t === 'join') return this.join(frame)
    const room = this.room
    const member = this.member
    if (!room || !member) throw new SfuRefusal(SfuError.notJoined, 'join the media session first')
    switch (frame.t) {
      case 'publish':
        return { sdp: await this.publish(room, frame) }
      case 'unpublish':
        await this.unpublish(frame.source)
        return undefined
      case 'want':
        await this.receiving(room).want(frame.streams)
        return undefined
      case 'answer':
        try {
          await this.receiving(room).answer(frame.sdp)
        } catch (error) {
          // Janus's 465: what the client sent is not an SDP (its refusal, not our failure).
          if (errorCode(error) === JANUS_INVALID_SDP || /^465 /.test((error as Error).message))
            throw new SfuRefusal(SfuError.badSdp, 'the media server refused the answer')
          throw error
        }
        return undefined
      case 'layer':
        await this.receiving(room).layer(frame.feed, frame.mid, frame.substream)
        return undefined
      case 'trickle':
        await this.handleOf(frame.pc)?.trickle(frame.candidates)
        return undefined
      case 'restart':
        await this.subscription?.restart()
        return undefined
      case 'leave':
        this.close('left')
        return undefined
    }
  }

  private async join(frame: Extract<SfuClientFrame, { t: 'join' }>) {
    const { member, room } = await this.host.admit(frame)
    if (this.room && this.room !== room) this.room.remove(this)
    await this.dropMedia()
    this.member = member
    this.room = room
    room.add(this)
    if (!room.server.link.up)
      throw new SfuRefusal(SfuError.unavailable, 'the media server is unavailable')
    try {
      await room.ready()
    } catch (error) {
      throw new SfuRefusal(
        SfuError.unavailable,
        `the media server is unavailable (${(error as Error).message})`,
      )
    }
    // What it will receive: the Janus handle is attached now, not on its first want.
    this.receiving(room).prepare()
    for (const tile of room.talkingTiles()) this.send({ t: 'talking', tile, on: true })
    return { feeds: room.feeds() }
  }

  private async publish(room: SfuRoom, frame: Extract<SfuClientFrame, { t: 'publish' }>) {
    // Grants change during a meeting: the database's word at the moment of publishing.
    const member = await this.host.member(room, this.uid)
    if (!member) throw new SfuRefusal(SfuError.notInRoom, 'you are not in this room')
    if (frame.source === 'screen' && !this.host.screenTokenValid(frame.token, member, room.channel))
      throw new SfuRefusal(SfuError.unauthorized, 'a screen share needs the screen token')
    checkOffer(frame.sdp, frame.source, member)
    let handle = this.publishers[frame.source]
    try {
      if (!handle || handle.generation !== room.server.link.current.generation) {
        const tileUid = frame.source === 'camera' ? member.uid : member.screenId
        const display = displayOf({ uid: member.uid, source: frame.source, tileUid })
        handle = await PublisherHandle.join(
          room.server.link,
          room.ref,
          newFeedId(),
          display,
          this.events(frame.source),
        )
        this.publishers[frame.source] = handle
      }
      const answer = await handle.offer({ type: 'offer', sdp: frame.sdp })
      room.scheduleReconcile()
      return answer.sdp
    } catch (error) {
      if (errorCode(error) === VideoRoomError.publishersFull)
        throw new SfuRefusal(
          SfuError.publishersFull,
          'the room has as many publishers as it can hold',
        )
      if (errorCode(error) === VideoRoomError.invalidSdp)
        throw new SfuRefusal(SfuError.badSdp, 'the media server refused the offer')
      throw error
    }
  }

  private async unpublish(source: 'camera' | 'screen'): Promise<void> {
    const handle = this.publishers[source]
    delete this.publishers[source]
    await handle?.close()
  }

  private receiving(room: SfuRoom): Subscription {
    if (
      !this.subscription ||
      this.subscription.generation !== room.server.link.current.generation
    ) {
      void this.subscription?.close()
      this.subscription = new Subscription(room, (frame) => this.send(frame), this.events('sub'))
    }
    return this.subscription
  }

  private handleOf(pc: SfuPc): PublisherHandle | SubscriberHandle | undefined {
    return pc === 'sub' ? this.subscription?.handle : this.publishers[pc]
  }

  private events(pc: SfuPc): HandleEvents {
    return {
      up: () => this.send({ t: 'pcState', pc, up: true }),
      down: () => this.send({ t: 'pcState', pc, up: false }),
      slowLink: (uplink, lost) => this.send({ t: 'slowLink', pc, uplink, lost }),
    }
  }

  /** Janus went away: every handle with it; the client is told and joins again later. */
  linkLost(): void {
    void this.dropMedia()
    this.send({ t: 'state', up: false })
  }

  linkBack(): void {
    this.send({ t: 'state', up: true })
  }

  /** Ends the session: Janus lets go of its handles; the client hears why (unless it left). */
  close(reason: SfuCloseReason): void {
    if (this.closed) return
    if (reason !== 'left') this.send({ t: 'closed', reason })
    this.closed = true
    this.room?.remove(this)
    void this.dropMedia()
    this.end()
  }

  private async dropMedia(): Promise<void> {
    const { camera, screen } = this.publishers
    delete this.publishers.camera
    delete this.publishers.screen
    const subscription = this.subscription
    this.subscription = undefined
    await Promise.all([camera?.close(), screen?.close(), subscription?.close()])
  }
}
