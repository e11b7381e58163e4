import type { Relay, RelayListener } from './relay'

/** Whether messages cross processes now, for the health route and the logs. */
export interface BusStatus {
  /** `local`: one process is the whole service; `redis`: processes share state through Redis. */
  readonly kind: 'local' | 'redis'
  /** Whether the other processes are reached (always true for `local`). */
  readonly connected: boolean
  /** Since when (ms) the bus is away, while it is. */
  readonly downSince?: number
  /** Why, while it is away. */
  readonly error?: string
}

/** What a channel's attributes change by (RTM's set, add-or-update and delete). */
export interface AttributeChange {
  readonly set?: Record<string, string>
  readonly replace?: boolean
  readonly remove?: string[]
}

/** A process's members, as the bus tells them again when it comes back after an outage. */
export interface HeldSession {
  readonly uid: string
  readonly channels: readonly string[]
}

/** A topic listened to until `stop()`; `ready` once the other processes' messages reach here. */
export interface TopicSubscription {
  readonly ready: Promise<void>
  stop(): void
}

/**
 * Binary messages on named topics between the server processes (the whiteboard's documents).
 * A process never hears its own messages back; while the bus is away nothing crosses.
 */
export interface Topics {
  /** `onBack`: the bus came back after an outage (messages were lost meanwhile). */
  subscribe(
    topic: string,
    onMessage: (message: Uint8Array) => void,
    onBack?: () => void,
  ): TopicSubscription
  publish(topic: string, message: Uint8Array): void
}

/** One process: no other process to tell or hear. */
export const LOCAL_TOPICS: Topics = {
  subscribe: () => ({ ready: Promise.resolve(), stop() {} }),
  publish() {},
}

/** Places counted across the processes (the connection caps of realtime/guard.ts). */
export interface SharedCaps {
  /**
   * Takes one of a key's `max` places: false when every place is held; undefined when this
   * process decides alone (the bus is away).
   */
  take(key: string, max: number): Promise<boolean | undefined>
  /** Gives back a place `take` gave. */
  give(key: string): void
}

/**
 * The realtime service's shared state across server processes. Every query answers `undefined`
 * when it has no word of its own (one process, or the bus is away): the hub's own state is then
 * the answer, so each process keeps serving its members whatever happens to the bus.
 */
export interface Bus extends Relay {
  readonly kind: BusStatus['kind']
  /** Named topics for other services' messages between the processes. */
  readonly topics: Topics
  /** Caps counted across the processes (none with one process: its own counts decide). */
  readonly caps?: SharedCaps
  /** Where messages from other processes go, and what this process holds. */
  attach(listener: RelayListener, held: () => HeldSession[]): void
  status(): BusStatus
  /** Resolves once this process hears a channel's frames from the others. */
  listening(channel: string): Promise<void>
  /** The uids in a channel across the processes (at most `limit`, first joined first). */
  members(channel: string, limit: number): Promise<string[] | undefined>
  count(channel: string): Promise<number | undefined>
  /** Whether each uid is logged in on some process. */
  online(uids: readonly string[]): Promise<boolean[] | undefined>
  attributes(channel: string): Promise<Record<string, string> | undefined>
  /** Applies a change; answers the channel's attributes after it (to announce). */
  changeAttributes(
    channel: string,
    change: AttributeChange,
  ): Promise<Record<string, string> | undefined>
  /**
   * Hears a channel's frames from the other processes with no member of it here (the SFU follows
   * the server's announcements made elsewhere); the answer stops.
   */
  watch(channel: string): () => void
  /** True in one process of the cluster at a time, for `ttlMs` (jobs that must run once). */
  lead(job: string, ttlMs: number): Promise<boolean>
  close(): Promise<void>
}

/** One process: nothing to share, nothing to wait for. */
export class LocalBus implements Bus {
  readonly kind = 'local' as const
  readonly topics = LOCAL_TOPICS
  attach(): void {}
  status(): BusStatus {
    return { kind: 'local', connected: true }
  }
  listening(): Promise<void> {
    return Promise.resolve()
  }
  members(): Promise<undefined> {
    return Promise.resolve(undefined)
  }
  count(): Promise<undefined> {
    return Promise.resolve(undefined)
  }
  online(): Promise<undefined> {
    return Promise.resolve(undefined)
  }
  attributes(): Promise<undefined> {
    return Promise.resolve(undefined)
  }
  changeAttributes(): Promise<undefined> {
    return Promise.resolve(undefined)
  }
  watch(): () => void {
    return () => undefined
  }
  lead(): Promise<boolean> {
    return Promise.resolve(true)
  }
  close(): Promise<void> {
    return Promise.resolve()
  }
  frame(): void {}
  toUids(): void {}
  joined(): void {}
  left(): void {}
  loggedIn(): void {}
  loggedOut(): void {}
  remove(): void {}
}
