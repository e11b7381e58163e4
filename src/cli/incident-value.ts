/** The value at a dotted path of a JSON value ('ui.dialogs.0.kind'); undefined when absent. */
export function valueAt(value: unknown, path: string): unknown {
  let at: unknown = value
  for (const key of path.split('.')) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<string, unknown>)[key]
  }
  return at
}
