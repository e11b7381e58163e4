import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import { validateJoinForm } from '../wire/join-form'
import type { ConnectionState } from '../wire/realtime'
import type { State } from './state'

export type SessionPhase = 'idle' | 'entering' | 'joiningChannel' | 'inRoom' | 'leaving' | 'exited'

export interface EntryError {
  readonly message: string
  readonly field?: string
  readonly reason?: string
}

/** What the session knows about the room it is in; kept on exit ([EXIT-1]). */
export interface SessionInfo {
  readonly roomId: string
  readonly roomUuid: string
  readonly roomName: string
  readonly channelName: string
  readonly audienceWatchType: number
}

export interface SessionState {
  readonly phase: SessionPhase
  readonly entryError: EntryError | null
  /** Online members in the channel, as the messaging layer counts them. */
  readonly onlineCount: number
  /** The exit state ([ENTRY-1] marks it false on entry). */
  readonly exited: boolean
  readonly mobile: boolean
  readonly info: SessionInfo | null
  readonly connection: ConnectionState | null
  /** The room ended (or I was kicked) for this session: the end flow ran once. */
  readonly ended: boolean
}

export const initialSession: SessionState = {
  phase: 'idle',
  entryError: null,
  onlineCount: 0,
  exited: false,
  mobile: false,
  info: null,
  connection: null,
  ended: false,
}

export const sessionProjection = defineProjection<SessionState, Event, State>(initialSession, {
  'life/appStarted': (s, e) => ({ ...s, mobile: e.mobile }),
  'ui/joinSubmitted': (s, e) => {
    const error = validateJoinForm(e.form)
    return error
      ? { ...s, phase: 'idle', entryError: error }
      : { ...s, phase: 'entering', entryError: null }
  },
  'rest/roomEntered': (s, { data: { roomInfo } }) => ({
    ...s,
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
  'rest/roomEntryFailed': (s, e) => ({
    ...s,
    phase: 'idle',
    entryError: { message: e.message, field: e.field, reason: e.reason },
  }),
  'rtm/channelJoined': (s, e) => ({ ...s, phase: 'inRoom', onlineCount: e.members.length }),
  'rtm/joinFailed': (s, e) => ({ ...s, phase: 'idle', entryError: { message: e.message } }),
  // [ENTRY-8] an empty appId stops the login
  'rtm/loginSkipped': (s) => ({
    ...s,
    phase: 'idle',
    entryError: { message: 'room login failed' },
  }),
  'rtm/memberCountUpdated': (s, e) => ({ ...s, onlineCount: e.count }),
  'rtm/connectionStateChanged': (s, e) => ({ ...s, connection: e.state }),
  'ui/leaveClicked': (s) => (s.phase === 'inRoom' ? { ...s, phase: 'leaving' } : s),
  // [EXIT-2] a refused exit call: the exit fails and I stay
  'rest/callFailed': (s, e) =>
    e.call === 'exitRoom' && s.phase === 'leaving' ? { ...s, phase: 'inRoom' } : s,
  'life/ended': (s) => (s.ended ? s : { ...s, ended: true }),
  'life/kicked': (s) => (s.ended ? s : { ...s, ended: true }),
  // [EXIT-1] the session info and the platform are kept
  'life/exited': (s) => ({ ...s, phase: 'exited', exited: true, onlineCount: 0 }),
})
