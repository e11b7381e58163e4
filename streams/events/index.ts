import type { MsgEvent, SentEvent } from './msg'
import type { RestEvent } from './rest'
import type { RtmEvent } from './rtm'
import type { UiEvent } from './ui'

export type { MsgEvent, RestEvent, RtmEvent, SentEvent, UiEvent }
export type { JoinForm } from '../wire/join-form'

/** Every input the client reacts to, as one discriminated union grouped by source. */
export type Event = UiEvent | RestEvent | RtmEvent | MsgEvent | SentEvent

export type EventType = Event['type']
export type EventOf<K extends EventType> = Extract<Event, { type: K }>
