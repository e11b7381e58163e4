import { withCarried } from './carry'

/** Spec §9: the login system id. */
export const LOGIN_SYSTEM_ID = 65

/** The path of the SMS sign-in page: this product's own login screen. */
export const LOGIN_PATH = '/login'

/**
 * [ROUTE-11] Where a user without a login tag is sent: the SMS sign-in page, carrying the
 * service (the app's address, the callback the auth service answers to), the system id and the
 * return URL (the page the user asked for).
 */
export function loginRedirectUrl(current: { origin: string; href: string }): string {
  const params = new URLSearchParams({
    service: `${current.origin}/`,
    systemId: String(LOGIN_SYSTEM_ID),
    returnUrl: current.href,
  })
  return `${LOGIN_PATH}?${params.toString()}`
}

/**
 * Where the login screen sends a user onward ([ROUTE-4]): the return URL when it is on this
 * site (never another origin), else the home screen; carried parameters follow.
 */
export function onwardPath(search: string, origin: string): string {
  const returnUrl = new URLSearchParams(search).get('returnUrl')
  if (returnUrl) {
    try {
      const url = new URL(returnUrl, origin)
      if (url.origin === origin && !url.pathname.startsWith(LOGIN_PATH))
        return `${url.pathname}${url.search}${url.hash}`
    } catch {
      // An unreadable return URL falls back to home.
    }
  }
  return withCarried('/home', search)
}
