import { vi } from 'vitest'

/**
 * The `[event, listener]` pairs of an SDK's overloaded `on(event, listener)`. TypeScript reads
 * an overload set only through a pattern of as many call signatures, matched from the last one;
 * IAgoraRTCClient declares 29, the tracks 3 to 6, so the pattern below has 32 and the unmatched
 * leading ones are dropped by `Named`, with the catch-all `on(event: string, listener: Function)`.
 */
type Signatures<F> = F extends {
  (...a: infer A01): void
  (...a: infer A02): void
  (...a: infer A03): void
  (...a: infer A04): void
  (...a: infer A05): void
  (...a: infer A06): void
  (...a: infer A07): void
  (...a: infer A08): void
  (...a: infer A09): void
  (...a: infer A10): void
  (...a: infer A11): void
  (...a: infer A12): void
  (...a: infer A13): void
  (...a: infer A14): void
  (...a: infer A15): void
  (...a: infer A16): void
  (...a: infer A17): void
  (...a: infer A18): void
  (...a: infer A19): void
  (...a: infer A20): void
  (...a: infer A21): void
  (...a: infer A22): void
  (...a: infer A23): void
  (...a: infer A24): void
  (...a: infer A25): void
  (...a: infer A26): void
  (...a: infer A27): void
  (...a: infer A28): void
  (...a: infer A29): void
  (...a: infer A30): void
  (...a: infer A31): void
  (...a: infer A32): void
}
  ? | A01
    | A02
    | A03
    | A04
    | A05
    | A06
    | A07
    | A08
    | A09
    | A10
    | A11
    | A12
    | A13
    | A14
    | A15
    | A16
    | A17
    | A18
    | A19
    | A20
    | A21
    | A22
    | A23
    | A24
    | A25
    | A26
    | A27
    | A28
    | A29
    | A30
    | A31
    | A32
  : never

/** Only the pairs whose event is a literal name, with a listener that is a function type. */
type Named<P> = P extends readonly [infer E extends string, infer L extends (...a: never[]) => void]
  ? string extends E
    ? never
    : [E, L]
  : never

type Pairs<F> = Named<Signatures<F>>

/** The event names an SDK object's `on` declares. */
export type EventName<On> = Pairs<On>[0]

/** The arguments the SDK passes to the listener of `event`, as its own `on` overload says. */
export type ListenerArgs<On, E extends EventName<On>> = Parameters<
  Extract<Pairs<On>, [E, unknown]>[1]
>

type Listener = (...args: never[]) => void

/**
 * An event emitter like the SDK's: `on` and `off` record listeners; `emit` fires them for the
 * test, with the event names and listener arguments of the SDK's own `on` overloads (`On`), each
 * argument type passed through `Swap` (where a test hands a fake in place of an SDK object).
 */
export class SdkEmitter<On, Swap = never> {
  private readonly listeners = new Map<string, Set<Listener>>()
  on = vi.fn((event: string, listener: Listener): void => {
    let set = this.listeners.get(event)
    if (!set) this.listeners.set(event, (set = new Set()))
    set.add(listener)
  })
  off = vi.fn((event: string, listener: Listener): void => {
    this.listeners.get(event)?.delete(listener)
  })
  emit<E extends EventName<On>>(event: E, ...args: Swapped<ListenerArgs<On, E>, Swap>): void {
    for (const f of this.listeners.get(event) ?? []) (f as (...a: unknown[]) => void)(...args)
  }
  /** Listeners bound for one event, or for every event. */
  count(event?: EventName<On>): number {
    if (event !== undefined) return this.listeners.get(event)?.size ?? 0
    let n = 0
    for (const set of this.listeners.values()) n += set.size
    return n
  }
}

/** A string enum of the SDK's (ConnectionDisconnectedReason…) also takes its values' text. */
export type Loose<T> = T extends string ? `${T}` : T

/**
 * `Swap` is a [SDK type, fake type] pair: arguments of the SDK type take the fake instead; the
 * others are loosened (Loose).
 */
type Swapped<A, Swap> = {
  [I in keyof A]: Swap extends readonly [infer Sdk, infer Fake]
    ? A[I] extends Sdk
      ? Fake
      : Loose<A[I]>
    : Loose<A[I]>
}
