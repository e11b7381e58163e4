import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import { validateJoinForm } from '../wire/join-form'
import type { SessionState } from './state/session'
export type {
  SessionPhase,
  EntryError,
  SessionInfo,
  SessionState,
  EntryBusy,
  ReconnectState,
} from './state/session'

export const initialSession: SessionState = {
  phase: 'idle',
  entryError: null,
  onlineCount: 0,
  exited: false,
  mobile: false,
  info: null,
  connection: null,
  ended: false,
  reconnect: null,
}

/** A copy with some fields replaced (undefined is no change); an object literal, fast to fold. */
export function withSession(s: SessionState, p: Partial<SessionState>): SessionState {
  return {
    phase: p.phase === undefined ? s.phase : p.phase,
    entryError: p.entryError === undefined ? s.entryError : p.entryError,
    onlineCount: p.onlineCount === undefined ? s.onlineCount : p.onlineCount,
    exited: p.exited === undefined ? s.exited : p.exited,
    mobile: p.mobile === undefined ? s.mobile : p.mobile,
    info: p.info === undefined ? s.info : p.info,
    connection: p.connection === undefined ? s.connection : p.connection,
    ended: p.ended === undefined ? s.ended : p.ended,
    reconnect: p.reconnect === undefined ? s.reconnect : p.reconnect,
    entryBusy: p.entryBusy === undefined ? s.entryBusy : p.entryBusy,
  }
}

/** The busy notice ends with the entry's outcome (only when there was one: logs stay as they were). */
const entryDone = (s: SessionState): Partial<SessionState> =>
  s.entryBusy ? { entryBusy: null } : {}

export const sessionProjection = defineProjection<SessionState, Event>(initialSession, {
  'life/appStarted': (s, e) => withSession(s, { mobile: e.mobile }),
  'ui/joinSubmitted': (s, e) => {
    const error = validateJoinForm(e.form)
    return error
      ? withSession(s, { phase: 'idle', entryError: error })
      : withSession(s, { phase: 'entering', entryError: null, ...entryDone(s) })
  },
  'rest/roomEntryBusy': (s, e) =>
    withSession(s, { entryBusy: { attempt: e.attempt, delayMs: e.delayMs } }),
  'ui/reloadedInRoom': (s) =>
    s.phase === 'idle' ? withSession(s, { phase: 'entering', entryError: null }) : s,
  'rest/roomEntered': (s, { data: { roomInfo } }) =>
    withSession(s, {
      ...entryDone(s),
      phase: 'joiningChannel',
      exited: false,
      ended: false,
      info: {
        roomId: roomInfo.roomId,
        roomUuid: roomInfo.roomUuid,
        roomName: roomInfo.roomName,
        channelName: roomInfo.channelName,
        audienceWatchType: roomInfo.audienceWatchType,
      },
    }),
  'rest/roomEntryFailed': (s, e) =>
    withSession(s, {
      ...entryDone(s),
      phase: 'idle',
      entryError: { message: e.message, field: e.field, reason: e.reason },
    }),
  'rtm/channelJoined': (s, e) => withSession(s, { phase: 'inRoom', onlineCount: e.members.length }),
  'rtm/joinFailed': (s, e) => withSession(s, { phase: 'idle', entryError: { message: e.message } }),
  // [ENTRY-8] an empty appId stops the login
  'rtm/loginSkipped': (s) =>
    withSession(s, {
      phase: 'idle',
      entryError: { message: 'room login failed' },
    }),
  'rtm/memberCountUpdated': (s, e) => withSession(s, { onlineCount: e.count }),
  'rtm/connectionStateChanged': (s, e) => withSession(s, { connection: e.state }),
  'rtm/reconnecting': (s, e) => withSession(s, { reconnect: { attempt: e.attempt, lost: false } }),
  'rtm/reconnected': (s, e) =>
    withSession(s, { reconnect: null, connection: 'CONNECTED', onlineCount: e.members.length }),
  'rtm/connectionLost': (s, e) =>
    withSession(s, {
      reconnect: e.reason
        ? { attempt: e.attempts, lost: true, reason: e.reason }
        : { attempt: e.attempts, lost: true },
    }),
  'ui/leaveClicked': (s) => (s.phase === 'inRoom' ? withSession(s, { phase: 'leaving' }) : s),
  // [EXIT-2] a refused exit call: the exit fails and I stay
  'rest/callFailed': (s, e) =>
    e.call === 'exitRoom' && s.phase === 'leaving' ? withSession(s, { phase: 'inRoom' }) : s,
  'life/ended': (s) => (s.ended ? s : withSession(s, { ended: true })),
  'life/kicked': (s) => (s.ended ? s : withSession(s, { ended: true })),
  // [EXIT-1] the session info and the platform are kept
  'life/exited': (s) =>
    withSession(s, { phase: 'exited', exited: true, onlineCount: 0, reconnect: null }),
})
