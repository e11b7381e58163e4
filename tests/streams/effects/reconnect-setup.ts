import type { Event } from '@streams/events'

// What the reconnection tests share: a dropped connection and a failed login.

/** The realtime connection dropped (closed 1006). */
export const drop: Event = {
  type: 'rtm/connectionStateChanged',
  state: 'DISCONNECTED',
  reason: 'closed 1006',
}

/** An error as the adapters fail with: a message and a code. */
export const failure = (code: string, message: string) =>
  Object.assign(new Error(message), { code })

/** A login that finds the realtime service down. */
export const unreachable = failure('network', 'realtime service unreachable')
