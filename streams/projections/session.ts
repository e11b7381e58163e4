import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import { validateJoinForm } from '../wire/join-form'
import type { State } from './state'

export type SessionPhase = 'idle' | 'entering' | 'joiningChannel' | 'inRoom' | 'leaving' | 'exited'

export interface EntryError {
  readonly message: string
  readonly field?: string
  readonly reason?: string
}

export interface SessionState {
  readonly phase: SessionPhase
  readonly entryError: EntryError | null
  /** Online members in the channel, as the messaging layer counts them. */
  readonly onlineCount: number
}

export const initialSession: SessionState = { phase: 'idle', entryError: null, onlineCount: 0 }

export const sessionProjection = defineProjection<SessionState, Event, State>(initialSession, {
  'ui/joinSubmitted': (s, e) => {
    const error = validateJoinForm(e.form)
    return error
      ? { ...s, phase: 'idle', entryError: error }
      : { ...s, phase: 'entering', entryError: null }
  },
  'rest/roomEntered': (s) => ({ ...s, phase: 'joiningChannel' }),
  'rest/roomEntryFailed': (s, e) => ({
    ...s,
    phase: 'idle',
    entryError: { message: e.message, field: e.field, reason: e.reason },
  }),
  'rtm/channelJoined': (s, e) => ({ ...s, phase: 'inRoom', onlineCount: e.members.length }),
  'rtm/joinFailed': (s, e) => ({ ...s, phase: 'idle', entryError: { message: e.message } }),
  'rtm/memberCountUpdated': (s, e) => ({ ...s, onlineCount: e.count }),
  'ui/leaveClicked': (s) => ({ ...s, phase: 'leaving' }),
  'rest/roomExited': () => ({ ...initialSession, phase: 'exited' }),
})
