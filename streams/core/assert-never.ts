/** Compile-time exhaustiveness check for switches over closed unions. */
export function assertNever(value: never, what = 'value'): never {
  throw new Error(`Unexpected ${what}: ${JSON.stringify(value)}`)
}
