import { CloseCode, type ClientFrame } from '@streams/wire/realtime'
import type { TokenClaims, Tokens } from '../auth/tokens'
import { checkChannelText, checkPeerText, RefusedError } from './checks'
import { FewStrings } from './few'
import type { Admission } from './guard'
import type { ChannelHistory } from './history'
import { messageIdOf } from './history'
import type { Hub, Session } from './hub'
import type { Roster } from './roster'
import type { SharedHub } from './shared'
import { vetChannelMessage } from './speech'

interface Logger {
  warn(obj: object, msg: string): void
}

/** What every realtime connection is served with: one object for all of them. */
export interface SocketDeps {
  readonly hub: Hub
  /** The members, presence and attributes of every process (one process: the hub's). */
  readonly shared: SharedHub
  readonly tokens: Tokens
  readonly log: Logger
  readonly onLogin?: (uid: string) => void
  /** Members' channel messages numbered and kept before they are relayed (docs/realtime.md). */
  readonly history?: ChannelHistory
  /** Who a uid is in a channel's room: a message's sender name and a sender's rights. */
  readonly roster: Roster
}

/** One connection as its requests see it (`Connection` in socket.ts). */
export interface Requests extends Session {
  readonly deps: SocketDeps
  /** The connection guard's word on this connection (per-account cap, login timeout). */
  readonly admission: Admission | undefined
  /** Channels this connection's tokens admit it to. */
  channels: FewStrings
  readonly joined: FewStrings
  fail(id: number | undefined, code: string, message: string): void
  ack(id: number, data?: unknown): void
  /** Acks a request once its work is done; a failure is an error frame, never a lost answer. */
  answerLater<T>(id: number, work: Promise<T>, data: (value: T) => unknown): void
  /** What the roster says, answered in the order asked (messages are kept in the order sent). */
  vetted<T>(work: Promise<T>): Promise<T>
  /** Holds the connection's next frames until `answer` is in (the other processes' word). */
  hold(answer: Promise<boolean>, then: (ok: boolean) => void): void
}

/** A member's channel message once vetted: its text as relayed, and its number when kept. */
interface Kept {
  readonly text: string
  readonly seq: number | undefined
  readonly duplicate: boolean
}

const isHost = (c: Requests, channel: string, uid: string) =>
  c.deps.roster(channel, uid).then((member) => member?.isHost === true)

/** A login the token and the caps allow: the session holds the uid from now on. */
function loggedIn(c: Requests, frame: ClientFrame & { t: 'login' }, claims: TokenClaims): void {
  const { hub } = c.deps
  // One identity a connection: a login as another uid first logs the old one out (it leaves
  // its channels, its members hear memberLeft, it is no longer online), as a logout would.
  if (c.uid !== undefined && c.uid !== frame.uid) {
    hub.dropSession(c)
    c.uid = undefined
  }
  c.channels = new FewStrings()
  if (claims.ch) c.channels.add(claims.ch)
  c.userId = claims.uid
  hub.login(c, frame.uid)
  c.deps.onLogin?.(frame.uid)
  hub.send(c, { t: 'connectionStateChanged', state: 'CONNECTED', reason: 'LOGIN_SUCCESS' })
  c.ack(frame.id)
}

function login(c: Requests, frame: ClientFrame & { t: 'login' }): void {
  const claims = c.deps.tokens.verify(frame.token, 'rtm')
  if (!claims || claims.sub !== frame.uid)
    return c.fail(frame.id, 'unauthorized', 'invalid or expired token')
  const account = claims.uid ?? frame.uid
  const tooMany = () => {
    c.fail(frame.id, 'tooManyConnections', 'this account holds too many connections')
    c.deps.hub.closeSession(c, CloseCode.tooManyConnections, 'too many connections')
  }
  if (c.admission && !c.admission.loggedIn(account)) return tooMany()
  const everywhere = c.admission?.shared?.loggedInEverywhere(account)
  if (!everywhere) return loggedIn(c, frame, claims)
  c.hold(everywhere, (ok) => (ok ? loggedIn(c, frame, claims) : tooMany()))
}

