import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICES } from '@streams/wire/rest'
import { fullPath, type RouteDef, type Service } from '@streams/wire/rest/route'
import { Client, enter, roomName, startServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const routes = Object.entries(SERVICES).flatMap(([service, def]) =>
  Object.entries((def as Service).routes).map(([name, route]) => ({
    id: `${route.method} ${fullPath(def, route)}`,
    service: def as Service,
    name: `${service}.${name}`,
    route: route as RouteDef,
  })),
)

/** A concrete URL with every path parameter filled in. */
const url = (service: Service, route: RouteDef, value = 'x1') =>
  fullPath(service, route).replace(/:(\w+)/g, (_, p: string) =>
    p === 'appId' ? 'roomcast' : value,
  )

const call = (client: Client, service: Service, route: RouteDef, body?: unknown) =>
  route.encoding === 'form'
    ? client.form(url(service, route), (body ?? {}) as Record<string, string>)
    : client.call(
        route.method,
        url(service, route),
        route.method === 'GET' || route.method === 'DELETE' ? undefined : body,
      )

describe('every route of spec §7', () => {
  it('[API-1] [API-6] [API-7] [API-8] is registered with its method and path', () => {
    expect(routes.length).toBeGreaterThan(100)
    const missing = routes.filter(
      (r) =>
        !server.app.fastify.hasRoute({ method: r.route.method, url: fullPath(r.service, r.route) }),
    )
    expect(missing.map((r) => r.id)).toEqual([])
  })

  it('[API-2] answers 10011 (room service) or 20003 (scene service) to a caller without a session', async () => {
    const anonymous = new Client(server.url)
    // Entry and the user info make a visitor of a caller without a session (auth.test.ts).
    const startVisitors = ['room.entry', 'scene.user', 'scene.joinName']
    const guarded = routes.filter(
      (r) => r.route.access !== 'public' && !startVisitors.includes(r.name),
    )
    for (const { service, route, id } of guarded) {
      const { status, body } = await call(anonymous, service, route, {})
      expect([id, status, body.code, body.msg]).toEqual([
        id,
        200,
        service.notLoggedInCode,
        'please login',
      ])
    }
  })

  it('[API-3] answers 400 and names the missing field when a body or query is empty', async () => {
    const { client } = await enter(server, { roomName: roomName('empty') })
    const withInput = routes.filter(
      (r) =>
        r.route.encoding !== 'multipart' &&
        r.route.access !== 'member' &&
        ((r.route.body?.required?.length ?? 0) > 0 ||
          r.route.body?.minProperties !== undefined ||
          r.route.body?.type === 'array' ||
          (r.route.query?.required?.length ?? 0) > 0),
    )
    expect(withInput.length).toBeGreaterThan(40)
    for (const { service, route, id } of withInput) {
      const { status, body } =
        route.method === 'GET'
          ? await client.get(url(service, route))
          : await call(client, service, route, {})
      expect([id, status]).toEqual([id, 400])
      expect(body.msg, id).toMatch(/^params: [\w.]+ can't be empty$/)
      expect(body.data.reason, id).toBe('empty')
    }
  })

  it('[API-3] refuses a multipart upload without its fields', async () => {
    const { client } = await enter(server, { roomName: roomName('upload') })
    const answer = await client.upload('/api/s1/serve/roomcast/v1/file/add', {})
    expect([answer.status, answer.body.msg]).toEqual([400, "params: file can't be empty"])
  })

  it('answers another app id with 404, and nothing here crashes on garbage', async () => {
    const client = new Client(server.url)
    const other = await client.post('/api/s1/serve/someone-else/v1/room/entry', {
      roomName: 'r',
      userName: 'u',
      roomType: 1,
      role: 1,
      password: 'p',
    })
    expect([other.status, other.body.code]).toEqual([404, 404])
    const broken = await client.call('POST', '/api/s1/serve/roomcast/v1/room/entry', undefined, {
      'content-type': 'application/json',
    })
    expect(broken.status).toBe(400)
    const bad = await fetch(`${server.url}/api/s1/serve/roomcast/v1/room/entry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"roomName":',
    })
    expect(bad.status).toBe(400)
    expect((await client.get('/api/config')).body.code).toBe(0)
  })
})
