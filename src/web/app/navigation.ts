/**
 * Navigation from outside React (the REST adapter's hooks): the router registers its navigate
 * function here; before it has, a full page load does the same job.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void

let navigate: Navigate | null = null

export function setNavigator(fn: Navigate | null): void {
  navigate = fn
}

export function go(to: string, options: { replace?: boolean } = {}): void {
  if (navigate) navigate(to, options)
  else if (options.replace) window.location.replace(to)
  else window.location.assign(to)
}
