/** A phone's browser (its user agent says so): the session's `mobile`, and where links land. */
export function isPhone(userAgent: string = navigator.userAgent): boolean {
  return /Mobi|Android/i.test(userAgent)
}

/** The navigation state the live guide sends on to the home form with (no bounce back). */
export const FROM_GUIDE = { fromGuide: true } as const

export function cameFromGuide(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'fromGuide' in state
}
