import type { ServerFrame } from '@streams/wire/realtime'
import { CloseCode, SERVER_SENDER } from '@streams/wire/realtime'
import { textFrame } from './frames'
import type { Relay, RelayListener } from './relay'

/** One connected client, as the hub sees it. */
export interface Peer {
  /** Writes bytes that are whole WebSocket frames. */
  write(frames: Buffer): void
  close(code: number, reason: string): void
}

export interface Session {
  readonly peer: Peer
  uid?: string
  joined: Set<string>
  userId?: string
  /** Frames for this session alone (acks, peer messages), written at the next flush. */
  out?: Buffer[]
}

interface Channel {
  readonly name: string
  readonly members: Set<Session>
  /** Frames for every member, written at the next flush as one buffer. */
  batch: Buffer[]
  /** Frames of the batch a member must not get (its own channel messages): [index, session]. */
  excepts: [number, Session][]
}

/** How often at most MemberCountUpdated goes out per channel. */
export const MEMBER_COUNT_INTERVAL_MS = 1000
/** Like Agora RTM, member joined/left events stop above this many members. */
export const MEMBER_EVENTS_LIMIT = 512

/**
 * Channels, members and delivery for the local realtime service. Output is batched per event-loop
 * turn: a frame is serialised and framed once, the frames a channel gets in one turn are joined
 * into one buffer, and that same buffer is written to every member's socket, so a burst of N
 * messages costs each socket one write instead of N.
 */
export class Hub implements RelayListener {
  /** The other processes of a cluster (none: this process is the whole service). */
  relay: Relay | undefined
  /** A channel's member count across the cluster, as last read (member events stop by it). */
  private readonly sharedCounts = new Map<string, number>()
  /** Reads a channel's count across the cluster (undefined: this process's count is the count). */
  sharedCount: ((channel: string) => Promise<number | undefined>) | undefined
  private readonly byUid = new Map<string, Session>()
  private readonly channels = new Map<string, Channel>()
  private readonly attributes = new Map<string, Map<string, string>>()
  private readonly countTimers = new Map<string, ReturnType<typeof setTimeout>>()
  private readonly dirtySessions = new Set<Session>()
  private readonly dirtyChannels = new Set<Channel>()
  private scheduled: ReturnType<typeof setImmediate> | undefined

  /** Binds a session to a uid; a session already holding that uid is closed as a remote login. */
  login(session: Session, uid: string): void {
    const previous = this.byUid.get(uid)
    if (previous && previous !== session) {
      this.dropSession(previous)
      this.send(previous, { t: 'connectionStateChanged', state: 'ABORTED', reason: 'REMOTE_LOGIN' })
      this.closeSession(previous, CloseCode.remoteLogin, 'remote login')
    }
    session.uid = uid
    this.byUid.set(uid, session)
    this.relay?.loggedIn(uid)
  }

  /** The uid logged in on another process since: its session here is closed as a remote login. */
  loggedInElsewhere(uid: string): void {
    const session = this.byUid.get(uid)
    if (!session) return
    this.dropSession(session)
    this.send(session, { t: 'connectionStateChanged', state: 'ABORTED', reason: 'REMOTE_LOGIN' })
    this.closeSession(session, CloseCode.remoteLogin, 'remote login')
  }

  join(session: Session, channel: string): string[] {
    let ch = this.channels.get(channel)
    if (!ch) {
      ch = { name: channel, members: new Set(), batch: [], excepts: [] }
      this.channels.set(channel, ch)
    }
    if (!ch.members.has(session)) {
      // What was said before the join is not the newcomer's to hear.
      this.flushChannel(ch)
      ch.members.add(session)
      session.joined.add(channel)
      this.relay?.joined(channel, session.uid ?? '')
      if (this.sizeOf(ch) <= MEMBER_EVENTS_LIMIT)
        this.broadcast(channel, { t: 'memberJoined', channel, uid: session.uid ?? '' }, session)
      this.scheduleCount(channel)
    }
    // Like member events, the list stops at the limit in a crowd (getMemberCount tells the size).
    const uids: string[] = []
    for (const member of ch.members) {
      if (uids.length >= MEMBER_EVENTS_LIMIT) break
      uids.push(member.uid ?? '')
    }
    return uids
  }

