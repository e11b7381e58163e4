import type { Effect } from '../core/store'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { chatEffect } from './chat'
import { channelEffect, entryEffect, exitEffect, messagingEventsEffect } from './entry'

/** Every effect of a live session. Replay runs none of them. */
export const roomEffects: readonly Effect<State, Event, Deps>[] = [
  entryEffect,
  channelEffect,
  messagingEventsEffect,
  chatEffect,
  exitEffect,
]
