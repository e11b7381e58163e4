import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp, type App } from '../../../src/server/app'
import { AUTH } from '../harness'

/** A server on a clock the test moves, behind a trusted proxy (the client address is X-Forwarded-For). */
let app: App
let clock = Date.UTC(2026, 0, 5, 8)
const sms: string[] = []
beforeAll(async () => {
  app = await buildApp({
    memory: true,
    logger: false,
    now: () => clock,
    settings: { trustProxy: true },
    smsOut: (line) => sms.push(line),
  })
})
afterAll(() => app.close())

const MINUTE = 60_000
let phoneSeq = 13500000000
const newPhone = () => String(++phoneSeq)
const lastCode = (phone: string) =>
  /code is (\d{6})/.exec([...sms].reverse().find((l) => l.includes(phone)) ?? '')?.[1] ?? ''

async function post(path: string, fields: Record<string, string>, address = '198.51.100.1') {
  const answer = await app.fastify.inject({
    method: 'POST',
    url: `${AUTH}${path}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    payload: new URLSearchParams(fields).toString(),
  })
  return answer.json<{ code: number; msg: string; data: { reason?: string } | null }>()
}
const send = (phone: string, address?: string) => post('send-sms', { phone }, address)
const login = (phone: string, code: string) =>
  post('smsLogin', { phone, code, systemId: '65', service: '/home' })
const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('SMS code limits', () => {
  it('[API-7] five wrong codes lock the phone for 15 minutes, and a resend does not reset the count', async () => {
    const phone = newPhone()
    expect((await send(phone)).code).toBe(0)
    for (let i = 0; i < 3; i++)
      expect((await login(phone, wrongOf(lastCode(phone)))).code).toBe(10023)
    clock += MINUTE + 1000
    expect((await send(phone)).code).toBe(0)
    const code = lastCode(phone)
    expect((await login(phone, wrongOf(code))).code).toBe(10023)
    expect(await login(phone, wrongOf(code))).toMatchObject({
      code: 10029,
      data: { reason: 'locked' },
    })
    // Locked: the right code, and a new one, are refused until the lock ends.
    expect((await login(phone, code)).code).toBe(10029)
    clock += 2 * MINUTE
    expect((await send(phone)).code).toBe(10029)
    clock += 14 * MINUTE
    expect((await send(phone)).code).toBe(0)
    expect((await login(phone, lastCode(phone))).code).toBe(0)
  })

  it('[API-7] one phone gets at most 10 codes a day', async () => {
    const phone = newPhone()
    for (let i = 0; i < 10; i++) {
      expect((await send(phone)).code).toBe(0)
      clock += MINUTE + 1000
    }
    expect(await send(phone)).toMatchObject({ code: 10030, data: { reason: 'phoneDailyLimit' } })
    clock += 24 * 60 * MINUTE
    expect((await send(phone)).code).toBe(0)
  })

  it('[API-7] one client address may have codes sent to at most 20 phones a day', async () => {
    clock += 24 * 60 * MINUTE
    const address = '203.0.113.7'
    const phones = Array.from({ length: 20 }, newPhone)
    for (const phone of phones) expect((await send(phone, address)).code).toBe(0)
    expect(await send(newPhone(), address)).toMatchObject({
      code: 10031,
      data: { reason: 'addressLimit' },
    })
    // A phone it already asked for may be sent a code again; another address is not held back.
    clock += MINUTE + 1000
    expect((await send(phones[0]!, address)).code).toBe(0)
    expect((await send(newPhone(), '203.0.113.8')).code).toBe(0)
    clock += 24 * 60 * MINUTE
    expect((await send(newPhone(), address)).code).toBe(0)
  })
})
