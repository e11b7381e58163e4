import { filter, type OperatorFunction } from 'rxjs'
import { noteTrigger } from './cause'
import type { Typed } from './envelope'

/**
 * Narrows a stream of events to the given types. An event that passes is noted as the trigger of
 * the effect it is delivered to (`Cause`: what the effect emits next was caused by it).
 */
export function ofType<E extends Typed, K extends E['type']>(
  ...types: readonly K[]
): OperatorFunction<E, Extract<E, { type: K }>> {
  const wanted = new Set<string>(types)
  return filter((e): e is Extract<E, { type: K }> => {
    if (!wanted.has(e.type)) return false
    noteTrigger()
    return true
  })
}
