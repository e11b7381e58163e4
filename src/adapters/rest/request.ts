import type { AxiosProgressEvent, AxiosRequestConfig } from 'axios'
import { send, unwrap, type AnswerCheck, type HttpClients, type HttpHooks } from './http'

/** Where a route lives and how its body goes (a route table entry, or its compiled form). */
export interface RouteTarget {
  readonly prefix: string
  readonly method: string
  readonly path: string
  readonly encoding?: 'json' | 'form' | 'multipart'
  readonly download?: unknown
}

export interface LooseArgs {
  readonly params?: Readonly<Record<string, string | number>>
  readonly query?: unknown
  readonly body?: unknown
  readonly form?: FormData
  readonly onProgress?: (fraction: number) => void
  readonly signal?: AbortSignal
  readonly headers?: Readonly<Record<string, string>>
}

const LIVE_PREFIX = '/api/s1/serve/'

/** A concrete path: `:name` parameters filled in, encoded; a missing one is refused. */
export function fillPath(template: string, params: Readonly<Record<string, string | number>>) {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined || value === '') throw new Error(`path parameter ${name} missing`)
    return encodeURIComponent(String(value))
  })
}

/** Form-encoded body (spec §7: the auth calls are form-encoded POSTs). */
export function formEncode(body: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams()
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) form.set(key, String(value))
  }
  return form
}

/** The request for a route: the path filled, the body encoded as the route says. */
export function buildRequest(
  target: RouteTarget,
  args: LooseArgs,
  appId?: string,
): AxiosRequestConfig {
  const params = { ...args.params, ...(appId === undefined ? {} : { appId }) }
  const config: AxiosRequestConfig = {
    method: target.method,
    url: fillPath(target.prefix + target.path, params),
    params: args.query,
    signal: args.signal,
    headers: { ...args.headers },
  }
  if (target.encoding === 'multipart') {
    config.data = args.form
    const report = args.onProgress
    if (report)
      config.onUploadProgress = (e: AxiosProgressEvent) => {
        if (e.total) report(Math.min(1, e.loaded / e.total))
      }
  } else if (target.encoding === 'form') {
    config.data = formEncode((args.body ?? {}) as Record<string, unknown>)
    config.headers = { ...config.headers, 'Content-Type': 'application/x-www-form-urlencoded' }
  } else if (args.body !== undefined) {
    config.data = args.body
  }
  return config
}

/**
 * Sends a route's request on the right client (the live service for the room service, the open
 * API for the rest) and unwraps the answer; a download answers its Blob.
 */
export async function perform<T>(
  http: HttpClients,
  hooks: HttpHooks,
  target: RouteTarget,
  config: AxiosRequestConfig,
  checker: AnswerCheck<T>,
): Promise<T> {
  const client = target.prefix.startsWith(LIVE_PREFIX) ? http.live : http.open
  if (target.download) {
    const answer = await send(client, { ...config, responseType: 'blob' })
    if (answer.status === 200 && !(await isEnvelope(answer.data))) return answer.data as T
    const text = answer.data instanceof Blob ? await answer.data.text() : ''
    return unwrap({ status: answer.status, data: safeJson(text) }, checker, hooks)
  }
  return unwrap(await send(client, config), checker, hooks)
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
