import type { Deps } from '../deps'
import type { RegisterOptions } from '../http/register'

/** What a route plugin is registered with (`app.register(goodsRoutes, { deps, register })`). */
export interface RouteOptions {
  readonly deps: Deps
  readonly register: RegisterOptions
}
