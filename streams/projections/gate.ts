import { CHANNEL_EVENT_OF_CMD } from '../codecs/channel'
import type { Event } from '../events'
import { CDN_AUDIENCE_CMDS } from '../wire/channel'
import { isOnCdnWatch } from './derive'
import type { State } from './state'

const CHANNEL_TYPES: ReadonlySet<string> = new Set(Object.values(CHANNEL_EVENT_OF_CMD))
const CDN_TYPES: ReadonlySet<string> = new Set(
  [...CDN_AUDIENCE_CMDS].map((cmd) => CHANNEL_EVENT_OF_CMD[cmd]),
)

/** Channel event types an audience on CDN watch does not process. */
const GATED: ReadonlySet<string> = new Set(
  [...CHANNEL_TYPES].filter((type) => !CDN_TYPES.has(type)),
)

/** The channel event types the CDN-audience whitelist shuts out ([MSG-5]). */
export const CDN_GATED_TYPES: ReadonlySet<string> = GATED

/** A decoded channel event type (not 'msg/dropped', not what I sent). */
export function isChannelEventType(type: string): boolean {
  return CHANNEL_TYPES.has(type)
}

/**
 * [MSG-5] Whether a decoded channel event reaches the reducers and effects: an audience on CDN
 * watch processes only the whitelisted commands. The event is folded (and logged) either way;
 * a gated one changes nothing.
 */
export function reachesReducers(state: State, event: Event): boolean {
  if (!CHANNEL_TYPES.has(event.type) || CDN_TYPES.has(event.type)) return true
  return !isOnCdnWatch(state)
}
