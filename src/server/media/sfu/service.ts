import type { WebSocket } from 'ws'
import { MAX_FRAME_BYTES } from '@streams/wire/realtime'
import { compile } from '@streams/wire/validate'
import {
  SfuClientFrameSchema,
  SfuError,
  type SfuClientFrame,
  type SfuServerFrame,
} from '@streams/wire/sfu'
import type { Member } from '@streams/wire/member'
import type { Tokens } from '../../auth/tokens'
import { hostileValue } from '../../realtime/checks'
import { frameBytes } from '../../realtime/frames'
import type { Db } from '../../store/db'
import { findPresentMember } from '../../store/members'
import { getRoomByChannel } from '../../store/rooms'
import type { SupervisorLog } from '../janus/supervisor'
import type { JanusServer, MediaPlane } from '../plane'
import { watchesCdn } from './access'
import { SfuRefusal } from './refusal'
import { SfuRoom } from './room'
import { SfuSession, type SessionHost } from './session'

const clientFrame = compile(SfuClientFrameSchema)

export interface SfuServiceDeps {
  readonly db: Db
  readonly tokens: Tokens
  readonly plane: MediaPlane
  readonly log: SupervisorLog
  /** How many may publish at once in one room (SFU_PUBLISHERS). */
  readonly publishers: number
  /**
   * Hears what other server processes announce on a channel (a kick, mute all, a grant made by a
   * REST call served elsewhere); the answer stops. This process's own announcements come through
   * `announced` directly.
   */
  readonly watch?: (channel: string, heard: (cmd: number, data: unknown) => void) => () => void
}

/**
 * The SFU signalling service (a WebSocket at /sfu): admits members by their rtc token, keeps one
 * `SfuRoom` per room with members here, tells sessions when their Janus server goes and comes
 * back, and hands every change our server announces to the room it concerns.
 */
export class SfuService implements SessionHost {
  private readonly rooms = new Map<string, SfuRoom>()
  /** Per room here: stops hearing the other processes' announcements on its channel. */
  private readonly unwatch = new Map<string, () => void>()
  private readonly sessions = new Set<SfuSession>()
  private readonly stops: (() => void)[] = []

  constructor(private readonly deps: SfuServiceDeps) {
    for (const server of deps.plane.servers) {
      let wasUp = false
      const subscription = server.link.state$.subscribe((state) => {
        if (state.up === wasUp) return
        wasUp = state.up
        this.linkChanged(server, state.up)
      })
      this.stops.push(() => subscription.unsubscribe())
    }
  }

  /** Serves one signalling connection: every frame validated, every refusal an error frame. */
  serve(socket: WebSocket): void {
    const send = (frame: SfuServerFrame) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame))
    }
    const session = new SfuSession(this, send, () => socket.close(1000))
    this.sessions.add(session)
    socket.on('message', (raw, isBinary) => {
      if (frameBytes(raw) > MAX_FRAME_BYTES) return socket.close(1009, 'a frame is at most 64 KB')
      let parsed: unknown
      try {
        parsed = isBinary ? undefined : JSON.parse(raw.toString())
      } catch {
        parsed = undefined
      }
      if (!clientFrame.check(parsed)) {
        const id = (parsed as { id?: unknown } | undefined)?.id
        const message =
          parsed === undefined
            ? 'not a JSON text frame'
            : (clientFrame.firstError(parsed) ?? 'invalid')
        send({
          t: 'error',
          ...(Number.isInteger(id) ? { id: id as number } : {}),
          code: SfuError.badFrame,
          message,
        })
        return
      }
      // As the REST routes and the realtime socket: no NUL byte in any string (a trickle with one
      // reached Janus, which never answered, and the session's later requests waited behind it).
      const hostile = hostileValue(parsed, 8)
      if (hostile) {
        const what = hostile.reason === 'nul' ? 'a NUL byte' : 'nesting too deep'
        send({
          t: 'error',
          id: parsed.id,
          code: SfuError.badFrame,
          message: `${what} in ${hostile.path}`,
        })
        return
      }
      session.receive(parsed)
    })
    socket.on('close', () => {
      this.sessions.delete(session)
      session.close('left')
      this.forgetEmptyRooms()
    })
  }

  /** A change our server announced on a channel ([HOST-6]): the room's SFU side follows it. */
  announced(channel: string, cmd: number, data: unknown): void {
    const room = this.rooms.get(channel)
    if (room && data && typeof data === 'object')
      room.announced(cmd, data as Record<string, unknown>)
  }

  async close(): Promise<void> {
    for (const stop of this.stops) stop()
    for (const session of [...this.sessions]) session.close('left')
    await Promise.all([...this.rooms.values()].map((room) => room.close()))
    for (const stop of this.unwatch.values()) stop()
    this.unwatch.clear()
    this.rooms.clear()
  }

  // ——— SessionHost ———

  async admit(frame: Extract<SfuClientFrame, { t: 'join' }>) {
    const claims = this.deps.tokens.verify(frame.token, 'rtc')
    if (!claims || claims.sub !== frame.uid || claims.ch !== frame.channel)
      throw new SfuRefusal(
        SfuError.unauthorized,
        'the rtc token does not admit this uid to this channel',
      )
    const row = await getRoomByChannel(this.deps.db, frame.channel)
    if (!row || row.state === 0) throw new SfuRefusal(SfuError.notInRoom, 'the meeting is not on')
    const member = await findPresentMember(this.deps.db, row.room_id, frame.uid)
    if (!member || member.uid !== frame.uid)
      throw new SfuRefusal(SfuError.notInRoom, 'you are not in this room')
    if (watchesCdn(member, row.audience_watch_type))
      throw new SfuRefusal(
        SfuError.forbidden,
        'you watch the live stream: the media server serves the members who take part',
      )
    let room = this.rooms.get(frame.channel)
    if (!room) {
      const { plane } = this.deps
      room = new SfuRoom(
        frame.channel,
        row.room_id,
        plane.roomRef(frame.channel),
        plane.serverFor(frame.channel),
        {
          db: this.deps.db,
          log: this.deps.log,
          publishers: this.deps.publishers,
        },
      )
      this.rooms.set(frame.channel, room)
      const { channel } = frame
      const stop = this.deps.watch?.(channel, (cmd, data) => this.announced(channel, cmd, data))
      if (stop) this.unwatch.set(channel, stop)
    }
    return { member, room }
  }

  async member(room: SfuRoom, uid: string): Promise<Member | undefined> {
    const member = await findPresentMember(this.deps.db, room.roomId, uid)
    return member?.uid === uid ? member : undefined
  }

  screenTokenValid(token: string | undefined, member: Member, channel: string): boolean {
    const claims = token ? this.deps.tokens.verify(token, 'screen') : null
    return Boolean(claims && claims.sub === member.screenId && claims.ch === channel)
  }

  // ——— Janus going and coming back ———

  private linkChanged(server: JanusServer, up: boolean): void {
    for (const room of this.rooms.values()) if (room.server === server && !up) room.linkLost()
    for (const session of this.sessions)
      if (session.server === server) {
        if (up) session.linkBack()
        else session.linkLost()
      }
  }

  private forgetEmptyRooms(): void {
    for (const [channel, room] of this.rooms)
      if (room.done) {
        this.rooms.delete(channel)
        this.unwatch.get(channel)?.()
        this.unwatch.delete(channel)
        void room.close()
      }
  }
}
