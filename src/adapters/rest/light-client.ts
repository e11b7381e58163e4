import type { CompiledRoute } from './first-load'
import type { RouteDef } from '@streams/wire/rest/route'
import type { CallArgs } from './client'
import type { HttpClients, HttpHooks } from './http'
import { buildRequest, perform, type LooseArgs } from './request'

/**
 * Calls the first screens' routes with answer checks compiled at build time (no TypeBox at run
 * time): the same requests and answers as RouteClient, a much smaller first load.
 */
export class LightClient {
  constructor(
    private readonly http: HttpClients,
    private readonly hooks: HttpHooks,
  ) {}

  call<R extends RouteDef>(route: CompiledRoute<R>, args: CallArgs<R>) {
    const config = buildRequest(route, args as LooseArgs)
    return perform(this.http, this.hooks, route, config, route)
  }
}
