import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Answer } from '@streams/wire/rest/envelope'
import {
  fullPath,
  type BodyOf,
  type DataOf,
  type ParamsOf,
  type QueryOf,
  type RouteDef,
  type Service,
} from '@streams/wire/rest/route'
import type { Identity } from '../auth/identity'
import { ApiFailure, ok } from './errors'

/** A file answered instead of the envelope (route `download`). */
export class Download {
  constructor(
    readonly filename: string,
    readonly body: Buffer | string | NodeJS.ReadableStream,
    readonly contentType?: string,
  ) {}
}

export interface Ctx<R extends RouteDef> {
  readonly params: ParamsOf<R>
  readonly query: QueryOf<R>
  readonly body: BodyOf<R>
  readonly request: FastifyRequest
  readonly reply: FastifyReply
  /**
   * The caller. On `session` and `member` routes it is always there (the route answered
   * not-logged-in before the handler otherwise); on `public` routes it may be null.
   */
  readonly identity: Identity | null
  /** The caller, who must be there (a `session` or `member` route). */
  readonly who: Identity
}

export type Handler<R extends RouteDef> = (
  ctx: Ctx<R>,
) => Promise<R['download'] extends object ? Download : DataOf<R>>

export type Handlers<S extends Service> = { [K in keyof S['routes']]: Handler<S['routes'][K]> }

export interface Sessions {
  /** The caller's session, or null. */
  read(request: FastifyRequest): Promise<Identity | null>
  /** Starts a visitor session when visitors are allowed; null when they are not. */
  startVisitor(request: FastifyRequest, reply: FastifyReply): Promise<Identity | null>
}

export interface RegisterOptions {
  readonly sessions: Sessions
  /** Routes where a caller without a session becomes a visitor ([HOME-4]). */
  readonly startsVisitor?: readonly string[]
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, read from the session before validation (null: none, or not read). */
    identity: Identity | null
  }
}

/**
 * Registers every route of a service with its schemas: params, query and body are validated
 * before the handler (a refusal is 400 with the field named, [API-3]), the answer is checked
 * against `{ code, msg, data }`, and access is enforced ([API-2]).
 */
export function registerService<S extends Service>(
  app: FastifyInstance,
  service: S,
  handlers: Handlers<S>,
  options: RegisterOptions,
): void {
  if (!app.hasRequestDecorator('identity')) app.decorateRequest('identity', null)
  for (const [name, def] of Object.entries(service.routes) as [string, RouteDef][]) {
    const handler = (handlers as Record<string, Handler<RouteDef>>)[name]
    if (!handler) throw new Error(`no handler for ${service.prefix}${def.path}`)
    const startsVisitor = options.startsVisitor?.includes(name) ?? false
    app.route({
      method: def.method,
      url: fullPath(service, def),
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      schema: {
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { querystring: def.query } : {}),
        ...(def.body && def.encoding !== 'multipart' ? { body: def.body } : {}),
        ...(def.download ? {} : { response: { 200: Answer(def.data) } }),
      },
      // Access is checked before the body is: a caller without a session learns that first.
      preValidation: async (request, reply) => {
        let identity = await options.sessions.read(request)
        if (!identity && def.access !== 'public' && startsVisitor)
          identity = await options.sessions.startVisitor(request, reply)
        if (def.access !== 'public') {
          if (!identity || (def.access === 'member' && identity.userType !== 'member'))
            throw new ApiFailure(service.notLoggedInCode, 'please login', { reason: 'notLoggedIn' })
        }
        request.identity = identity
      },
      handler: async (request, reply) => {
        const identity = request.identity
        const ctx = {
          params: request.params,
          query: request.query,
          body: request.body,
          request,
          reply,
          identity,
          get who(): Identity {
            if (!identity) throw new ApiFailure(service.notLoggedInCode, 'please login')
            return identity
          },
        } as Ctx<RouteDef>
        const result = await handler(ctx)
        if (result instanceof Download) {
          const type = result.contentType ?? def.download?.contentType ?? 'application/octet-stream'
          return reply
            .type(type)
            .header(
              'content-disposition',
              `attachment; filename*=UTF-8''${encodeURIComponent(result.filename)}`,
            )
            .send(result.body)
        }
        return ok(result)
      },
    })
  }
}
