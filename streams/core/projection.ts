import type { Typed } from './envelope'

/**
 * A projection folds the events it names into one slice of state. A handler receives the
 * slice, the event narrowed to its type, and the other slices its rules depend on (who am I, who
 * is host), as they were before this event and read-only. `Reads` names those slices: a projection
 * declares them in its type (`Pick` of the root, see projections/state `Slices`), so every read
 * across slices is visible where the projection is defined and a read of an undeclared slice does
 * not compile. A projection that reads no other slice leaves `Reads` unknown.
 */
export type Handler<S, E extends Typed, Reads> = (state: S, event: E, reads: Reads) => S

export type HandlerMap<S, E extends Typed, Reads> = {
  readonly [K in E['type']]?: Handler<S, Extract<E, { type: K }>, Reads>
}

export interface Projection<S, E extends Typed, Reads> {
  readonly initialState: S
  readonly handlers: HandlerMap<S, E, Reads>
}

export function defineProjection<S, E extends Typed, Reads = unknown>(
  initialState: S,
  handlers: HandlerMap<S, E, Reads>,
): Projection<S, E, Reads> {
  return { initialState, handlers }
}

type AnyHandler = (state: unknown, event: Typed, root: unknown) => unknown

/**
 * Combines projections into one reducer over a record of slices. Handlers are indexed by event
 * type once, so folding an event costs one map lookup plus the handlers that care about it.
 * A slice whose handler returns the same reference keeps the root object unchanged. Each handler
 * is given the root before the event as its `reads` (a projection's declared `Pick` of it: no
 * object is built per event).
 */
export function combineProjections<E extends Typed, Root extends object>(
  projections: {
    [K in keyof Root]: Projection<Root[K], E, Root>
  },
  /**
   * Copies the root before a changed slice is written into the copy. Pass a function that builds
   * an object literal: it is an order of magnitude faster than a spread on a hot fold path.
   */
  copy: (root: Root) => Root = (root) => ({ ...root }),
  /**
   * Events of `gate.types` change nothing while `gate.closed(state)` holds (they are still
   * folded, so a log shows them). Checked in the same lookup as the handlers.
   */
  gate?: { types: ReadonlySet<string>; closed: (state: Root) => boolean },
): { initialState: Root; reduce: (state: Root, event: E) => Root } {
  // Per event type, the slices whose handlers care and those handlers, as parallel arrays (the
  // fold reads them on every event: no object per handler, no destructuring).
  type Entry = { keys: string[]; handlers: AnyHandler[]; gated: boolean }
  const index = new Map<string, Entry>()
  const initialState = {} as Record<string, unknown>
  for (const key of Object.keys(projections)) {
    const projection = projections[key as keyof Root]
    initialState[key] = projection.initialState
    for (const [type, handler] of Object.entries(projection.handlers)) {
      if (typeof handler !== 'function') continue
      let entry = index.get(type)
      if (!entry) index.set(type, (entry = { keys: [], handlers: [], gated: false }))
      entry.keys.push(key)
      entry.handlers.push(handler as AnyHandler)
      entry.gated = gate?.types.has(type) ?? false
    }
  }
  const closed = gate?.closed ?? (() => false)
  const reduce = (state: Root, event: E): Root => {
    const entry = index.get(event.type)
    if (entry === undefined || (entry.gated && closed(state))) return state
    const { keys, handlers } = entry
    const slices = state as Record<string, unknown>
    let next: Record<string, unknown> | undefined
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string
      const before = slices[key]
      const after = (handlers[i] as AnyHandler)(before, event, state)
      if (after !== before) {
        next ??= copy(state) as Record<string, unknown>
        next[key] = after
      }
    }
    return (next as Root | undefined) ?? state
  }
  return { initialState: initialState as Root, reduce }
}
