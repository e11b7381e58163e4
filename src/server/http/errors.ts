import type { FastifyError, FastifyInstance } from 'fastify'

/** A refusal the client shows: HTTP `status` (200 by default) with a non-zero body code. */
export class ApiFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly detail: {
      status?: number
      field?: string
      reason?: string
      /** More the client needs to act on the refusal (a busy entry's ticket and retry hint). */
      extra?: Record<string, string | number>
    } = {},
  ) {
    super(message)
    this.name = 'ApiFailure'
  }
}

export function ok<T>(data: T) {
  return { code: 0, msg: 'ok', data }
}

interface AjvIssue {
  instancePath?: string
  keyword?: string
  params?: Record<string, unknown>
  message?: string
}

/**
 * Turns a schema refusal into the client's words ([API-3]): a missing or empty required field
 * is "params: {field} can't be empty"; anything else names the field and what is wrong.
 */
export function describeValidation(issues: readonly AjvIssue[]): {
  msg: string
  field: string
  reason: string
} {
  const issue = issues[0] ?? {}
  const path = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.')
  if (issue.keyword === 'required') {
    const field = [path, String(issue.params?.missingProperty ?? '')].filter(Boolean).join('.')
    return { msg: `params: ${field} can't be empty`, field, reason: 'empty' }
  }
  if (issue.keyword === 'minLength' && issue.params?.limit === 1)
    return { msg: `params: ${path} can't be empty`, field: path, reason: 'empty' }
  if (issue.keyword === 'minProperties' || (issue.keyword === 'type' && !path)) {
    const field = path || 'body'
    return { msg: `params: ${field} can't be empty`, field, reason: 'empty' }
  }
  const field = path || 'body'
  return {
    msg: `params: ${field} ${issue.message ?? 'is invalid'}`,
    field,
    reason: issue.keyword ?? 'invalid',
  }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiFailure, request, reply) => {
    if (error instanceof ApiFailure) {
      const { status = 200, field, reason, extra } = error.detail
      return reply.code(status).send({
        code: error.code,
        msg: error.message,
        data: field || reason || extra ? { field, reason, ...extra } : null,
      })
    }
    if (error.validation) {
      const { msg, field, reason } = describeValidation(error.validation as AjvIssue[])
      return reply.code(400).send({ code: 400, msg, data: { field, reason } })
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500
    if (status >= 500) request.log.error({ err: error }, 'request failed')
    return reply
      .code(status)
      .send({ code: status, msg: status >= 500 ? 'server error' : error.message, data: null })
  })
}

/**
 * Unknown API paths answer 404 in the envelope; with `spa`, other GETs get the app shell so
 * client-side routes load.
 */
export function installNotFound(app: FastifyInstance, spa: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? ''
    if (spa && request.method === 'GET' && !path.startsWith('/api/') && path !== '/rtm')
      return reply.type('text/html').sendFile('index.html')
    return reply
      .code(404)
      .send({ code: 404, msg: `no route ${request.method} ${path}`, data: null })
  })
}
