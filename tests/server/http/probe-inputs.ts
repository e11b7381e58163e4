import type { TSchema } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

/** Hostile strings and numbers the probe puts in every field it can reach. */
export const NUL = 'a\u0000b'
/** Numbers JSON can carry that no column and no safe integer holds (written as raw JSON). */
export const BAD_NUMBERS = ['1e309', '-1e309', '18446744073709551616', '-18446744073709551616']

type Json = unknown
interface Leaf {
  readonly path: readonly string[]
  readonly schema: TSchema & { type?: string; properties?: Record<string, TSchema> }
}

/** A body the schema accepts (its required fields), to change one field of at a time. */
export function baseOf(schema: TSchema | undefined): Json {
  if (!schema) return undefined
  try {
    return Value.Create(schema)
  } catch {
    return {}
  }
}

/** Every property of an object schema, nested objects included (optional ones too). */
export function leaves(schema: TSchema | undefined, path: string[] = []): Leaf[] {
  const s = schema as Leaf['schema'] | undefined
  if (!s || s.type !== 'object' || !s.properties) return path.length ? [{ path, schema: s! }] : []
  const out: Leaf[] = []
  for (const [key, child] of Object.entries(s.properties)) {
    const c = child as Leaf['schema']
    if (c.type === 'object' && c.properties) out.push(...leaves(c, [...path, key]))
    else out.push({ path: [...path, key], schema: c })
  }
  return out
}

/** A copy of `base` with the value at `path` set (objects on the way created). */
export function withValue(base: Json, path: readonly string[], value: Json): Json {
  const root = (
    base && typeof base === 'object' && !Array.isArray(base) ? structuredClone(base) : {}
  ) as Record<string, Json>
  let at = root
  path.forEach((key, i) => {
    if (i === path.length - 1) at[key] = value
    else {
      const next = at[key]
      at = at[key] =
        next && typeof next === 'object' && !Array.isArray(next)
          ? (next as Record<string, Json>)
          : {}
    }
  })
  return root
}

/** JSON text with a raw number spliced in where the marker string stands. */
export function jsonWithNumber(body: Json, raw: string): string {
  return JSON.stringify(body).replace('"__NUMBER__"', raw)
}
