import { constants, publicEncrypt } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH, Client, SCENE, startServer, type TestServer } from '../harness'

let server: TestServer
const sms: string[] = []
beforeAll(async () => {
  server = await startServer({ smsOut: (line) => sms.push(line) })
})
afterAll(() => server.close())

let phoneSeq = 13700000000
const lastCode = (phone: string) => {
  const line = [...sms].reverse().find((l) => l.includes(phone))
  return /code is (\d{6})/.exec(line ?? '')?.[1] ?? ''
}
async function smsLogin(client: Client, phone = String(++phoneSeq)) {
  await client.form(`${AUTH}send-sms`, { phone })
  const answer = await client.form(`${AUTH}smsLogin`, {
    phone,
    code: lastCode(phone),
    systemId: 65,
  })
  expect(answer.body.code).toBe(0)
  return phone
}
/** Another browser holding a copy of this cookie. */
const copyOf = (cookie: string) => Object.assign(new Client(server.url), { cookie })
const isLogin = async (client: Client) => (await client.form(`${AUTH}isLogin`)).body.data

describe('sessions end on the server', () => {
  it('[ROUTE-4] logout ends the session: a copy of the old cookie no longer answers isLogin true', async () => {
    const member = new Client(server.url)
    await smsLogin(member)
    const stolen = copyOf(member.cookie)
    expect(await isLogin(stolen)).toBe(true)
    expect((await member.form(`${AUTH}logout`)).body.code).toBe(0)
    expect(await isLogin(member)).toBe(false)
    expect(await isLogin(stolen)).toBe(false)
    // Nor does it open a member-only route.
    const profile = await stolen.get(`${SCENE}user`)
    expect(profile.body.data?.userType).not.toBe('member')
  })

  it('[ROUTE-13] a login issues a new session id: the visitor cookie it replaced is not the member', async () => {
    const browser = new Client(server.url)
    const visitor = await browser.get(`${SCENE}user`)
    expect(visitor.body.data.userType).toBe('visitor')
    const planted = browser.cookie
    expect(planted).toMatch(/^roomcast_session=/)
    await smsLogin(browser)
    expect(browser.cookie).not.toBe(planted)
    expect(await isLogin(browser)).toBe(true)
    // The member keeps the visitor's account, but not through the visitor's cookie.
    const member = await browser.get(`${SCENE}user`)
    expect(member.body.data).toMatchObject({ userId: visitor.body.data.userId, userType: 'member' })
    expect(await isLogin(copyOf(planted))).toBe(false)
    const old = await copyOf(planted).get(`${SCENE}user`)
    expect(old.body.data?.userId).not.toBe(visitor.body.data.userId)
  })

  it('[ROUTE-13] a second login in one browser ends its first session; other browsers keep theirs', async () => {
    const browser = new Client(server.url)
    const other = new Client(server.url)
    await smsLogin(browser)
    await smsLogin(other)
    const first = browser.cookie
    await smsLogin(browser)
    expect(browser.cookie).not.toBe(first)
    expect(await isLogin(copyOf(first))).toBe(false)
    expect(await isLogin(browser)).toBe(true)
    expect(await isLogin(other)).toBe(true)
  })
})

describe('a new password ends the other sessions', () => {
  async function encrypt(client: Client, text: string) {
    const { body } = await client.form(`${AUTH}genLoginEncKey`)
    const cipher = publicEncrypt(
      { key: body.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(text),
    )
    return { password: cipher.toString('base64'), keyId: body.data.keyId as string }
  }

  it('[API-7] setPwd ends every other session of the account and keeps the caller’s', async () => {
    const here = new Client(server.url)
    const phone = await smsLogin(here)
    const elsewhere = new Client(server.url)
    await smsLogin(elsewhere, phone)
    const stolen = copyOf(elsewhere.cookie)
    const stranger = new Client(server.url)
    await smsLogin(stranger)
    expect(await isLogin(elsewhere)).toBe(true)
    const set = await here.form(`${AUTH}setPwd`, await encrypt(here, 'a new password'))
    expect(set.body.code).toBe(0)
    expect(await isLogin(here)).toBe(true)
    expect(await isLogin(elsewhere)).toBe(false)
    expect(await isLogin(stolen)).toBe(false)
    expect(await isLogin(stranger)).toBe(true)
  })
})
