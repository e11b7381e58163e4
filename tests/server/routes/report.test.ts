import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readLog } from '@streams/replay/read'
import { REPORTS_PER_HOUR } from '../../../src/server/routes/report'
import { kickSessionEvents, kickSessionLog } from '../../web/replay/kick-log'
import { AUTH, Client, ROOM, startServer, type TestServer } from '../harness'

const SUPPORT_PHONE = '13900000001'
let server: TestServer
const sms: string[] = []
beforeAll(async () => {
  server = await startServer({
    smsOut: (line) => sms.push(line),
    settings: { supportAccounts: [SUPPORT_PHONE] },
  })
}, 180_000)
afterAll(() => server.close())

const lastCode = (phone: string) => {
  const line = [...sms].reverse().find((l) => l.includes(phone))
  return /code is (\d{6})/.exec(line ?? '')?.[1] ?? ''
}
async function member(phone: string): Promise<Client> {
  const client = new Client(server.url)
  await client.form(`${AUTH}send-sms`, { phone })
  const answer = await client.form(`${AUTH}smsLogin`, {
    phone,
    code: lastCode(phone),
    systemId: 65,
  })
  expect(answer.body.code).toBe(0)
  return client
}
/** A visitor: the entry's user info call gives a caller without a session one. */
async function visitor(): Promise<Client> {
  const client = new Client(server.url)
  await client.get('/api/scene/1/service/v1/user')
  return client
}
const send = (client: Client, body: unknown) => client.post(`${ROOM}report`, body)
const list = (client: Client) => client.get(`${ROOM}report/list?page=1&size=50`)
const logOf = (client: Client, id: string) => client.raw('GET', `${ROOM}report/${id}/log`)

/** Secrets the kick session carried before its recorder redacted them. */
const SECRETS = ['hunter2', 'rtm-secret', 'rtc-secret', 'screen-secret']

describe('problem reports and the support role', () => {
  let support: Client
  let reportId = ''
  beforeAll(async () => {
    support = await member(SUPPORT_PHONE)
  })

  it('[ROUTE-15] a user sends their recorded log with a note; support staff list it and open the log, with no secret in it', async () => {
    const user = await visitor()
    const log = kickSessionLog()
    const sent = await send(user, { note: '  The kick box came twice  ', roomId: 'r1', log })
    expect(sent.body.code).toBe(0)
    reportId = sent.body.data.reportId
    expect(reportId).toMatch(/^[0-9a-f-]{36}$/)

    const listed = await list(support)
    expect(listed.body.code).toBe(0)
    const row = listed.body.data.list.find((r: { reportId: string }) => r.reportId === reportId)
    expect(row).toMatchObject({
      note: 'The kick box came twice',
      roomId: 'r1',
      events: kickSessionEvents().length,
    })
    expect(row.userName).toMatch(/^visitor_/)

    const opened = await logOf(support, reportId)
    expect(opened.status).toBe(200)
    expect(opened.headers.get('content-type')).toContain('application/x-ndjson')
    const read = readLog(opened.text)
    expect(read.envelopes.map((e) => e.event.type)).toEqual(
      kickSessionEvents().map(([, e]) => e.type),
    )
    for (const secret of SECRETS) {
      expect(log).not.toContain(secret)
      expect(opened.text).not.toContain(secret)
    }
  })

  it('[ROUTE-15] a log sent with secrets in it (an older or altered client) is redacted again before it is kept', async () => {
    const user = await visitor()
    const header = { kind: 'roomcast-session-log', format: 1, app: 'x', startedAt: 1 }
    const planted = [
      JSON.stringify(header),
      JSON.stringify({
        seq: 0,
        at: 2,
        event: { type: 'ui/joinSubmitted', form: { roomName: 'a', password: 'pl4nted-pw' } },
      }),
      JSON.stringify({
        seq: 1,
        at: 3,
        event: { type: 'rest/tokenRefreshed', rtmToken: 'pl4nted-token', phone: '13812345678' },
      }),
    ].join('\n')
    const sent = await send(user, { note: '', log: planted + '\n' })
    expect(sent.body.code).toBe(0)
    const kept = (await logOf(support, sent.body.data.reportId)).text
    expect(readLog(kept).envelopes).toHaveLength(2)
    for (const secret of ['pl4nted-pw', 'pl4nted-token', '13812345678'])
      expect(kept).not.toContain(secret)
    expect(kept).toContain('[redacted]')
  })

  it('[API-2] nobody but support staff reads reports: a member gets 1302, a caller without a session 10011', async () => {
    const other = await member('13900000002')
    expect((await other.get(`${ROOM}report/access`)).body.data).toEqual({ support: false })
    expect((await support.get(`${ROOM}report/access`)).body.data).toEqual({ support: true })
    const refusedList = await list(other)
    expect([refusedList.status, refusedList.body.code]).toEqual([403, 1302])
    expect(refusedList.body.msg).toBe('only support staff may read reports')
    const refusedLog = await logOf(other, reportId)
    expect(refusedLog.status).toBe(403)
    expect(refusedLog.text).not.toContain('roomcast-session-log')
    // a visitor is no member; nor is a caller without a session
    for (const caller of [await visitor(), new Client(server.url)]) {
      const answer = await list(caller)
      expect(answer.body.code).toBe(10011)
      expect((await logOf(caller, reportId)).text).not.toContain('roomcast-session-log')
    }
    // an unknown report is a 404 for support staff
    expect((await logOf(support, 'no-such-report')).status).toBe(404)
  })

  it('[API-3] a text that is no session log is refused with why, and kept nowhere; a big log is taken', async () => {
    const user = await visitor()
    const before = (await list(support)).body.data.total
    const bad = await send(user, { note: 'x', log: 'hello\n' })
    expect([bad.status, bad.body.code]).toEqual([400, 1303])
    expect(bad.body.msg).toBe('not a session log: not a session log (no header line)')
    const empty = await send(user, { note: 'x', log: '' })
    expect(empty.status).toBe(400)
    expect((await list(support)).body.data.total).toBe(before)

    // some 3 MB: over the server's default body limit of 1 MiB
    const lines = [kickSessionLog().split('\n')[0] as string]
    const chat = 'x'.repeat(300)
    for (let seq = 0; seq < 10_000; seq++)
      lines.push(JSON.stringify({ seq, at: seq, event: { type: 'msg/chatSent', text: chat } }))
    const big = await send(user, { note: 'big', log: lines.join('\n') + '\n' })
    expect(big.body.code).toBe(0)
    const row = (await list(support)).body.data.list.find(
      (r: { reportId: string }) => r.reportId === big.body.data.reportId,
    )
    expect(row.events).toBe(10_000)
    expect(row.bytes).toBeGreaterThan(3_000_000)
  })

  it('[API-3] one account sends at most REPORTS_PER_HOUR reports an hour: then 1304', async () => {
    const user = await visitor()
    const log = kickSessionLog()
    for (let i = 0; i < REPORTS_PER_HOUR; i++)
      expect((await send(user, { note: String(i), log })).body.code).toBe(0)
    const refused = await send(user, { note: 'one more', log })
    expect([refused.status, refused.body.code]).toEqual([429, 1304])
  })
})
