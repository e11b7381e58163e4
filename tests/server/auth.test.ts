import { constants, publicEncrypt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSmsSender } from '../../src/server/auth/sms'
import { AUTH, Client, ROOM, SCENE, startServer, type TestServer } from './harness'

let server: TestServer
const sms: string[] = []
beforeAll(async () => {
  server = await startServer({ smsOut: (line) => sms.push(line) })
})
afterAll(() => server.close())

let phoneSeq = 13800000000
const newPhone = () => String(++phoneSeq)
const lastCode = (phone: string) => {
  const line = [...sms].reverse().find((l) => l.includes(phone))
  return /code is (\d{6})/.exec(line ?? '')?.[1] ?? ''
}
async function encrypt(client: Client, text: string) {
  const { body } = await client.form(`${AUTH}genLoginEncKey`)
  const cipher = publicEncrypt(
    { key: body.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(text),
  )
  return { password: cipher.toString('base64'), keyId: body.data.keyId as string }
}
async function smsLogin(client: Client, phone = newPhone()) {
  await client.form(`${AUTH}send-sms`, { phone })
  const answer = await client.form(`${AUTH}smsLogin`, {
    phone,
    code: lastCode(phone),
    systemId: 65,
    service: '/home',
  })
  return { phone, answer }
}

describe('auth service (form-encoded POSTs)', () => {
  it('[API-7] [API-5] send-sms delivers a code through the sender; smsLogin with systemId 65 and a callback logs in', async () => {
    const client = new Client(server.url)
    const phone = newPhone()
    const sent = await client.form(`${AUTH}send-sms`, { phone })
    expect(sent.body.data).toEqual({ retryAfterSeconds: 60, expiresInSeconds: 300 })
    expect(lastCode(phone)).toMatch(/^\d{6}$/)
    const tooSoon = await client.form(`${AUTH}send-sms`, { phone })
    expect(tooSoon.body.code).toBe(10024)
    const wrongSystem = await client.form(`${AUTH}smsLogin`, {
      phone,
      code: lastCode(phone),
      systemId: 64,
    })
    expect(wrongSystem.body.code).toBe(10021)
    const foreign = await client.form(`${AUTH}smsLogin`, {
      phone,
      code: lastCode(phone),
      systemId: 65,
      service: 'https://evil.example/steal',
    })
    expect(foreign.body.code).toBe(10022)
    const wrong = await client.form(`${AUTH}smsLogin`, { phone, code: '000000', systemId: 65 })
    expect(wrong.body).toMatchObject({ code: 10023, msg: 'wrong or expired code' })
    const ok = await client.form(`${AUTH}smsLogin`, {
      phone,
      code: lastCode(phone),
      systemId: 65,
      service: `${server.url}/meeting?roomId=1`,
    })
    expect(ok.body.data).toMatchObject({
      service: `${server.url}/meeting?roomId=1`,
      user: { userType: 'member' },
    })
    expect(ok.body.data.user.phone).toMatch(/^\d{3}\*{4}\d{4}$/)
    expect(client.cookie).toMatch(/^roomcast_session=/)
    const reused = await new Client(server.url).form(`${AUTH}smsLogin`, {
      phone,
      code: lastCode(phone),
      systemId: 65,
    })
    expect(reused.body.code).toBe(10023)
  })

  it('[API-7] [ROUTE-4] isLogin is true for a member only; the session is an httpOnly cookie', async () => {
    const visitor = new Client(server.url)
    expect((await visitor.form(`${AUTH}isLogin`)).body).toMatchObject({ code: 0, data: false })
    await visitor.get(`${SCENE}user`)
    expect((await visitor.form(`${AUTH}isLogin`)).body.data).toBe(false)
    const member = new Client(server.url)
    const response = await fetch(`${server.url}${AUTH}send-sms`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'phone=13912345678',
    })
    expect(response.status).toBe(200)
    const login = await fetch(`${server.url}${AUTH}smsLogin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `phone=13912345678&code=${lastCode('13912345678')}&systemId=65`,
    })
    expect(login.headers.get('set-cookie')).toMatch(/HttpOnly/i)
    member.cookie = login.headers.get('set-cookie')!.split(';')[0]!
    expect((await member.form(`${AUTH}isLogin`)).body.data).toBe(true)
    await member.form(`${AUTH}logout`)
    expect((await member.form(`${AUTH}isLogin`)).body.data).toBe(false)
  })

  it('[API-7] genLoginEncKey, setPwd and userLogin: the password travels RSA-encrypted', async () => {
    const client = new Client(server.url)
    const { phone } = await smsLogin(client)
    const key = await client.form(`${AUTH}genLoginEncKey`)
    expect(key.body.data).toMatchObject({ algorithm: 'RSA-OAEP-256' })
    expect(key.body.data.publicKey).toContain('BEGIN PUBLIC KEY')
    const short = await client.form(`${AUTH}setPwd`, await encrypt(client, 'short'))
    expect([short.status, short.body.msg]).toEqual([
      400,
      'params: password must be 8 to 64 characters',
    ])
    expect(
      (await client.form(`${AUTH}setPwd`, await encrypt(client, 'correct horse'))).body.code,
    ).toBe(0)
    const other = new Client(server.url)
    const plain = await other.form(`${AUTH}userLogin`, {
      userName: phone,
      password: 'correct horse',
      systemId: 65,
    })
    expect(plain.body.code).toBe(10028)
    const ok = await other.form(`${AUTH}userLogin`, {
      userName: phone,
      ...(await encrypt(other, 'correct horse')),
      systemId: 65,
    })
    expect(ok.body.data.user).toMatchObject({ userType: 'member', hasPassword: true })
    expect((await other.form(`${AUTH}isLogin`)).body.data).toBe(true)
    const visitor = new Client(server.url)
    await visitor.get(`${SCENE}user`)
    expect(
      (await visitor.form(`${AUTH}setPwd`, await encrypt(visitor, 'correct horse'))).body.code,
    ).toBe(10011)
  })

  it('[API-7] is-need-verify-code turns true after three failed passwords; then a verify code is required', async () => {
    const client = new Client(server.url)
    const { phone } = await smsLogin(client)
    await client.form(`${AUTH}setPwd`, await encrypt(client, 'right password'))
    const stranger = new Client(server.url)
    expect((await stranger.form(`${AUTH}is-need-verify-code`, { userName: phone })).body.data).toBe(
      false,
    )
    for (let i = 0; i < 3; i++) {
      const wrong = await stranger.form(`${AUTH}userLogin`, {
        userName: phone,
        ...(await encrypt(stranger, 'wrong password')),
        systemId: 65,
      })
      expect(wrong.body).toMatchObject({ code: 10025, msg: 'wrong user name or password' })
    }
    expect((await stranger.form(`${AUTH}is-need-verify-code`, { userName: phone })).body.data).toBe(
      true,
    )
    const right = { userName: phone, ...(await encrypt(stranger, 'right password')), systemId: 65 }
    expect((await stranger.form(`${AUTH}userLogin`, right)).body.code).toBe(10026)
    await stranger.form(`${AUTH}send-sms`, { phone })
    const verified = await stranger.form(`${AUTH}userLogin`, {
      ...right,
      verifyCode: lastCode(phone),
    })
    expect(verified.body.code).toBe(0)
    const missing = await stranger.form(`${AUTH}is-need-verify-code`, {})
    expect([missing.status, missing.body.msg]).toEqual([400, "params: userName can't be empty"])
  })

  it('[HOME-4] a visitor gets a generated nickname; after SMS login the same account is a member and keeps its room', async () => {
    const client = new Client(server.url)
    const entered = await client.post(`${ROOM}room/entry`, {
      roomName: `auth-${Date.now()}`,
      userName: 'Vera',
      roomType: 1,
      role: 1,
      password: 'pw',
    })
    const user = await client.get(`${SCENE}user`)
    expect(user.body.data).toMatchObject({
      userType: 'visitor',
      userTag: 'visitor',
      isAuthor: true,
    })
    expect(user.body.data.nickName).toMatch(/^visitor_[0-9a-f]{12}$/)
    const { answer } = await smsLogin(client)
    expect(answer.body.data.user).toMatchObject({
      userId: user.body.data.userId,
      userType: 'member',
    })
    // A signed-in member is no longer named 'visitor_…'.
    expect(answer.body.data.user.nickName).toMatch(/^member_\d{4}$/)
    expect((await client.get(`${SCENE}user`)).body.data.nickName).toBe(
      answer.body.data.user.nickName,
    )
    const page = await client.get(`${ROOM}room/${entered.body.data.roomInfo.roomId}/user/page`)
    expect(page.body.code).toBe(0)
  })

  it('[API-2] without visitors a caller must log in first; the console sender is refused in production unless enabled', async () => {
    await expect(createSmsSender({ smsConsole: false }).send('1', '123456')).rejects.toThrow(
      'not configured',
    )
    const lines: string[] = []
    await createSmsSender({ smsConsole: true }, (l) => lines.push(l)).send('138', '654321')
    expect(lines).toEqual([
      '[sms] to 138: Your roomcast login code is 654321. It expires in 5 minutes.',
    ])
    const production = await startServer({ settings: { smsConsole: false, allowVisitors: false } })
    try {
      const anonymous = new Client(production.url)
      const entry = await anonymous.post(`${ROOM}room/entry`, {
        roomName: 'r',
        userName: 'u',
        roomType: 1,
        role: 1,
        password: 'p',
      })
      expect(entry.body).toMatchObject({ code: 10011, msg: 'please login' })
      expect((await anonymous.get(`${SCENE}user`)).body.code).toBe(20003)
      const refused = await new Client(production.url).form(`${AUTH}send-sms`, {
        phone: '13700000000',
      })
      expect(refused.body).toMatchObject({ code: 10027, msg: 'SMS delivery is not configured' })
    } finally {
      await production.close()
    }
  }, 120_000)
})
