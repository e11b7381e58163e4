import { Type, type Static, type TObject, type TProperties, type TSchema } from '@sinclair/typebox'

/**
 * A REST route as data: method, path, the schemas of its params, query, body and answer data,
 * and who may call it. The server registers its handlers from these tables and the client's
 * REST port takes its types from them, so both sides read one contract.
 */
export type Method = 'GET' | 'POST' | 'DELETE'

/**
 * Who may call: `public` anyone; `session` a caller with a session (a logged-in member, or a
 * visitor when visitors are allowed, who gets one on first call); `member` a logged-in member.
 * Refusals answer body code 10011 or 20003 ([API-2]).
 */
export type Access = 'public' | 'session' | 'member'

export interface RouteDef {
  readonly method: Method
  /** Path below the service prefix, Fastify style: `room/:roomId/user/page`. */
  readonly path: string
  readonly params?: TObject
  readonly query?: TObject
  readonly body?: TSchema
  /** `data` of a successful `{ code: 0, msg, data }` answer (for a download, its refusal only). */
  readonly data: TSchema
  readonly access: Access
  /** How the body is sent: JSON (default), form-encoded (auth calls) or multipart (uploads). */
  readonly encoding?: 'json' | 'form' | 'multipart'
  /** The largest body this route takes, bytes (the server's default is 1 MiB). */
  readonly bodyLimit?: number
  /** The answer is a file download, not the envelope (e.g. the question answer export). */
  readonly download?: { readonly contentType: string }
}

export interface Service<R extends Record<string, RouteDef> = Record<string, RouteDef>> {
  /** The path prefix, Fastify style, ending in '/'. */
  readonly prefix: string
  /** The not-logged-in body code this service answers ([API-2]). */
  readonly notLoggedInCode: 10011 | 20003
  readonly routes: R
}

export function defineService<const R extends Record<string, RouteDef>>(
  prefix: string,
  notLoggedInCode: 10011 | 20003,
  routes: R,
): Service<R> {
  return { prefix, notLoggedInCode, routes }
}

/** The room service (spec §7): `/api/s1/serve/{appId}/v1/`. */
export const ROOM_PREFIX = '/api/s1/serve/:appId/v1/'
/** The scene service (spec §7). */
export const SCENE_PREFIX = '/api/scene/1/service/v1/'
export const SCENE_V1_PREFIX = '/api/scene/v1/'
/** The auth service: form-encoded POSTs (spec §7 "Login and auth"). */
export const AUTH_PREFIX = '/api/auth/'

/** The full path of a route, Fastify style. */
export function fullPath(service: Pick<Service, 'prefix'>, route: Pick<RouteDef, 'path'>): string {
  return service.prefix + route.path
}

/** A concrete URL: path parameters filled in (encoded). */
export function buildPath(
  service: Pick<Service, 'prefix'>,
  route: Pick<RouteDef, 'path'>,
  params: Readonly<Record<string, string | number>>,
): string {
  return fullPath(service, route).replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === '') throw new Error(`path parameter ${name} missing`)
    return encodeURIComponent(String(value))
  })
}

export type ParamsOf<R extends RouteDef> = R['params'] extends TSchema
  ? Static<R['params']>
  : Record<string, never>
export type QueryOf<R extends RouteDef> = R['query'] extends TSchema
  ? Static<R['query']>
  : Record<string, never>
export type BodyOf<R extends RouteDef> = R['body'] extends TSchema ? Static<R['body']> : undefined
export type DataOf<R extends RouteDef> = Static<R['data']>

// Building blocks the route tables share.

/** A path id: never empty. */
export const Id = Type.String({ minLength: 1, maxLength: 128 })
/** A required text field: empty is refused with "params: {field} can't be empty" ([API-3]). */
export const Text = (maxLength = 200) => Type.String({ minLength: 1, maxLength })
export const Page = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 20 })),
}
/** A page of items with the total count. */
export function Paged<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    total: Type.Integer(),
    page: Type.Integer(),
    size: Type.Integer(),
  })
}

/** Params of a room-service route: the app id plus the given ones. */
export function AppParams<P extends TProperties>(props: P) {
  return Type.Object({ appId: Id, ...props })
}
export const NoData = Type.Null()
