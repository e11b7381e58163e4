/** Keys whose values are secrets: never recorded, never exported ([Conventions 10]). */
const SECRET_KEY =
  /token|password|passwd|pwd|secret|smscode|verifycode|phone|mobile|cookie|authorization/i

export const REDACTED = '[redacted]'

/** A deep copy of `value` with every secret-named field's value replaced. */
export function redact<T>(value: T): T {
  return walk(value) as T
}

function walk(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(walk)
  if (value === null || typeof value !== 'object') return value
  const out: Record<string, unknown> = {}
  for (const [key, inner] of Object.entries(value)) {
    out[key] =
      SECRET_KEY.test(key) && inner !== null && inner !== undefined && inner !== ''
        ? REDACTED
        : walk(inner)
  }
  return out
}
