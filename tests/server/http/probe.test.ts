import http from 'node:http'
import type { TSchema } from '@sinclair/typebox'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICES, type RouteDef } from '@streams/wire/rest'
import { fullPath } from '@streams/wire/rest/route'
import { meeting, startServer, type TestServer } from '../harness'
import { BAD_NUMBERS, baseOf, jsonWithNumber, leaves, NUL, withValue } from './probe-inputs'

/**
 * Walks every REST route with hostile inputs, as a logged-in host of a real room: a NUL byte in
 * each path parameter, query field and body field, and numbers no column holds (1e309, 2^64) in
 * each numeric one; then what Fastify refuses itself (404, 413, 414, 415, 431, bad JSON). Every
 * answer must be a refusal in the `{ code, msg, data }` envelope, never a 5xx.
 */
let server: TestServer
let cookie = ''
const params: Record<string, string> = { appId: 'roomcast' }
beforeAll(async () => {
  server = await startServer()
  const { host, roomId } = await meeting(server)
  cookie = host.client.cookie
  Object.assign(params, { roomId, userId: host.me.userId, uid: host.me.uid })
})
afterAll(() => server.close())

interface Probe {
  readonly route: string
  readonly input: string
  readonly method: string
  readonly url: string
  readonly headers: Record<string, string>
  readonly payload?: string
}

const mentions = (schema: TSchema | undefined, type: string) =>
  JSON.stringify(schema ?? {}).includes(`"type":"${type}"`)
const numeric = (schema: TSchema) => mentions(schema, 'number') || mentions(schema, 'integer')

function url(def: RouteDef, prefix: string, values: Record<string, string>, query = '') {
  const path = fullPath({ prefix }, def).replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? 'x1'),
  )
  return query ? `${path}?${query}` : path
}

