import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/server/app'
import { MIGRATIONS } from '../../src/server/store/migrations'
import { AUTH, Client, ROOM, SCENE } from './harness'

const dirs: string[] = []
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function serve(dataDir: string, sms: string[]) {
  const app = await buildApp({ dataDir, logger: false, smsOut: (l) => sms.push(l) })
  const url = await app.fastify.listen({ host: '127.0.0.1', port: 0 })
  return { app, url }
}

describe('store', () => {
  it('data survives a restart: rooms, members, sessions, accounts and files; migrations run once', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'roomcast-restart-'))
    dirs.push(dataDir)
    const sms: string[] = []
    const first = await serve(dataDir, sms)
    const client = new Client(first.url)
    await client.form(`${AUTH}send-sms`, { phone: '13600000000' })
    const code = /code is (\d{6})/.exec(sms.at(-1) ?? '')?.[1] ?? ''
    expect(
      (await client.form(`${AUTH}smsLogin`, { phone: '13600000000', code, systemId: 65 })).body
        .code,
    ).toBe(0)
    const entered = await client.post(`${ROOM}room/entry`, {
      roomName: 'Kept room',
      userName: 'Keeper',
      roomType: 1,
      role: 1,
      password: 'secret',
    })
    const roomId = entered.body.data.roomInfo.roomId
    const file = await client.upload(
      `${ROOM}file/add`,
      { roomId },
      { name: 'notes.txt', type: 'text/plain', content: 'kept bytes' },
    )
    expect(file.body.code).toBe(0)
    const before = await first.app.db.query<{ version: number }>(
      'SELECT version FROM schema_migrations ORDER BY version',
    )
    await first.app.close()

    const second = await serve(dataDir, sms)
    try {
      client.retarget(second.url)
      expect((await client.form(`${AUTH}isLogin`)).body.data).toBe(true)
      expect((await client.get(`${SCENE}user`)).body.data).toMatchObject({
        userType: 'member',
        isAuthor: true,
      })
      const page = await client.get(`${ROOM}room/${roomId}/user/page`)
      expect(page.body.data.list.map((m: any) => m.userName)).toEqual(['Keeper'])
      expect((await client.raw('GET', file.body.data.url)).text).toBe('kept bytes')
      const wrong = await new Client(second.url).post(`${ROOM}room/entry`, {
        roomName: 'Kept room',
        userName: 'Late',
        roomType: 1,
        role: 2,
        password: 'not it',
      })
      expect(wrong.body.code).toBe(1002)
      const after = await second.app.db.query<{ version: number }>(
        'SELECT version FROM schema_migrations ORDER BY version',
      )
      expect(after.rows).toEqual(before.rows)
      expect(after.rows.map((r) => r.version)).toEqual(MIGRATIONS.map((m) => m.version))
    } finally {
      await second.app.close()
    }
  }, 120_000)
})