/** Serves one valid frame of a connection. */
export function handleFrame(c: Requests, frame: ClientFrame): void {
  const { hub, shared, history } = c.deps
  if (frame.t === 'ping') return c.ack(frame.id)
  if (frame.t === 'login') return login(c, frame)
  if (!c.uid) return c.fail(frame.id, 'notLoggedIn', 'log in first')
  const uid = c.uid
  switch (frame.t) {
    case 'renewToken': {
      const claims = c.deps.tokens.verify(frame.token, 'rtm')
      if (!claims || claims.sub !== uid)
        return c.fail(frame.id, 'unauthorized', 'invalid or expired token')
      if (claims.ch) c.channels.add(claims.ch)
      return c.ack(frame.id)
    }
    case 'logout':
      hub.dropSession(c)
      c.uid = undefined
      return c.ack(frame.id)
    case 'join': {
      if (!c.channels.has(frame.channel))
        return c.fail(frame.id, 'forbidden', 'the token does not admit this channel')
      const channel = frame.channel
      const members = shared.join(c, channel)
      if (!history) return c.answerLater(frame.id, members, (list) => ({ members: list }))
      // Joined first, then the newest seq read: it is at least that of every message relayed to
      // this member before the answer (the client keeps the highest seq it saw).
      return c.answerLater(
        frame.id,
        Promise.all([members, history.last(channel)]),
        ([list, lastSeq]) => ({ members: list, lastSeq }),
      )
    }
    case 'leave':
      hub.leave(c, frame.channel)
      return c.ack(frame.id)
    case 'channelMessage': {
      if (!c.joined.has(frame.channel))
        return c.fail(frame.id, 'notJoined', 'join the channel first')
      const problem = checkChannelText(frame.text, c.userId)
      if (problem) return c.fail(frame.id, problem.code, problem.message)
      const channel = frame.channel
      // The roster's word over the message's (name, chat allowed), in the order sent.
      const kept = c
        .vetted(vetChannelMessage(c.deps.roster, channel, uid, frame.text))
        .then((v): Kept | Promise<Kept> => {
          if (!v.ok) throw new RefusedError(v.code, v.message)
          if (!history) return { text: v.text, seq: undefined, duplicate: false }
          return history
            .append(channel, { from: uid, text: v.text, msgId: messageIdOf(v.text) })
            .then(({ seq, duplicate }) => ({ text: v.text, seq, duplicate }))
        })
      return c.answerLater(frame.id, kept, ({ text, seq, duplicate }) => {
        // A resend of a message already kept (its ack was lost) is answered, not relayed again.
        if (!duplicate) hub.sendToChannel(channel, uid, text, c, seq)
        return seq === undefined ? undefined : { seq }
      })
    }
    case 'history': {
      if (!history || !c.joined.has(frame.channel))
        return c.fail(frame.id, 'notJoined', 'join the channel first')
      return c.answerLater(frame.id, history.since(frame.channel, uid, frame.since), (answer) => {
        if (answer === null) throw new RefusedError('forbidden', 'not a member of this room')
        return answer
      })
    }
    case 'peerMessage': {
      const problem = checkPeerText(frame.text)
      if (problem === 'hostOnly') {
        const { to, text } = frame
        const host = Promise.all([...c.joined].map((ch) => isHost(c, ch, uid))).then((all) =>
          all.some(Boolean),
        )
        const sent = c.vetted(host).then((allowed) => {
          if (!allowed) throw new RefusedError('forbidden', 'peer command 2 comes from a host only')
          return shared.sendToPeer(to, uid, text)
        })
        return c.answerLater(frame.id, sent, (delivered) => ({ delivered }))
      }
      if (problem) return c.fail(frame.id, problem.code, problem.message)
      return c.answerLater(frame.id, shared.sendToPeer(frame.to, uid, frame.text), (delivered) => ({
        delivered,
      }))
    }
    case 'getMembers':
      if (!c.joined.has(frame.channel))
        return c.fail(frame.id, 'notJoined', 'join the channel first')
      return c.answerLater(frame.id, shared.members(frame.channel), (members) => ({ members }))
    case 'getMemberCount': {
      const { channels } = frame
      const counts = Promise.all(channels.map((ch) => shared.memberCount(ch)))
      return c.answerLater(frame.id, counts, (n) => ({
        counts: Object.fromEntries(channels.map((ch, i) => [ch, n[i]])),
      }))
    }
    case 'queryPeersOnline':
      return c.answerLater(frame.id, shared.online(frame.uids), (online) => ({ online }))
    case 'getAttributes':
      if (!c.joined.has(frame.channel))
        return c.fail(frame.id, 'notJoined', 'join the channel first')
      return c.answerLater(frame.id, shared.attributes(frame.channel), (attributes) => ({
        attributes,
      }))
    case 'setAttributes':
    case 'addOrUpdateAttributes':
    case 'deleteAttributes': {
      if (!c.joined.has(frame.channel))
        return c.fail(frame.id, 'notJoined', 'join the channel first')
      const channel = frame.channel
      const change =
        frame.t === 'deleteAttributes'
          ? { remove: frame.keys }
          : { set: frame.attributes, replace: frame.t === 'setAttributes' }
      // Written by a host only (the server writes none itself).
      const written = c.vetted(isHost(c, channel, uid)).then((host) => {
        if (!host) throw new RefusedError('forbidden', 'channel attributes are a host’s to write')
        return shared.updateAttributes(channel, change)
      })
      return c.answerLater(frame.id, written, () => undefined)
    }
  }
}
