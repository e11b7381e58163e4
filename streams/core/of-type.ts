import { filter, type OperatorFunction } from 'rxjs'
import type { Typed } from './envelope'

/** Narrows a stream of events to the given types. */
export function ofType<E extends Typed, K extends E['type']>(
  ...types: readonly K[]
): OperatorFunction<E, Extract<E, { type: K }>> {
  const wanted = new Set<string>(types)
  return filter((e): e is Extract<E, { type: K }> => wanted.has(e.type))
}
