import type { Duplex } from 'node:stream'
import type { RawData, WebSocket } from 'ws'
import {
  ClientFrameSchema,
  CloseCode,
  MAX_FRAME_BYTES,
  MAX_MESSAGES_PER_SECOND,
  type ClientFrame,
} from '@streams/wire/realtime'
import { compile } from '@streams/wire/validate'
import type { TokenClaims, Tokens } from '../auth/tokens'
import { frameBytes } from './frames'
import { checkChannelText, checkPeerText, hostileValue, inOrder, RefusedError } from './checks'
import type { ChannelHistory } from './history'
import { messageIdOf } from './history'
import type { Admission } from './guard'
import type { Hub, Session } from './hub'
import type { Roster } from './roster'
import type { SharedHub } from './shared'
import { vetChannelMessage } from './speech'

const clientFrame = compile(ClientFrameSchema)

interface Logger {
  warn(obj: object, msg: string): void
}

/** A client that lets this much output pile up unread is cut off. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024

/** Serves one realtime connection: every frame validated, every refusal an error frame. */
export function serveSocket(
  socket: WebSocket,
  deps: {
    hub: Hub
    /** The members, presence and attributes of every process (one process: the hub's). */
    shared: SharedHub
    tokens: Tokens
    log: Logger
    onLogin?: (uid: string) => void
    /** Members' channel messages numbered and kept before they are relayed (docs/realtime.md). */
    history?: ChannelHistory
    /** Who a uid is in a channel's room: a message's sender name and a sender's rights. */
    roster: Roster
    /** The connection guard's word on this connection (per-account cap, login timeout). */
    admission?: Admission
  },
): void {
  const { hub, shared, tokens, log, history } = deps
  // The hub writes ready-made frames straight to the connection's TCP socket: one framing per
  // broadcast, one write per member per turn (see Hub). ws still reads, pings and closes.
  const raw = (socket as unknown as { _socket: Duplex })._socket
  const session: Session = {
    peer: {
      write: (frames) => {
        if (socket.readyState !== socket.OPEN) return
        if (raw.writableLength > MAX_BUFFERED_BYTES) {
          socket.terminate()
          return
        }
        raw.write(frames)
      },
      close: (code, reason) => socket.close(code, reason),
    },
    channels: new Set(),
    joined: new Set(),
  }
  /** What the roster says, answered in the order asked (messages are kept in the order sent). */
  const vetted = inOrder()
  const isHost = (channel: string, uid: string) =>
    deps.roster(channel, uid).then((member) => member?.isHost === true)
  let windowStart = Date.now()
  let inWindow = 0

  const fail = (id: number | undefined, code: string, message: string) =>
    hub.send(
      session,
      id === undefined ? { t: 'error', code, message } : { t: 'error', id, code, message },
    )

  const received = (raw: RawData, isBinary: boolean) => {
    const now = Date.now()
    if (now - windowStart >= 1000) {
      windowStart = now
      inWindow = 0
    }
    const limited = ++inWindow > MAX_MESSAGES_PER_SECOND
    if (isBinary) return fail(undefined, 'badFrame', 'frames are JSON text')
    let frame: unknown
    try {
      frame = JSON.parse(raw.toString())
    } catch {
      return fail(undefined, 'badFrame', 'frame is not JSON')
    }
    const id =
      typeof frame === 'object' && frame && 'id' in frame && Number.isInteger(frame.id)
        ? (frame.id as number)
        : undefined
    // Over the limit the request is answered, refused, so its sender can retry later.
    if (limited) return fail(id, 'rateLimited', 'more than 60 messages a second')
    if (!clientFrame.check(frame)) {
      log.warn({ problem: clientFrame.firstError(frame) }, 'realtime frame refused')
      return fail(id, 'badFrame', `invalid frame: ${clientFrame.firstError(frame)}`)
    }
    // As the REST routes do: no NUL byte in any string a handler would see (a frame is shallow).
    const nul = hostileValue(frame, 3)
    if (nul) return fail(frame.id, 'badFrame', `invalid frame: a NUL byte in ${nul.path}`)
    handle(frame)
  }

  /**
   * Frames that came while the other processes' word on this connection is awaited (the shared
   * caps, docs/realtime.md "Guards"), handled in order once it is in.
   */
  let waiting: [RawData, boolean][] | undefined
  const hold = (answer: Promise<boolean>, then: (ok: boolean) => void) => {
    waiting ??= []
    void answer.then((ok) => {
      const queue = waiting ?? []
      waiting = undefined
      then(ok)
      if (!ok) return
      for (const [raw, isBinary] of queue) {
        // A frame of the queue (a login) may hold the rest again.
        const again = waiting as [RawData, boolean][] | undefined
        if (again) again.push([raw, isBinary])
        else received(raw, isBinary)
      }
    })
  }
  socket.on('message', (raw, isBinary) => {
    if (frameBytes(raw) > MAX_FRAME_BYTES)
      return socket.close(CloseCode.tooBig, 'a frame is at most 64 KB')
    if (waiting) waiting.push([raw, isBinary])
    else received(raw, isBinary)
  })
  if (deps.admission?.shared) hold(deps.admission.shared.admitted, () => undefined)
  socket.on('close', () => hub.dropSession(session))
  socket.on('error', () => hub.dropSession(session))

  /** Acks a request once its work is done; a failure is an error frame, never a lost answer. */
  function answerLater<T>(id: number, work: Promise<T>, data: (value: T) => unknown): void {
    work.then(
      (value) => {
        try {
          hub.send(session, { t: 'ack', id, data: data(value) })
        } catch (error) {
          failed(error)
        }
      },
      (error: unknown) => failed(error),
    )
    function failed(error: unknown) {
      if (error instanceof RefusedError) return fail(id, error.code, error.message)
      log.warn({ err: error }, 'realtime request failed')
      fail(id, 'unavailable', 'the service could not do it now: try again')
    }
  }

  /** A login the token and the caps allow: the session holds the uid from now on. */
  function loggedIn(frame: ClientFrame & { t: 'login' }, claims: TokenClaims): void {
    // One identity a connection: a login as another uid first logs the old one out (it leaves
    // its channels, its members hear memberLeft, it is no longer online), as a logout would.
    if (session.uid !== undefined && session.uid !== frame.uid) {
      hub.dropSession(session)
      session.uid = undefined
    }
    session.channels = new Set(claims.ch ? [claims.ch] : [])
    session.userId = claims.uid
    hub.login(session, frame.uid)
    deps.onLogin?.(frame.uid)
    hub.send(session, {
      t: 'connectionStateChanged',
      state: 'CONNECTED',
      reason: 'LOGIN_SUCCESS',
    })
    hub.send(session, { t: 'ack', id: frame.id })
  }

  function handle(frame: ClientFrame): void {
    const ack = (data?: unknown) =>
      hub.send(
        session,
        data === undefined ? { t: 'ack', id: frame.id } : { t: 'ack', id: frame.id, data },
      )
    if (frame.t === 'ping') return ack()
    if (frame.t === 'login') {
      const claims = tokens.verify(frame.token, 'rtm')
      if (!claims || claims.sub !== frame.uid)
        return fail(frame.id, 'unauthorized', 'invalid or expired token')
      const account = claims.uid ?? frame.uid
      const tooMany = () => {
        fail(frame.id, 'tooManyConnections', 'this account holds too many connections')
        hub.closeSession(session, CloseCode.tooManyConnections, 'too many connections')
      }
      if (deps.admission && !deps.admission.loggedIn(account)) return tooMany()
      const everywhere = deps.admission?.shared?.loggedInEverywhere(account)
      if (!everywhere) return loggedIn(frame, claims)
      return hold(everywhere, (ok) => (ok ? loggedIn(frame, claims) : tooMany()))
    }
    if (!session.uid) return fail(frame.id, 'notLoggedIn', 'log in first')
    const uid = session.uid
    switch (frame.t) {
      case 'renewToken': {
        const claims = tokens.verify(frame.token, 'rtm')
        if (!claims || claims.sub !== uid)
          return fail(frame.id, 'unauthorized', 'invalid or expired token')
        if (claims.ch) session.channels.add(claims.ch)
        return ack()
      }
      case 'logout':
        hub.dropSession(session)
        session.uid = undefined
        return ack()
      case 'join': {
        if (!session.channels.has(frame.channel))
          return fail(frame.id, 'forbidden', 'the token does not admit this channel')
        const channel = frame.channel
        const members = shared.join(session, channel)
        if (!history) return answerLater(frame.id, members, (list) => ({ members: list }))
        // Joined first, then the newest seq read: it is at least that of every message relayed to
        // this member before the answer (the client keeps the highest seq it saw).
        return answerLater(
          frame.id,
          Promise.all([members, history.last(channel)]),
          ([list, lastSeq]) => ({ members: list, lastSeq }),
        )
      }
      case 'leave':
        hub.leave(session, frame.channel)
        return ack()
      case 'channelMessage': {
        if (!session.joined.has(frame.channel))
          return fail(frame.id, 'notJoined', 'join the channel first')
        const problem = checkChannelText(frame.text, session.userId)
        if (problem) return fail(frame.id, problem.code, problem.message)
        const channel = frame.channel
        // The roster's word over the message's (name, chat allowed), in the order sent.
        const kept = vetted(vetChannelMessage(deps.roster, channel, uid, frame.text)).then(
          (v): Kept | Promise<Kept> => {
            if (!v.ok) throw new RefusedError(v.code, v.message)
            if (!history) return { text: v.text, seq: undefined, duplicate: false }
            return history
              .append(channel, { from: uid, text: v.text, msgId: messageIdOf(v.text) })
              .then(({ seq, duplicate }) => ({ text: v.text, seq, duplicate }))
          },
        )
        return answerLater(frame.id, kept, ({ text, seq, duplicate }) => {
          // A resend of a message already kept (its ack was lost) is answered, not relayed again.
          if (!duplicate) hub.sendToChannel(channel, uid, text, session, seq)
          return seq === undefined ? undefined : { seq }
        })
      }
      case 'history': {
        if (!history || !session.joined.has(frame.channel))
          return fail(frame.id, 'notJoined', 'join the channel first')
        return answerLater(frame.id, history.since(frame.channel, uid, frame.since), (answer) => {
          if (answer === null) throw new RefusedError('forbidden', 'not a member of this room')
          return answer
        })
      }
      case 'peerMessage': {
        const problem = checkPeerText(frame.text)
        if (problem === 'hostOnly') {
          const { to, text } = frame
          const host = Promise.all([...session.joined].map((c) => isHost(c, uid))).then((all) =>
            all.some(Boolean),
          )
          const sent = vetted(host).then((allowed) => {
            if (!allowed)
              throw new RefusedError('forbidden', 'peer command 2 comes from a host only')
            return shared.sendToPeer(to, uid, text)
          })
          return answerLater(frame.id, sent, (delivered) => ({ delivered }))
        }
        if (problem) return fail(frame.id, problem.code, problem.message)
        return answerLater(frame.id, shared.sendToPeer(frame.to, uid, frame.text), (delivered) => ({
          delivered,
        }))
      }
      case 'getMembers':
        if (!session.joined.has(frame.channel))
          return fail(frame.id, 'notJoined', 'join the channel first')
        return answerLater(frame.id, shared.members(frame.channel), (members) => ({ members }))
      case 'getMemberCount': {
        const { channels } = frame
        const counts = Promise.all(channels.map((c) => shared.memberCount(c)))
        return answerLater(frame.id, counts, (n) => ({
          counts: Object.fromEntries(channels.map((c, i) => [c, n[i]])),
        }))
      }
      case 'queryPeersOnline':
        return answerLater(frame.id, shared.online(frame.uids), (online) => ({ online }))
      case 'getAttributes':
        if (!session.joined.has(frame.channel))
          return fail(frame.id, 'notJoined', 'join the channel first')
        return answerLater(frame.id, shared.attributes(frame.channel), (attributes) => ({
          attributes,
        }))
      case 'setAttributes':
      case 'addOrUpdateAttributes':
      case 'deleteAttributes':
        if (!session.joined.has(frame.channel))
          return fail(frame.id, 'notJoined', 'join the channel first')
        {
          const channel = frame.channel
          const change =
            frame.t === 'deleteAttributes'
              ? { remove: frame.keys }
              : { set: frame.attributes, replace: frame.t === 'setAttributes' }
          // Written by a host only (the server writes none itself).
          const written = vetted(isHost(channel, uid)).then((host) => {
            if (!host)
              throw new RefusedError('forbidden', 'channel attributes are a host’s to write')
            return shared.updateAttributes(channel, change)
          })
          return answerLater(frame.id, written, () => undefined)
        }
    }
  }
}

/** A member's channel message once vetted: its text as relayed, and its number when kept. */
interface Kept {
  readonly text: string
  readonly seq: number | undefined
  readonly duplicate: boolean
}
