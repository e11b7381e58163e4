import { Cmd } from '@streams/wire/channel'
import type { Member } from '@streams/wire/member'
import type { FeedInfo, SfuCloseReason, SfuServerFrame } from '@streams/wire/sfu'
import type { Db } from '../../store/db'
import { presentMembers } from '../../store/members'
import { getRoom } from '../../store/rooms'
import { ownerOf, type FeedOwner } from '../janus/display'
import { RoomMonitor } from '../janus/monitor'
import type { JanusPublisher, JanusRoomRef } from '../janus/protocol'
import type { JanusServer } from '../plane'
import type { SupervisorLog } from '../janus/supervisor'
import { mayPublish, watchesCdn } from './access'

/** What a room needs of a member's signalling session. */
export interface RoomSession {
  readonly uid: string
  send(frame: SfuServerFrame): void
  close(reason: SfuCloseReason): void
}

export interface RoomDeps {
  readonly db: Pick<Db, 'query'>
  readonly log: SupervisorLog
  /** How many may publish at once (SFU_PUBLISHERS). */
  readonly publishers: number
}

/** A publication of the room with the member it belongs to. */
export interface KnownFeed {
  readonly publisher: JanusPublisher
  readonly owner: FeedOwner
  readonly info: FeedInfo
}

function infoOf(publisher: JanusPublisher, owner: FeedOwner): FeedInfo {
  const live = publisher.streams.filter((s) => !s.disabled)
  const audio = live.find((s) => s.type === 'audio')
  const video = live.find((s) => s.type === 'video')
  return {
    feed: publisher.feed,
    uid: owner.uid,
    tile: owner.tileUid,
    source: owner.source,
    ...(audio ? { audio: audio.mid } : {}),
    ...(video ? { video: video.mid } : {}),
    simulcast: video?.simulcast === true,
  }
}

/**
 * One room's media on our side: the Janus room it is pinned to, our monitor in it, the members'
 * signalling sessions in this process, and the enforcement of the room's permissions at the SFU
 * (moderation, kicks, the end of the meeting), reconciled with the database after every
 * announced change.
 */
export class SfuRoom {
  private readonly sessions = new Map<string, RoomSession>()
  private monitor: RoomMonitor | undefined
  private opening: Promise<RoomMonitor> | undefined
  private readonly muted = new Map<string, boolean>()
  /** The feeds Janus last said were talking, with their tiles. */
  private readonly talking = new Map<number, string>()
  private reconciling: Promise<void> = Promise.resolve()
  private reconcileQueued = false
  private ended = false

  constructor(
    readonly channel: string,
    readonly roomId: string,
    readonly ref: JanusRoomRef,
    readonly server: JanusServer,
    private readonly deps: RoomDeps,
  ) {}

  /** No session here any more, or the meeting ended: the service forgets the room. */
  get done(): boolean {
    return this.sessions.size === 0 || this.ended
  }

  /** The Janus room exists and our monitor is in it (again, after Janus restarted). */
  async ready(): Promise<RoomMonitor> {
    const generation = this.server.link.current.generation
    if (this.monitor && this.monitor.generation === generation) return this.monitor
    if (!this.opening) {
      this.opening = (async () => {
        await this.server.rooms.ensure(this.ref, { publishers: this.deps.publishers })
        const monitor = await RoomMonitor.open(this.server.link, this.ref, {
          publishers: () => {
            this.broadcast({ t: 'feeds', feeds: this.feeds() })
            this.quieted()
            this.scheduleReconcile()
          },
          talking: (feed, on) => {
            const known = this.feed(feed)
            if (!known) return
            if (on) this.talking.set(feed, known.owner.tileUid)
            else this.talking.delete(feed)
            this.broadcast({ t: 'talking', tile: known.owner.tileUid, on })
          },
          gone: () => {
            if (this.monitor === monitor) this.monitor = undefined
          },
        })
        this.monitor = monitor
        this.muted.clear()
        this.talking.clear()
        return monitor
      })().finally(() => (this.opening = undefined))
    }
    return this.opening
  }

  /**
   * Janus says a speaker stopped only from the audio it still gets: a talking feed that left, or
   * whose microphone went, is told stopped here.
   */
  private quieted(): void {
    for (const [feed, tile] of this.talking) {
      if (this.feed(feed)?.info.audio !== undefined) continue
      this.talking.delete(feed)
      this.broadcast({ t: 'talking', tile, on: false })
    }
  }

  /** The tiles talking now (Janus tells of a change only: a member who joins later learns them here). */
  talkingTiles(): string[] {
    return [...new Set(this.talking.values())]
  }

  /** Every publication in the room now. */
  feeds(): FeedInfo[] {
    return (this.monitor?.publishers ?? []).flatMap((p) => {
      const owner = ownerOf(p.display)
      return owner ? [infoOf(p, owner)] : []
    })
  }

  /** A feed of this room, or undefined: forged, gone, or another room's. */
  feed(feed: number): KnownFeed | undefined {
    const publisher = this.monitor?.publisher(feed)
    const owner = publisher && ownerOf(publisher.display)
    return publisher && owner ? { publisher, owner, info: infoOf(publisher, owner) } : undefined
  }

