import { catchError, defaultIfEmpty, defer, map, of, takeLast, type Observable } from 'rxjs'
import type { Event } from '../events'
import { RestFailure, type RestCall } from '../ports/rest'
import type { Io } from '../ports/io'

/** The message of any failure, never a stack or an object dump. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message
  if (typeof error === 'string') return error
  return 'request failed'
}

export function restDetails(error: unknown): { field?: string; reason?: string; code?: number } {
  return error instanceof RestFailure
    ? { field: error.field, reason: error.reason, code: error.code }
    : {}
}

/**
 * The failure fact of a REST call. `message` is the spec's own text for this cause ([ERR-1]);
 * without it, the server's message. The body code is kept for the login flow ([API-2]).
 */
export function callFailed(call: RestCall, error: unknown, message?: string): Event {
  const failure = error instanceof RestFailure ? error : undefined
  return {
    type: 'rest/callFailed',
    call,
    message: message ?? messageOf(error),
    ...(failure ? { code: failure.code, status: failure.status } : {}),
  }
}

/** Runs a port call once: its last answer (or nothing, for a void call that just completes). */
export function once<T>(run: () => Io<T>): Observable<T | undefined> {
  return defer(run).pipe(takeLast(1), defaultIfEmpty(undefined))
}

/** A REST call as facts: `ok(answer)` on success, rest/callFailed naming the call on failure. */
export function restCall<T>(
  call: RestCall,
  run: () => Io<T>,
  ok: (answer: T) => Event,
  message?: string,
): Observable<Event> {
  return once(run).pipe(
    map((answer) => ok(answer as T)),
    catchError((error: unknown) => of(callFailed(call, error, message))),
  )
}

/** The spec's thrown error texts ([ERR-1]). */
export const ErrorText = {
  refreshToken: 'refresh token failed',
  request: 'request failed',
  boardPermission: 'update board permission failed',
  sharePermission: 'update share permission failed',
  onlineCount: 'the online-count call failed',
  hotNumber: 'the hot-number call failed',
  noAudience: 'no matching audience',
  lookup: 'hosts and audiences lookup failure',
  mainScreen: 'set main screen failed',
  messaging: 'Failed to join messaging',
  messagingTimeout: 'The messaging service could not be reached',
  tooManyConnections: 'Too many connections',
  exit: 'exit meeting backend request error',
} as const
