/**
 * [ROUTE-14] A statistics script is loaded on each navigation, only when a statistics URL is
 * configured at build time (VITE_STATS_URL); none by default.
 */
export const STATS_URL: string = (import.meta.env.VITE_STATS_URL as string | undefined) ?? ''

const MARK = 'data-roomcast-stats'

/** Loads the statistics script afresh for a navigation to `path`; no-op without a URL. */
export function loadStats(path: string, url = STATS_URL, doc: Document = document): void {
  if (!url) return
  doc.querySelectorAll(`script[${MARK}]`).forEach((old) => old.remove())
  const script = doc.createElement('script')
  script.async = true
  script.src = url
  script.setAttribute(MARK, path)
  doc.head.append(script)
}
