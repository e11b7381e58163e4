import type { ServerFrame } from '../../../streams/wire/realtime'
import { CloseCode, SERVER_SENDER } from '../../../streams/wire/realtime'

/** One connected client, as the hub sees it. */
export interface Peer {
  send(text: string): void
  close(code: number, reason: string): void
}

export interface Session {
  readonly peer: Peer
  uid?: string
  /** Channels this session's token admits it to. */
  channels: Set<string>
  joined: Set<string>
  userId?: string
}

/** How often at most MemberCountUpdated goes out per channel. */
export const MEMBER_COUNT_INTERVAL_MS = 1000

/**
 * Channels, members and delivery for the local realtime service. A frame sent to a channel is
 * serialised once and handed to every member's socket.
 */
export class Hub {
  private readonly byUid = new Map<string, Session>()
  private readonly channels = new Map<string, Set<Session>>()
  private readonly attributes = new Map<string, Map<string, string>>()
  private readonly countTimers = new Map<string, ReturnType<typeof setTimeout>>()

  /** Binds a session to a uid; a session already holding that uid is closed as a remote login. */
  login(session: Session, uid: string): void {
    const previous = this.byUid.get(uid)
    if (previous && previous !== session) {
      this.dropSession(previous)
      send(previous.peer, { t: 'connectionStateChanged', state: 'ABORTED', reason: 'REMOTE_LOGIN' })
      previous.peer.close(CloseCode.remoteLogin, 'remote login')
    }
    session.uid = uid
    this.byUid.set(uid, session)
  }

  join(session: Session, channel: string): string[] {
    let members = this.channels.get(channel)
    if (!members) {
      members = new Set()
      this.channels.set(channel, members)
    }
    if (!members.has(session)) {
      members.add(session)
      session.joined.add(channel)
      this.broadcast(channel, { t: 'memberJoined', channel, uid: session.uid ?? '' }, session)
      this.scheduleCount(channel)
    }
    return [...members].map((s) => s.uid ?? '')
  }

  leave(session: Session, channel: string): void {
    const members = this.channels.get(channel)
    if (!members || !members.delete(session)) return
    session.joined.delete(channel)
    if (members.size === 0) {
      this.channels.delete(channel)
      this.attributes.delete(channel)
      const timer = this.countTimers.get(channel)
      if (timer) clearTimeout(timer)
      this.countTimers.delete(channel)
      return
    }
    this.broadcast(channel, { t: 'memberLeft', channel, uid: session.uid ?? '' })
    this.scheduleCount(channel)
  }

  /** Takes a uid's session out of a channel (a kicked member hears nothing more). */
  removeFromChannel(uid: string, channel: string): void {
    const session = this.byUid.get(uid)
    if (session) this.leave(session, channel)
  }

  /** Removes a session from every channel and from the uid index. */
  dropSession(session: Session): void {
    for (const channel of [...session.joined]) this.leave(session, channel)
    if (session.uid && this.byUid.get(session.uid) === session) this.byUid.delete(session.uid)
  }

  sendToChannel(channel: string, from: string, text: string, except?: Session): void {
    this.broadcast(channel, { t: 'channelMessage', channel, from, text }, except)
  }

  /** A message the server itself announces ([HOST-6]). */
  announce(channel: string, text: string): void {
    this.sendToChannel(channel, SERVER_SENDER, text)
  }

  /** Delivers to one peer; answers whether the peer was online to receive it. */
  sendToPeer(to: string, from: string, text: string): boolean {
    const target = this.byUid.get(to)
    if (!target) return false
    send(target.peer, { t: 'peerMessage', from, text })
    return true
  }

  members(channel: string): string[] {
    return [...(this.channels.get(channel) ?? [])].map((s) => s.uid ?? '')
  }

  memberCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0
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
    this.broadcast(channel, {
      t: 'attributesUpdated',
      channel,
      attributes: Object.fromEntries(current),
    })
  }

  close(): void {
    for (const timer of this.countTimers.values()) clearTimeout(timer)
    this.countTimers.clear()
  }

  private broadcast(channel: string, frame: ServerFrame, except?: Session): void {
    const members = this.channels.get(channel)
    if (!members) return
    const text = JSON.stringify(frame)
    for (const member of members) if (member !== except) member.peer.send(text)
  }

  /** MemberCountUpdated, at most once a second per channel. */
  private scheduleCount(channel: string): void {
    if (this.countTimers.has(channel)) return
    const timer = setTimeout(() => {
      this.countTimers.delete(channel)
      const count = this.memberCount(channel)
      if (count > 0) this.broadcast(channel, { t: 'memberCountUpdated', channel, count })
    }, MEMBER_COUNT_INTERVAL_MS)
    timer.unref?.()
    this.countTimers.set(channel, timer)
  }
}

export function send(peer: Peer, frame: ServerFrame): void {
  peer.send(JSON.stringify(frame))
}
