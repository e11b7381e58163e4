/**
 * The replay's position in the URL: `#seq=N` is the state after the event with seq N. The hash
 * is rewritten in place (history.replaceState: no router navigation, no history entries).
 */

/** The seq a hash names, or null ('#seq=12' → 12). */
export function seqInHash(hash: string): number | null {
  const value = new URLSearchParams(hash.replace(/^#/, '')).get('seq')
  if (value === null || !/^-?\d+$/.test(value.trim())) return null
  return Number(value)
}

/** The hash for a seq, keeping any other hash parameters. */
export function hashWithSeq(hash: string, seq: number): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  params.set('seq', String(seq))
  return `#${params.toString()}`
}

/** Writes the seq into the page's hash without a navigation. */
export function writeSeqToHash(seq: number, win: Window = window): void {
  const next = hashWithSeq(win.location.hash, seq)
  if (next === win.location.hash) return
  const url = `${win.location.pathname}${win.location.search}${next}`
  // Keep the router's history state: only the hash changes.
  win.history.replaceState(win.history.state, '', url)
}
