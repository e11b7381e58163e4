import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './support/test'
import { exportLog, FIXTURES_DIR } from './support/fixture'
import { members, PASSWORD, roomName } from './support/room'
import { secretsIssued, watchSecrets } from './support/secrets'
import { SmsInbox } from './support/sms'

const inbox = new SmsInbox()
test.beforeAll(() => inbox.start())
test.afterAll(() => inbox.stop())

/** Whether `text` holds `secret` as a whole (a code is not found inside a longer number). */
function holds(text: string, secret: string): boolean {
  const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![0-9A-Za-z])${escaped}(?![0-9A-Za-z])`).test(text)
}

/** The support account of the run's server (SUPPORT_ACCOUNTS in playwright.config.ts). */
const SUPPORT_PHONE = '13600000009'

test('[ROUTE-15] a signed-in member joins a room: no password, SMS code, phone number or issued token is in the exported session log, in the problem report support staff open at /replay, or in any fixture', async ({
  page,
  browser,
}) => {
  const phone = `137${String(Date.now()).slice(-8)}`
  const accountPassword = 'Secret-account-pw-42'
  watchSecrets(page)

  // SMS sign-in with a known code, then a known account password.
  await page.goto('/login')
  await page.getByLabel('Phone number').fill(phone)
  await page.getByRole('button', { name: 'Send code' }).click()
  const code = await inbox.code(phone)
  await page.getByLabel('SMS code').fill(code)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByLabel('New password').fill(accountPassword)
  await page.getByLabel('Repeat the password').fill(accountPassword)
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page).toHaveURL(/\/home/)

  // Into a room with a known room password; the server issues media and messaging tokens.
  await page.getByLabel('Room name').fill(roomName('secrets'))
  await page.getByLabel('Your name').fill('Sam Secret')
  await page.getByLabel('Role').selectOption({ label: 'Host' })
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Join' }).click()
  await expect(members(page).getByText('Sam Secret (you)')).toBeVisible()

  const tokens = secretsIssued(page)
  expect(tokens.length).toBeGreaterThanOrEqual(2)
  const secrets = [code, phone, accountPassword, PASSWORD, ...tokens]

  const log = await exportLog(page)
  // The fields were recorded, with their values redacted.
  expect(log).toContain('"password":"[redacted]"')
  expect(log).toContain('"rtmToken":"[redacted]"')
  for (const secret of secrets)
    expect(holds(log, secret), `log holds ${secret.slice(0, 4)}…`).toBe(false)

  // "Report a problem": the log sent with the note holds none of them either.
  const note = `No sound after the host muted all (${Date.now()})`
  const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/report'))
  await page.getByRole('button', { name: 'Report a problem' }).click()
  await page.getByLabel('What went wrong?').fill(note)
  await page.getByRole('button', { name: 'Send report' }).click()
  const body = (await posted).postData() ?? ''
  expect(body).toContain('roomcast-session-log')
  for (const secret of secrets)
    expect(holds(body, secret), `report holds ${secret.slice(0, 4)}…`).toBe(false)
  await expect(page.getByText(/^Sent\. Support staff can now see what happened/)).toBeVisible()
  await page.getByRole('button', { name: 'Close' }).click()

  // Nobody but support staff reads reports: this member is told so.
  const other = await page.context().newPage()
  await other.goto('/replay/reports')
  await expect(other.getByRole('alert')).toHaveText('Only support staff can read problem reports.')
  await other.close()

  // Support staff sign in from /replay's link, find the report by its note and open it there.
  const support = await (await browser.newContext()).newPage()
  await support.goto('/replay')
  await support.getByRole('link', { name: 'Reports from users (support staff)' }).click()
  await support.getByLabel('Phone number').fill(SUPPORT_PHONE)
  await support.getByRole('button', { name: 'Send code' }).click()
  await support.getByLabel('SMS code').fill(await inbox.code(SUPPORT_PHONE))
  await support.getByRole('button', { name: 'Sign in' }).click()
  await support.getByLabel('New password').fill('support desk 1')
  await support.getByLabel('Repeat the password').fill('support desk 1')
  await support.getByRole('button', { name: 'Save password' }).click()
  await expect(support).toHaveURL(/\/replay\/reports$/)
  const row = support.getByRole('row').filter({ hasText: note })
  await expect(row).toContainText('Sam Secret')
  await row.getByRole('link', { name: /^Open/ }).click()
  await expect(support.getByRole('region', { name: 'Replay controls' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(support.getByRole('region', { name: 'What the user saw' })).toBeVisible()
  const kept = await support.evaluate(async () => {
    const url = new URLSearchParams(window.location.search).get('log') ?? ''
    return (await fetch(url)).text()
  })
  expect(kept).toContain('ui/problemReported')
  for (const secret of secrets)
    expect(holds(kept, secret), `kept report holds ${secret.slice(0, 4)}…`).toBe(false)

  const fixtures = readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.ndjson'))
  expect(fixtures.length).toBeGreaterThanOrEqual(6)
  for (const file of fixtures) {
    const text = readFileSync(join(FIXTURES_DIR, file), 'utf8')
    for (const secret of secrets)
      expect(holds(text, secret), `${file} holds ${secret.slice(0, 4)}…`).toBe(false)
  }
})
