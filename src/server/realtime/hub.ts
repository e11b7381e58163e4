import type { ServerFrame } from '@streams/wire/realtime'
import { CloseCode, SERVER_SENDER } from '@streams/wire/realtime'
import { MemberCounts } from './counts'
import { textFrame } from './frames'
import { Outbox, type Fanout, type Recipient } from './outbox'
import type { Relay, RelayListener } from './relay'

export interface Session extends Recipient {
  uid?: string
  /** The channels joined (a Set, or the lighter `FewStrings` of a connection). */
  readonly joined: ChannelSet
  userId?: string
}

/** What the hub asks of a session's joined channels. */
export interface ChannelSet extends Iterable<string> {
  has(channel: string): boolean
  add(channel: string): unknown
  delete(channel: string): boolean
}

interface Channel extends Fanout<Session> {
  readonly name: string
}

/** Like Agora RTM, member joined/left events stop above this many members. */
export const MEMBER_EVENTS_LIMIT = 512

/**
 * Channels, members and delivery for the local realtime service. Output goes through the outbox
 * (realtime/outbox.ts): a frame is serialised and framed once and a channel's frames of one
 * event-loop turn are written to every member as one buffer.
 */
export class Hub implements RelayListener {
  /** The other processes of a cluster (none: this process is the whole service). */
  relay: Relay | undefined
  /** Reads a channel's count across the cluster (undefined: this process's count is the count). */
  sharedCount: ((channel: string) => Promise<number | undefined>) | undefined
  private readonly byUid = new Map<string, Session>()
  private readonly channels = new Map<string, Channel>()
  private readonly attributes = new Map<string, Map<string, string>>()
  private readonly outbox = new Outbox<Session>()
  private readonly counts = new MemberCounts({
    local: (channel) => this.memberCount(channel),
    across: (channel) => this.sharedCount?.(channel),
    tell: (channel, count) => {
      const ch = this.channels.get(channel)
      if (ch)
        this.outbox.toAll(
          ch,
          textFrame(JSON.stringify({ t: 'memberCountUpdated', channel, count })),
        )
    },
  })

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
      this.outbox.flushAll(ch)
      ch.members.add(session)
      session.joined.add(channel)
      this.relay?.joined(channel, session.uid ?? '')
      if (this.sizeOf(ch) <= MEMBER_EVENTS_LIMIT)
        this.broadcast(channel, { t: 'memberJoined', channel, uid: session.uid ?? '' }, session)
      this.counts.schedule(channel)
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
    this.outbox.flushAll(ch)
    ch.members.delete(session)
    session.joined.delete(channel)
    const uid = session.uid ?? ''
    this.relay?.left(channel, uid)
    const quiet = this.sizeOf(ch) >= MEMBER_EVENTS_LIMIT
    if (ch.members.size === 0) {
      this.channels.delete(channel)
      this.outbox.forget(ch)
      this.attributes.delete(channel)
      this.counts.forget(channel)
      // The members on other processes still hear of it.
      if (this.relay && !quiet) this.relay.frame(channel, memberLeftJson(channel, uid))
      return
    }
    if (!quiet) this.broadcast(channel, { t: 'memberLeft', channel, uid })
    this.counts.schedule(channel)
  }

  /** Takes a uid's session out of a channel (a kicked member hears nothing more). */
  removeFromChannel(uid: string, channel: string, local = false): void {
    const session = this.byUid.get(uid)
    if (session) this.leave(session, channel)
    else if (!local) this.relay?.remove(channel, uid)
  }

  /** The session a uid holds on this process, if any. */
  sessionOf(uid: string): Session | undefined {
    return this.byUid.get(uid)
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
    this.outbox.flushOne(session)
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
      this.outbox.toOne(session, frame)
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
    if (ch) this.outbox.toAll(ch, textFrame(json))
  }

  /** The channel's membership changed on another process: its count goes out here too. */
  countChanged(channel: string): void {
    if (this.channels.has(channel)) this.counts.schedule(channel)
  }

  /** A frame for one session, in order with everything else it is sent. */
  send(session: Session, frame: ServerFrame): void {
    this.outbox.toOne(session, textFrame(JSON.stringify(frame)))
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
    this.outbox.flush()
  }

  close(): void {
    this.outbox.close()
    this.counts.close()
  }

  private broadcast(channel: string, frame: ServerFrame, except?: Session): void {
    const ch = this.channels.get(channel)
    const json = JSON.stringify(frame)
    // The members on other processes first (an announcement from a REST call reaches them even
    // when none of the channel's members is connected here).
    this.relay?.frame(channel, json)
    if (ch) this.outbox.toAll(ch, textFrame(json), except)
  }

  /** The channel's size for member events: the cluster's when known. */
  private sizeOf(ch: Channel): number {
    return this.counts.sizeOf(ch.name, ch.members.size)
  }
}

const memberLeftJson = (channel: string, uid: string) =>
  JSON.stringify({ t: 'memberLeft', channel, uid } satisfies ServerFrame)
