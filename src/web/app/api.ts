import { checkClientConfig } from '../../adapters/rest/first-load'
import { AuthApi } from '../../adapters/rest/auth'
import { createHttpClients, send, unwrap, type HttpHooks } from '../../adapters/rest/http'
import { LightClient } from '../../adapters/rest/light-client'
import type { ClientConfig } from '@streams/wire/rest/room'
import { forgetUser } from './account'
import { loginRedirectUrl, LOGIN_PATH } from './login-redirect'
import { go } from './navigation'

/** The page's two HTTP clients (spec §7), shared by the account, the login screen and the session. */
export const http = createHttpClients()

/** Where a failed call sends the user: the login flow ([API-2]) or a status page ([ROUTE-10]). */
export const hooks: HttpHooks = {
  onNotLoggedIn() {
    forgetUser()
    if (window.location.pathname !== LOGIN_PATH) go(loginRedirectUrl(window.location))
  },
  onStatusPage(path) {
    go(path)
  },
}

let config: Promise<ClientConfig> | null = null

/** The deployment's settings (mode, the REST app id), fetched once. */
export function clientConfig(): Promise<ClientConfig> {
  config ??= send(http.open, { method: 'GET', url: '/api/config' }).then((answer) =>
    unwrap(answer, { check: checkClientConfig }, hooks),
  )
  config.catch(() => (config = null))
  return config
}

/** The first screens' calls (login, user info, public room facts), compiled checks. */
export const auth = new AuthApi(new LightClient(http, hooks))
