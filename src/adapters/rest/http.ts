import axios, { type AxiosInstance, isAxiosError } from 'axios'
import { RestFailure } from '../../../streams/ports/rest'
import { ApiErrorSchema } from '../../../streams/wire/rest/envelope'
import { compile } from '../../../streams/wire/validate'
import type { TSchema, Static } from '@sinclair/typebox'

const apiError = compile(ApiErrorSchema)

/** The open-API client: same origin, credentials (the session cookie) sent. */
export function createHttp(baseURL = ''): AxiosInstance {
  return axios.create({ baseURL, withCredentials: true, timeout: 20_000 })
}

/**
 * Unwraps `{ code, msg, data }`: code 0 gives data checked against its schema; a refusal
 * becomes a RestFailure with the server's message, field and reason.
 */
export async function call<T extends TSchema>(
  request: () => Promise<{ data: unknown; status: number }>,
  schema: T,
): Promise<Static<T>> {
  let answer: { data: unknown; status: number }
  try {
    answer = await request()
  } catch (error) {
    if (isAxiosError(error) && error.response)
      answer = { data: error.response.data, status: error.response.status }
    else throw new RestFailure('request failed', -1, 0)
  }
  const body = answer.data as { code?: unknown; data?: unknown }
  if (answer.status === 200 && body && body.code === 0) {
    const check = compile(schema)
    if (!check.check(body.data))
      throw new RestFailure(`request failed: ${check.firstError(body.data)}`, -1, answer.status)
    return body.data
  }
  if (apiError.check(body)) {
    const detail = body.data ?? {}
    throw new RestFailure(body.msg, body.code, answer.status, detail.field, detail.reason)
  }
  throw new RestFailure('request failed', -1, answer.status)
}
