import { execFileSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../src/server/app'
import { MIGRATIONS } from '../../src/server/store/migrations'
import { Client, ROOM } from './harness'
import { postgresBin, startPostgres } from './postgres'

const bin = postgresBin()
let pg: ReturnType<typeof startPostgres> | undefined
const apps: App[] = []

beforeAll(() => {
  if (!bin) return
  const port = Number(execFileSync(process.execPath, ['scripts/free-port.mjs']).toString().trim())
  pg = startPostgres(bin, port)
})
afterAll(async () => {
  for (const app of apps) await app.close().catch(() => undefined)
  pg?.stop()
})

async function serve(databaseUrl: string) {
  const app = await buildApp({ databaseUrl, logger: false, memory: true })
  apps.push(app)
  return { app, url: await app.fastify.listen({ host: '127.0.0.1', port: 0 }) }
}

describe.skipIf(!bin)('store on a PostgreSQL server (DATABASE_URL)', () => {
  it('two servers on one database migrate once, share rooms and sessions, and the data survives a restart', async () => {
    const [a, b] = await Promise.all([serve(pg!.url), serve(pg!.url)])
    expect(a.app.db.kind).toBe('postgres')
    const { rows } = await a.app.db.query<{ n: string }>(
      'SELECT count(*) AS n FROM schema_migrations',
    )
    expect(Number(rows[0]?.n)).toBe(MIGRATIONS.length)
    const client = new Client(a.url)
    const entered = await client.post(`${ROOM}room/entry`, {
      roomName: 'On PostgreSQL',
      userName: 'Pia',
      roomType: 1,
      role: 1,
      password: 'pw',
    })
    expect(entered.body.code).toBe(0)
    const roomId = entered.body.data.roomInfo.roomId
    client.retarget(b.url)
    expect((await client.get(`${ROOM}room/${roomId}/user/page`)).body.data.list[0].userName).toBe(
      'Pia',
    )
    const guest = await new Client(b.url).post(`${ROOM}room/entry`, {
      roomName: 'On PostgreSQL',
      userName: 'Gus',
      roomType: 1,
      role: 2,
      password: 'pw',
    })
    expect(guest.body.code).toBe(0)
    await a.app.close()
    await b.app.close()
    apps.length = 0
    const c = await serve(pg!.url)
    client.retarget(c.url)
    const page = await client.get(`${ROOM}room/${roomId}/user/page`)
    expect(page.body.data.list.map((m: { userName: string }) => m.userName)).toEqual(['Pia', 'Gus'])
  }, 120_000)
})
