import { PMap } from '../core/pmap'
import { PVec } from '../core/pvec'

/** One difference between two states: where, and the value before and after. */
export interface Change {
  readonly path: string
  readonly before: unknown
  readonly after: unknown
}

/**
 * The differences between two states, as leaf paths ('users.audiences.1001.enableAudio').
 * Structure the two share is skipped by reference, so diffing neighbouring steps of a replay
 * costs what changed, not the size of the roster or the chat.
 */
export function diffStates(before: unknown, after: unknown, limit = 1000): Change[] {
  const out: Change[] = []
  walk(before, after, '', out, limit)
  return out
}

const join = (path: string, key: string | number) => (path === '' ? String(key) : `${path}.${key}`)

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  !Array.isArray(value) &&
  (Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null)

function walk(a: unknown, b: unknown, path: string, out: Change[], limit: number): void {
  if (a === b || out.length >= limit) return
  if (a instanceof PMap && b instanceof PMap) {
    PMap.diff(a as PMap<unknown>, b as PMap<unknown>, (key, x, y) =>
      walk(x, y, join(path, key), out, limit),
    )
    return
  }
  if (a instanceof PVec && b instanceof PVec) {
    const common = Math.min(a.size, b.size)
    // An append-only list: look back from the end of the common part until the items agree.
    for (let i = common - 1; i >= 0 && out.length < limit; i--) {
      if (a.get(i) === b.get(i)) break
      walk(a.get(i), b.get(i), join(path, i), out, limit)
    }
    for (let i = common; i < b.size && out.length < limit; i++)
      out.push({ path: join(path, i), before: undefined, after: b.get(i) })
    for (let i = common; i < a.size && out.length < limit; i++)
      out.push({ path: join(path, i), before: a.get(i), after: undefined })
    return
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length)
    for (let i = 0; i < n; i++) walk(a[i], b[i], join(path, i), out, limit)
    return
  }
  if (isPlain(a) && isPlain(b)) {
    for (const key of Object.keys(a)) walk(a[key], b[key], join(path, key), out, limit)
    for (const key of Object.keys(b))
      if (!(key in a)) walk(undefined, b[key], join(path, key), out, limit)
    return
  }
  out.push({ path, before: a, after: b })
}
