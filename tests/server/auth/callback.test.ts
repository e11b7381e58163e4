import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../../src/server/app'
import { AUTH } from '../harness'

let app: App
beforeAll(async () => {
  app = await buildApp({ memory: true, logger: false })
})
afterAll(() => app.close())

/** smsLogin with a code that is never right: the callback is checked first. */
async function login(service: string) {
  const answer = await app.fastify.inject({
    method: 'POST',
    url: `${AUTH}smsLogin`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'meet.example' },
    payload: new URLSearchParams({
      phone: '13600000001',
      code: '000000',
      systemId: '65',
      service,
    }).toString(),
  })
  return answer.json<{ code: number; data: { reason?: string } | null }>()
}

describe('the login callback stays on this origin', () => {
  it.each([
    '//evil.example/x',
    '/\\evil.example/x',
    '/\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'http://meet.example.evil.example/',
  ])('[API-5] refuses %j as a service callback', async (service) => {
    expect(await login(service)).toMatchObject({ code: 10022, data: { reason: 'service' } })
  })

  it.each(['/meeting?roomId=1', '/home', 'http://meet.example/meeting'])(
    '[API-5] takes %j (and then checks the code)',
    async (service) => {
      expect((await login(service)).code).toBe(10023)
    },
  )
})
