import type { Static, TSchema } from '@sinclair/typebox'
import { Subject, type Observable } from 'rxjs'
import { RestFailure, type RestCallRecord } from '@streams/ports/rest'
import type { DataOf, RouteDef, Service } from '@streams/wire/rest/route'
import { compile } from '@streams/wire/validate'
import type { HttpClients, HttpHooks } from './http'
import { buildRequest, perform, type LooseArgs } from './request'

type OwnParams<R> = R extends { readonly params: infer S extends TSchema }
  ? Omit<Static<S>, 'appId'>
  : Record<never, never>
type ParamArgs<R> = keyof OwnParams<R> extends never
  ? { readonly params?: undefined }
  : { readonly params: OwnParams<R> }
type QueryArgs<R> = R extends { readonly query: infer S extends TSchema }
  ? { readonly query?: Static<S> }
  : { readonly query?: undefined }
type BodyArgs<R> = R extends { readonly body: infer S extends TSchema }
  ? { readonly body: Static<S> }
  : { readonly body?: undefined }

/** What a call of route R takes: its path params (the app id is filled in), query and body. */
export type CallArgs<R extends RouteDef> = ParamArgs<R> &
  QueryArgs<R> &
  BodyArgs<R> & {
    /** A multipart route's form (the file and its fields). */
    readonly form?: FormData
    /** Upload progress, 0 to 1. */
    readonly onProgress?: (fraction: number) => void
    readonly signal?: AbortSignal
    /** Extra headers ([API-9] the entry call's X-Requested-With). */
    readonly headers?: Readonly<Record<string, string>>
  }

/**
 * Calls the routes of the REST contract (streams/wire/rest): fills the path, encodes the body as
 * the route says (JSON, form-encoded for auth, multipart for uploads), picks the client (the
 * live service for the room service, the open API for the rest), and checks the answer against
 * the route's schema.
 */
export class RouteClient {
  private readonly calls = new Subject<RestCallRecord>()
  /** Every call made: its route (the path pattern, never its ids or query), status, code, time. */
  readonly calls$: Observable<RestCallRecord> = this.calls.asObservable()

  constructor(
    private readonly http: HttpClients,
    private readonly hooks: HttpHooks,
    /** The app id of the room service's paths (from /api/config). */
    private readonly appId: () => Promise<string>,
  ) {}

  async call<R extends RouteDef>(
    service: Service,
    route: R,
    args: CallArgs<R>,
  ): Promise<DataOf<R>> {
    const target = { ...route, prefix: service.prefix }
    const appId = service.prefix.includes(':appId') ? await this.appId() : undefined
    const config = buildRequest(target, args as LooseArgs, appId)
    const started = performance.now()
    const record = (status: number, code?: number) =>
      this.calls.next({
        method: route.method,
        path: `${service.prefix}${route.path}`,
        status,
        ...(code === undefined ? {} : { code }),
        ms: Math.round(performance.now() - started),
      })
    try {
      const data: unknown = await perform(
        this.http,
        this.hooks,
        target,
        config,
        compile(route.data),
      )
      record(200, 0)
      return data as DataOf<R>
    } catch (error) {
      if (error instanceof RestFailure) record(error.status, error.code)
      else record(0)
      throw error
    }
  }
}
