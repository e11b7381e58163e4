import { RouteClient } from '../../adapters/rest/client'
import { clientConfig, hooks, http } from '../app/api'

/**
 * The REST route client with full answer checks (TypeBox compiled at load): the session's REST
 * adapter and the screens past the first load (projection management) use it.
 */
export const routes = new RouteClient(http, hooks, () => clientConfig().then((c) => c.appId))
