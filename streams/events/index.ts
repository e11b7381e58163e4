import type { BoardEvent } from './board'
import type { DeviceEvent } from './device'
import type { MsgEvent, SentEvent } from './msg'
import type { RestEvent } from './rest'
import type { RtcEvent } from './rtc'
import type { RtmEvent } from './rtm'
import type { UiEvent } from './ui'

export type { BoardEvent, DeviceEvent, MsgEvent, RestEvent, RtcEvent, RtmEvent, SentEvent, UiEvent }
export type { JoinForm } from '../wire/join-form'

/** Every input the client reacts to, as one discriminated union grouped by source. */
export type Event =
  UiEvent | RestEvent | RtmEvent | MsgEvent | SentEvent | RtcEvent | DeviceEvent | BoardEvent

export type EventType = Event['type']
export type EventOf<K extends EventType> = Extract<Event, { type: K }>
