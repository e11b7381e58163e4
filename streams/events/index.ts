import type { BoardEvent } from './board'
import type { BusinessEvent } from './business'
import type { DeviceEvent } from './device'
import type { LifeEvent } from './life'
import type { MsgEvent, SentEvent } from './msg'
import type { PeerEvent } from './peer'
import type { RestEvent } from './rest'
import type { RtcEvent } from './rtc'
import type { RtmEvent } from './rtm'
import type { RuleEvent } from './rule'
import type { TimerEvent } from './timer'
import type { UiEvent } from './ui'

export type {
  BoardEvent,
  BusinessEvent,
  DeviceEvent,
  LifeEvent,
  MsgEvent,
  PeerEvent,
  RestEvent,
  RtcEvent,
  RtmEvent,
  RuleEvent,
  SentEvent,
  TimerEvent,
  UiEvent,
}
export type { ChannelEvent, ChannelEventType, MsgDataMap } from './msg'
export type { EndReason } from './life'
export type { JoinForm } from '../wire/join-form'

/** Every input the client reacts to, as one discriminated union grouped by source. */
export type Event =
  | UiEvent
  | RestEvent
  | RtmEvent
  | MsgEvent
  | SentEvent
  | PeerEvent
  | RtcEvent
  | DeviceEvent
  | BoardEvent
  | TimerEvent
  | LifeEvent
  | RuleEvent
  | BusinessEvent

export type EventType = Event['type']
export type EventOf<K extends EventType> = Extract<Event, { type: K }>