  leave(session: Session, channel: string): void {
    const ch = this.channels.get(channel)
    if (!ch || !ch.members.has(session)) return
    // What was said while the member was there still reaches it (a kick names the kicked).
    this.flushChannel(ch)
    ch.members.delete(session)
    session.joined.delete(channel)
    const uid = session.uid ?? ''
    this.relay?.left(channel, uid)
    const quiet = this.sizeOf(ch) >= MEMBER_EVENTS_LIMIT
    if (ch.members.size === 0) {
      this.channels.delete(channel)
      this.dirtyChannels.delete(ch)
      this.attributes.delete(channel)
      this.sharedCounts.delete(channel)
      const timer = this.countTimers.get(channel)
      if (timer) clearTimeout(timer)
      this.countTimers.delete(channel)
      // The members on other processes still hear of it.
      if (this.relay && !quiet) this.relay.frame(channel, memberLeftJson(channel, uid))
      return
    }
    if (!quiet) this.broadcast(channel, { t: 'memberLeft', channel, uid })
    this.scheduleCount(channel)
  }

  /** Takes a uid's session out of a channel (a kicked member hears nothing more). */
  removeFromChannel(uid: string, channel: string, local = false): void {
    const session = this.byUid.get(uid)
    if (session) this.leave(session, channel)
    else if (!local) this.relay?.remove(channel, uid)
  }

  /** Removes a session from every channel and from the uid index. */
  dropSession(session: Session): void {
    for (const channel of [...session.joined]) this.leave(session, channel)
    if (session.uid && this.byUid.get(session.uid) === session) {
      this.byUid.delete(session.uid)
      this.relay?.loggedOut(session.uid)
    }
  }

  /** Writes what is pending for the session, then closes it. */
  closeSession(session: Session, code: number, reason: string): void {
    this.flushSession(session)
    session.peer.close(code, reason)
  }

  /** A channel message, numbered (`seq`) when it is a member's kept in the history. */
  sendToChannel(channel: string, from: string, text: string, except?: Session, seq?: number): void {
    const frame: ServerFrame =
      seq === undefined
        ? { t: 'channelMessage', channel, from, text }
        : { t: 'channelMessage', channel, from, text, seq }
    this.broadcast(channel, frame, except)
  }

  /** A message the server itself announces ([HOST-6]). */
  announce(channel: string, text: string): void {
    this.sendToChannel(channel, SERVER_SENDER, text)
  }

  /** A server message on a channel for some of its members only (a crowd's arrivals, hosts). */
  announceTo(uids: readonly string[], channel: string, text: string): void {
    const json = JSON.stringify({
      t: 'channelMessage',
      channel,
      from: SERVER_SENDER,
      text,
    } as ServerFrame)
    const elsewhere = this.toUids(uids, json, channel)
    if (elsewhere.length > 0) this.relay?.toUids(elsewhere, json, channel)
  }

  /** A frame for the uids held here (joined to `channel` when given); answers the others. */
  toUids(uids: readonly string[], json: string, channel?: string): string[] {
    let frame: Buffer | undefined
    const elsewhere: string[] = []
    for (const uid of uids) {
      const session = this.byUid.get(uid)
      if (!session) elsewhere.push(uid)
      if (!session || (channel !== undefined && !session.joined.has(channel))) continue
      frame ??= textFrame(json)
      ;(session.out ??= []).push(frame)
      this.dirtySessions.add(session)
      this.schedule()
    }
    return elsewhere
  }

  /** Delivers to one peer; answers whether the peer was online to receive it. */
  sendToPeer(to: string, from: string, text: string): boolean {
    const target = this.byUid.get(to)
    if (!target) return false
    this.send(target, { t: 'peerMessage', from, text })
    return true
  }

  /** A frame from another process for this process's members of a channel. */
  channelFrame(channel: string, json: string): void {
    const ch = this.channels.get(channel)
    if (!ch) return
    ch.batch.push(textFrame(json))
    this.dirtyChannels.add(ch)
    this.schedule()
  }

  /** The channel's membership changed on another process: its count goes out here too. */
  countChanged(channel: string): void {
    if (this.channels.has(channel)) this.scheduleCount(channel)
  }

  /** A frame for one session, in order with everything else it is sent. */
  send(session: Session, frame: ServerFrame): void {
    ;(session.out ??= []).push(textFrame(JSON.stringify(frame)))
    this.dirtySessions.add(session)
    this.schedule()
  }

  members(channel: string): string[] {
    return [...(this.channels.get(channel)?.members ?? [])].map((s) => s.uid ?? '')
  }

  memberCount(channel: string): number {
    return this.channels.get(channel)?.members.size ?? 0
  }

  /** The sessions of this process and their channels (told again to a bus that comes back). */
  held(): { uid: string; channels: string[] }[] {
    return [...this.byUid].map(([uid, s]) => ({ uid, channels: [...s.joined] }))
  }

  /** Every uid logged in on this process. */
  onlineUids(): string[] {
    return [...this.byUid.keys()]
  }

  isOnline(uid: string): boolean {
    return this.byUid.has(uid)
  }

