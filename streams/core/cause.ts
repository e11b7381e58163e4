/**
 * What produced a derived event: the effect (or adapter) that emitted it, and the seq of the
 * event that triggered it. Recorded with the envelope, so a replay can follow an event back to
 * its cause. `seq` is absent when nothing in the log triggered it (an adapter's news from the
 * network, an effect that reacts to state only).
 */
export interface Cause {
  readonly by: string
  readonly seq?: number
}

/** One effect's bookkeeping: the last event that passed one of its `ofType` filters. */
export interface EffectTrace {
  trigger: number | undefined
}

/** The event being delivered to an effect right now, synchronously, and that effect's trace. */
let delivering: { readonly trace: EffectTrace; readonly seq: number } | null = null

/** Delivers an event to an effect, so an `ofType` it passes counts as that effect's trigger. */
export function deliver<T>(trace: EffectTrace, seq: number, run: () => T): T {
  const before = delivering
  delivering = { trace, seq }
  try {
    return run()
  } finally {
    delivering = before
  }
}

/** Called by `ofType` when an event passes it: the effect it belongs to was triggered by it. */
export function noteTrigger(): void {
  if (delivering) delivering.trace.trigger = delivering.seq
}

/**
 * The cause of an event an effect emits now: the event being delivered to that very effect when
 * it answers at once; else the last event that passed its filters (an answer that came later: a
 * REST reply, a timer); else none.
 */
export function causeOf(name: string, trace: EffectTrace): Cause {
  if (delivering && delivering.trace === trace) return { by: name, seq: delivering.seq }
  return trace.trigger === undefined ? { by: name } : { by: name, seq: trace.trigger }
}