  /** A member's session joins; one already there for the uid (a reconnect) is replaced. */
  add(session: RoomSession): void {
    const before = this.sessions.get(session.uid)
    this.sessions.set(session.uid, session)
    if (before && before !== session) before.close('replaced')
  }

  remove(session: RoomSession): void {
    if (this.sessions.get(session.uid) === session) this.sessions.delete(session.uid)
  }

  broadcast(frame: SfuServerFrame): void {
    for (const session of this.sessions.values()) session.send(frame)
  }

  /** Janus went away: our monitor with it; sessions learn it from their own handles. */
  linkLost(): void {
    this.monitor = undefined
    this.muted.clear()
  }

  async close(): Promise<void> {
    await this.monitor?.close()
    this.monitor = undefined
  }

  /** A change our server announced in this room's channel ([HOST-6]): enforce it at the SFU. */
  announced(cmd: number, data: Record<string, unknown>): void {
    if (this.ended) return
    const uid = typeof data.uid === 'string' ? data.uid : undefined
    if (cmd === Cmd.kickOut && uid) {
      // A kick removes the member from the Janus room at once, before anything else.
      void this.kickMember(uid).catch((e: Error) => this.deps.log.warn(`sfu kick: ${e.message}`))
      this.sessions.get(uid)?.close('kicked')
      return
    }
    if (cmd === Cmd.meetingEnd || (cmd === Cmd.roomInfo && data.state === 0)) return this.end()
    if (cmd === Cmd.screenShare && data.screenShare === 0) {
      void this.enforce(true)
      return
    }
    if (
      cmd === Cmd.memberChanged ||
      cmd === Cmd.roomInfo ||
      cmd === Cmd.userState ||
      cmd === Cmd.audienceWatchTypeChange
    )
      this.scheduleReconcile()
    else if (cmd === Cmd.hostChanged) this.scheduleReconcile()
  }

  /** Runs the reconciliation once more after the one in progress (changes come in bursts). */
  scheduleReconcile(): void {
    if (this.reconcileQueued || this.ended) return
    this.reconcileQueued = true
    this.reconciling = this.reconciling.then(() => {
      this.reconcileQueued = false
      return this.enforce(false)
    })
  }

  /**
   * The room's permissions at the SFU, from the database: a member who left or was kicked is
   * out of the Janus room; a camera stream its member may not send is muted there (forced mute,
   * a revoked grant) and released when allowed again; with `screens`, a screen share whose member
   * no longer holds the share is stopped.
   */
  private async enforce(screens: boolean): Promise<void> {
    const monitor = this.monitor
    if (!monitor || this.ended) return
    try {
      const members = new Map(
        (await presentMembers(this.deps.db, this.roomId)).map((m) => [m.uid, m]),
      )
      for (const publisher of monitor.publishers) {
        const owner = ownerOf(publisher.display)
        if (!owner) continue
        const member = members.get(owner.uid)
        if (!member || (screens && owner.source === 'screen' && member.grantScreen === 0)) {
          await this.server.rooms.kick(this.ref, publisher.feed)
          continue
        }
        if (owner.source === 'camera') await this.moderate(publisher, member)
      }
      // Who left, or now watches the live stream ([MSG-5]: a grant revoked on CDN watch, the watch
      // type changed), is out of the room's media too.
      const watchType = (await getRoom(this.deps.db, this.roomId))?.audience_watch_type ?? 1
      for (const [uid, session] of this.sessions) {
        const member = members.get(uid)
        if (!member) session.close('left')
        else if (watchesCdn(member, watchType)) session.close('watchesLive')
      }
    } catch (error) {
      this.deps.log.warn(`sfu enforcement in ${this.channel}: ${(error as Error).message}`)
    }
  }

  private async moderate(publisher: JanusPublisher, member: Member): Promise<void> {
    for (const stream of publisher.streams) {
      if (stream.type === 'data') continue
      const mute = !mayPublish(member, stream.type)
      const key = `${publisher.feed}:${stream.mid}`
      if ((this.muted.get(key) ?? false) === mute) continue
      await this.server.rooms.moderate(this.ref, publisher.feed, stream.mid, mute)
      this.muted.set(key, mute)
      this.sessions
        .get(member.uid)
        ?.send({ t: 'moderated', source: 'camera', kind: stream.type, muted: mute })
    }
  }

  private async kickMember(uid: string): Promise<void> {
    for (const publisher of this.monitor?.publishers ?? [])
      if (ownerOf(publisher.display)?.uid === uid)
        await this.server.rooms.kick(this.ref, publisher.feed)
  }

  /** The meeting ended: the Janus room goes (everyone in it with it), every session closes. */
  private end(): void {
    this.ended = true
    for (const session of [...this.sessions.values()]) session.close('ended')
    void this.server.rooms
      .destroy(this.ref)
      .catch((e: Error) => this.deps.log.warn(`sfu end: ${e.message}`))
    void this.close()
  }
}