  getAttributes(channel: string): Record<string, string> {
    return Object.fromEntries(this.attributes.get(channel) ?? [])
  }

  updateAttributes(
    channel: string,
    change: { set?: Record<string, string>; replace?: boolean; remove?: string[] },
  ): void {
    const current = change.replace
      ? new Map<string, string>()
      : new Map(this.attributes.get(channel) ?? [])
    for (const [key, value] of Object.entries(change.set ?? {})) current.set(key, value)
    for (const key of change.remove ?? []) current.delete(key)
    this.attributes.set(channel, current)
    this.attributesUpdated(channel, Object.fromEntries(current))
  }

  /** Tells a channel its attributes (as the cluster now holds them). */
  attributesUpdated(channel: string, attributes: Record<string, string>): void {
    this.attributes.set(channel, new Map(Object.entries(attributes)))
    this.broadcast(channel, { t: 'attributesUpdated', channel, attributes })
  }

  /** Writes everything pending now (also run at the end of every event-loop turn). */
  flush(): void {
    this.scheduled = undefined
    for (const session of this.dirtySessions) this.flushSession(session)
    for (const ch of this.dirtyChannels) this.flushChannel(ch)
  }

  close(): void {
    if (this.scheduled) clearImmediate(this.scheduled)
    this.scheduled = undefined
    for (const timer of this.countTimers.values()) clearTimeout(timer)
    this.countTimers.clear()
  }

  private broadcast(channel: string, frame: ServerFrame, except?: Session): void {
    const ch = this.channels.get(channel)
    const json = JSON.stringify(frame)
    // The members on other processes first (an announcement from a REST call reaches them even
    // when none of the channel's members is connected here).
    this.relay?.frame(channel, json)
    if (!ch) return
    if (except) ch.excepts.push([ch.batch.length, except])
    ch.batch.push(textFrame(json))
    this.dirtyChannels.add(ch)
    this.schedule()
  }

  private schedule(): void {
    this.scheduled ??= setImmediate(() => this.flush())
  }

  private flushSession(session: Session): void {
    this.dirtySessions.delete(session)
    const out = session.out
    if (!out || out.length === 0) return
    session.out = undefined
    session.peer.write(out.length === 1 ? out[0]! : Buffer.concat(out))
  }

  private flushChannel(ch: Channel): void {
    this.dirtyChannels.delete(ch)
    const { batch, excepts } = ch
    if (batch.length === 0) return
    ch.batch = []
    ch.excepts = []
    // Members' own frames first, so a reply never trails what the channel said after it.
    for (const member of ch.members) if (member.out) this.flushSession(member)
    const all = batch.length === 1 ? batch[0]! : Buffer.concat(batch)
    if (excepts.length === 0) {
      for (const member of ch.members) member.peer.write(all)
      return
    }
    const skip = new Map<Session, Set<number>>()
    for (const [index, session] of excepts) {
      let set = skip.get(session)
      if (!set) skip.set(session, (set = new Set()))
      set.add(index)
    }
    for (const member of ch.members) {
      const own = skip.get(member)
      if (!own) member.peer.write(all)
      else {
        const rest = batch.filter((_, i) => !own.has(i))
        if (rest.length > 0) member.peer.write(rest.length === 1 ? rest[0]! : Buffer.concat(rest))
      }
    }
  }

  /** The channel's size for member events: the cluster's when known. */
  private sizeOf(ch: Channel): number {
    return Math.max(ch.members.size, this.sharedCounts.get(ch.name) ?? 0)
  }

  /**
   * MemberCountUpdated, at most once a second per channel; each process tells its own members
   * (the count read across the cluster when there is one).
   */
  private scheduleCount(channel: string): void {
    if (this.countTimers.has(channel)) return
    const timer = setTimeout(() => {
      this.countTimers.delete(channel)
      const local = this.memberCount(channel)
      if (local === 0) return
      const tell = (count: number) => {
        const ch = this.channels.get(channel)
        if (!ch) return
        ch.batch.push(textFrame(JSON.stringify({ t: 'memberCountUpdated', channel, count })))
        this.dirtyChannels.add(ch)
        this.schedule()
      }
      if (!this.sharedCount) return tell(local)
      this.sharedCount(channel).then(
        (shared) => {
          if (shared !== undefined) this.sharedCounts.set(channel, shared)
          tell(Math.max(local, shared ?? 0))
        },
        () => tell(local),
      )
    }, MEMBER_COUNT_INTERVAL_MS)
    timer.unref?.()
    this.countTimers.set(channel, timer)
  }
}

const memberLeftJson = (channel: string, uid: string) =>
  JSON.stringify({ t: 'memberLeft', channel, uid } satisfies ServerFrame)
