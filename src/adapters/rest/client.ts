import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios'
import type { Static, TSchema } from '@sinclair/typebox'
import {
  buildPath,
  type DataOf,
  type RouteDef,
  type Service,
} from '../../../streams/wire/rest/route'
import { send, unwrap, type HttpClients, type HttpHooks } from './http'

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

interface LooseArgs {
  readonly params?: Readonly<Record<string, string | number>>
  readonly query?: unknown
  readonly body?: unknown
  readonly form?: FormData
  readonly onProgress?: (fraction: number) => void
  readonly signal?: AbortSignal
  readonly headers?: Readonly<Record<string, string>>
}

const LIVE_PREFIX = '/api/s1/serve/'

/**
 * Calls the routes of the REST contract (streams/wire/rest): fills the path, encodes the body as
 * the route says (JSON, form-encoded for auth, multipart for uploads), picks the client (the
 * live service for the room service, the open API for the rest), and unwraps the answer.
 */
export class RouteClient {
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
    const config = await this.request(service, route, args as LooseArgs)
    const client = service.prefix.startsWith(LIVE_PREFIX) ? this.http.live : this.http.open
    if (route.download) {
      const answer = await send(client, { ...config, responseType: 'blob' })
      if (answer.status === 200 && !(await isEnvelope(answer.data))) return answer.data as DataOf<R>
      const text = answer.data instanceof Blob ? await answer.data.text() : ''
      return unwrap(
        { status: answer.status, data: safeJson(text) },
        route.data,
        this.hooks,
      ) as never
    }
    const data: unknown = unwrap(await send(client, config), route.data, this.hooks)
    return data as DataOf<R>
  }

  private async request(
    service: Service,
    route: RouteDef,
    args: LooseArgs,
  ): Promise<AxiosRequestConfig> {
    const params: Record<string, string | number> = { ...args.params }
    if (service.prefix.includes(':appId')) params.appId = await this.appId()
    const config: AxiosRequestConfig = {
      method: route.method,
      url: buildPath(service, route, params),
      params: args.query,
      signal: args.signal,
      headers: { ...args.headers },
    }
    if (route.encoding === 'multipart') {
      config.data = args.form
      if (args.onProgress) {
        const report = args.onProgress
        config.onUploadProgress = (e: AxiosProgressEvent) => {
          if (e.total) report(Math.min(1, e.loaded / e.total))
        }
      }
    } else if (route.encoding === 'form') {
      config.data = formEncode((args.body ?? {}) as Record<string, unknown>)
      config.headers = { ...config.headers, 'Content-Type': 'application/x-www-form-urlencoded' }
    } else if (args.body !== undefined) {
      config.data = args.body
    }
    return config
  }
}

/** Form-encoded body (spec §7: the auth calls are form-encoded POSTs). */
export function formEncode(body: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) form.set(key, String(value))
  }
  return form
}

async function isEnvelope(data: unknown): Promise<boolean> {
  if (!(data instanceof Blob) || !data.type.includes('json')) return false
  const parsed = safeJson(await data.text()) as { code?: unknown } | null
  return Boolean(parsed && typeof parsed.code === 'number')
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