function encode(def: RouteDef, body: unknown, raw?: string): Probe['headers'] & { body: string } {
  if (def.encoding === 'form') {
    const fields = Object.entries((body ?? {}) as Record<string, unknown>).map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${v === '__NUMBER__' ? raw : encodeURIComponent(String(v))}`,
    )
    return { 'content-type': 'application/x-www-form-urlencoded', body: fields.join('&') }
  }
  if (def.encoding === 'multipart') {
    const b = 'probeboundary'
    const parts = Object.entries((body ?? {}) as Record<string, unknown>).map(
      ([k, v]) =>
        `--${b}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v === '__NUMBER__' ? raw : String(v)}\r\n`,
    )
    const file = `--${b}\r\ncontent-disposition: form-data; name="file"; filename="a${NUL}.csv"\r\ncontent-type: text/csv\r\n\r\nx\r\n--${b}--\r\n`
    return { 'content-type': `multipart/form-data; boundary=${b}`, body: parts.join('') + file }
  }
  return {
    'content-type': 'application/json',
    body: raw === undefined ? JSON.stringify(body ?? {}) : jsonWithNumber(body, raw),
  }
}

/** Every probe of one route: the valid call, then one hostile field at a time. */
function probesOf(name: string, prefix: string, def: RouteDef): Probe[] {
  const probes: Probe[] = []
  const base = baseOf(def.body)
  const query = baseOf(def.query) as Record<string, unknown> | undefined
  const queryString = (q: Record<string, unknown> | undefined, raw?: string) =>
    Object.entries(q ?? {})
      .map(([k, v]) => `${k}=${v === '__NUMBER__' ? raw : encodeURIComponent(String(v))}`)
      .join('&')
  const add = (input: string, u: string, body: unknown, raw?: string) => {
    const hasBody = def.method !== 'GET'
    const { body: payload, ...headers } = encode(def, body, raw)
    probes.push({
      route: name,
      input,
      method: def.method,
      url: u,
      headers: { cookie, ...(hasBody ? headers : {}) },
      ...(hasBody ? { payload } : {}),
    })
  }
  add('valid', url(def, prefix, params, queryString(query)), base)
  for (const param of Object.keys(def.params?.properties ?? {}))
    add(`NUL in :${param}`, url(def, prefix, { ...params, [param]: NUL }, queryString(query)), base)
  for (const leaf of leaves(def.query)) {
    const key = leaf.path[0]!
    add(`NUL in ?${key}`, url(def, prefix, params, queryString({ ...query, [key]: NUL })), base)
    if (numeric(leaf.schema))
      for (const raw of BAD_NUMBERS)
        add(
          `${raw} in ?${key}`,
          url(def, prefix, params, queryString({ ...query, [key]: '__NUMBER__' }, raw)),
          base,
        )
  }
  for (const leaf of leaves(def.body)) {
    const field = leaf.path.join('.')
    const u = url(def, prefix, params, queryString(query))
    add(`NUL in body ${field}`, u, withValue(base, leaf.path, NUL))
    if (numeric(leaf.schema))
      for (const raw of BAD_NUMBERS)
        add(`${raw} in body ${field}`, u, withValue(base, leaf.path, '__NUMBER__'), raw)
  }
  return probes
}

const allProbes = (): Probe[] =>
  Object.entries(SERVICES).flatMap(([service, def]) =>
    Object.entries(def.routes).flatMap(([name, route]) =>
      probesOf(`${service}.${name}`, def.prefix, route as RouteDef),
    ),
  )

const isEnvelope = (body: string) => {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>
    return typeof parsed.code === 'number' && typeof parsed.msg === 'string' && 'data' in parsed
  } catch {
    return false
  }
}

/** A raw HTTP request (what inject cannot send: a header over Node's limit). */
function rawRequest(path: string, headers: Record<string, string>) {
  const { port } = new URL(server.url)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path, headers }, (response) => {
      let body = ''
      response.on('data', (chunk: Buffer) => (body += chunk.toString()))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
    })
    request.on('error', reject)
    request.end()
  })
}

describe('no bad input answers 5xx', () => {
  it('[API-3] every route refuses NUL bytes and out-of-range numbers with a 4xx in the envelope', async () => {
    const probes = allProbes()
    const serverErrors: string[] = []
    const notEnvelope: string[] = []
    const accepted: string[] = []
    const byStatus = new Map<number, number>()
    for (const probe of probes) {
      const answer = await server.app.fastify.inject({
        method: probe.method as 'GET',
        url: probe.url,
        headers: probe.headers,
        ...(probe.payload !== undefined ? { payload: probe.payload } : {}),
      })
      byStatus.set(answer.statusCode, (byStatus.get(answer.statusCode) ?? 0) + 1)
      const where = `${probe.route} ${probe.input}: ${answer.statusCode} ${answer.body.slice(0, 120)}`
      if (answer.statusCode >= 500) serverErrors.push(where)
      const download = answer.headers['content-disposition'] !== undefined
      if (!download && !isEnvelope(answer.body)) notEnvelope.push(where)
      if (probe.input !== 'valid' && answer.statusCode < 300 && isEnvelope(answer.body))
        if ((JSON.parse(answer.body) as { code: number }).code === 0) accepted.push(where)
    }
    console.log(
      `probe: ${probes.length} requests over ${new Set(probes.map((p) => p.route)).size} routes;`,
      `statuses ${JSON.stringify(Object.fromEntries(byStatus))}; 5xx ${serverErrors.length}`,
    )
    expect(serverErrors).toEqual([])
    expect(notEnvelope).toEqual([])
    expect(accepted).toEqual([])
  }, 300_000)

  it('[API-3] Fastify’s own refusals answer in the envelope: 404, 413, 414, 415, 400 bad JSON, 431', async () => {
    const inject = (o: InjectOptions) => server.app.fastify.inject(o)
    const entry = `/api/s1/serve/roomcast/v1/room/entry`
    const answers = {
      404: await inject({ method: 'GET', url: '/api/no/such/route' }),
      413: await inject({
        method: 'POST',
        url: entry,
        headers: { 'content-type': 'application/json', cookie },
        payload: JSON.stringify({ roomName: 'x'.repeat(2 * 1024 * 1024) }),
      }),
      414: await inject({
        method: 'GET',
        url: `/api/s1/serve/roomcast/v1/room/${'9'.repeat(200)}`,
      }),
      415: await inject({
        method: 'POST',
        url: entry,
        headers: { 'content-type': 'application/x-unknown', cookie },
        payload: 'x',
      }),
      400: await inject({
        method: 'POST',
        url: entry,
        headers: { 'content-type': 'application/json', cookie },
        payload: '{"roomName":',
      }),
    }
    for (const [status, answer] of Object.entries(answers)) {
      expect([status, answer.statusCode]).toEqual([status, Number(status)])
      expect(isEnvelope(answer.body), `${status}: ${answer.body}`).toBe(true)
    }
    const big = await rawRequest('/api/config', { 'x-big': 'x'.repeat(64 * 1024) })
    expect(big.status).toBe(431)
    expect(isEnvelope(big.body), big.body).toBe(true)
    const nulPath = await rawRequest('/api/s1/serve/roomcast/v1/room/%00', { cookie })
    expect(nulPath.status).toBeLessThan(500)
    expect(isEnvelope(nulPath.body), nulPath.body).toBe(true)
  })
})
