import * as generated from 'virtual:first-load-routes'
import type { AuthService } from '@streams/wire/rest/auth'
import type { ClientConfig } from '@streams/wire/rest/room'
import type { DataOf, RouteDef } from '@streams/wire/rest/route'
import type { SceneService, SceneV1Service } from '@streams/wire/rest/scene'

/** A route with its answer check compiled in at build time (scripts/first-load-routes.ts). */
export interface CompiledRoute<R extends RouteDef> {
  readonly prefix: string
  readonly notLoggedInCode: number
  readonly method: R['method']
  readonly path: string
  readonly encoding: 'json' | 'form' | 'multipart'
  readonly check: (value: unknown) => value is DataOf<R>
}

type Compiled<S extends { routes: Record<string, RouteDef> }, P extends string> = {
  readonly [K in keyof S['routes'] & string as `${P}.${K}`]: CompiledRoute<S['routes'][K]>
}

export type FirstLoadRoutes = Compiled<typeof AuthService, 'auth'> & {
  readonly 'scene.user': CompiledRoute<(typeof SceneService.routes)['user']>
  readonly 'sceneV1.externalInfo': CompiledRoute<(typeof SceneV1Service.routes)['externalInfo']>
}

/** The first screens' routes (login, user info, public room facts). */
export const routes = generated.routes as unknown as FirstLoadRoutes
export const checkClientConfig = generated.checkClientConfig as (
  value: unknown,
) => value is ClientConfig
