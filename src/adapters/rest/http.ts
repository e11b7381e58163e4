import axios, { isAxiosError, type AxiosInstance, type AxiosRequestConfig } from 'axios'
import { RestFailure } from '@streams/ports/rest'

/** Body codes meaning "not logged in" ([API-2]). */
export const NOT_LOGGED_IN = new Set([10011, 20003])

/** [ERR-1] The text of a call that failed without a readable refusal. */
export const REQUEST_FAILED = 'request failed'

/** What the adapter tells the app about a failed call; the app decides where the user goes. */
export interface HttpHooks {
  /** [API-2] body code 10011 or 20003: start the login flow. */
  onNotLoggedIn(): void
  /** [ROUTE-10] HTTP 403, 404 up to below 422, 500 to 504: go to that page. */
  onStatusPage(path: '/403' | '/404' | '/500'): void
}

/** The two clients of spec §7, both sending credentials (the session cookie). */
export interface HttpClients {
  /** The open API: auth, scene service, files. */
  readonly open: AxiosInstance
  /** The live service: the room service under /api/s1/serve/{appId}/v1/. */
  readonly live: AxiosInstance
}

export function createHttpClients(base: { open?: string; live?: string } = {}): HttpClients {
  const make = (baseURL = '') => axios.create({ baseURL, withCredentials: true, timeout: 20_000 })
  return { open: make(base.open), live: make(base.live) }
}

/** [ROUTE-10] The page a failed HTTP status goes to, if any. */
export function statusPage(status: number): '/403' | '/404' | '/500' | null {
  if (status === 403) return '/403'
  if (status >= 404 && status < 422) return '/404'
  if (status >= 500 && status <= 504) return '/500'
  return null
}

export interface Answer {
  readonly status: number
  readonly data: unknown
}

/** Sends a request; an HTTP error with an answer is returned as that answer, not thrown. */
export async function send(client: AxiosInstance, config: AxiosRequestConfig): Promise<Answer> {
  try {
    const response = await client.request(config)
    return { status: response.status, data: response.data }
  } catch (error) {
    if (isAxiosError(error) && error.response)
      return { status: error.response.status, data: error.response.data }
    // [ERR-1] no answer at all (network down, timeout).
    throw new RestFailure(REQUEST_FAILED, -1, 0)
  }
}

interface Refusal {
  code?: unknown
  msg?: unknown
  data?: {
    field?: unknown
    reason?: unknown
    ticket?: unknown
    retryAfterMs?: unknown
  } | null
}

/** Checks an answer's data against its schema (compiled by TypeBox, at build or at load time). */
export interface AnswerCheck<T> {
  check(value: unknown): value is T
  /** The first problem, for the error text. */
  firstError?(value: unknown): string | undefined
}

/**
 * Unwraps `{ code, msg, data }` ([API-2]): code 0 gives `data`, checked against its schema;
 * 10011 or 20003 starts the login flow and rejects; any other non-zero code throws the
 * server's message. HTTP 403, 404-421 and 500-504 also send the user to their page.
 */
export function unwrap<T>(answer: Answer, checker: AnswerCheck<T>, hooks: HttpHooks): T {
  const body = (answer.data ?? {}) as Refusal
  const page = statusPage(answer.status)
  if (page) hooks.onStatusPage(page)
  if (answer.status >= 200 && answer.status < 300 && body.code === 0) {
    const data = (body as { data?: unknown }).data ?? null
    if (!checker.check(data))
      throw new RestFailure(
        `${REQUEST_FAILED}: ${checker.firstError?.(data) ?? 'bad answer'}`,
        -1,
        answer.status,
      )
    return data
  }
  const code = typeof body.code === 'number' ? body.code : -1
  if (NOT_LOGGED_IN.has(code)) {
    hooks.onNotLoggedIn()
    throw new RestFailure(
      typeof body.msg === 'string' ? body.msg : 'please login',
      code,
      answer.status,
    )
  }
  if (typeof body.msg === 'string' && code !== -1) {
    const detail = body.data && typeof body.data === 'object' ? body.data : {}
    const { ticket, retryAfterMs } = detail
    throw new RestFailure(
      body.msg,
      code,
      answer.status,
      typeof detail.field === 'string' ? detail.field : undefined,
      typeof detail.reason === 'string' ? detail.reason : undefined,
      // A busy entry (1007): the ticket that keeps the entrant's place, and when to retry.
      typeof ticket === 'string' &&
        typeof retryAfterMs === 'number' &&
        Number.isFinite(retryAfterMs)
        ? { ticket, retryAfterMs }
        : undefined,
    )
  }
  throw new RestFailure(REQUEST_FAILED, code, answer.status)
}
