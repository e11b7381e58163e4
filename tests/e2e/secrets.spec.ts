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

test('a signed-in member joins a room: no password, SMS code, phone number or issued token is in the exported session log or in any fixture', async ({
  page,
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

  const fixtures = readdirSync(FIXTURES_DIR).filter((f) => f.endsWith('.ndjson'))
  expect(fixtures.length).toBeGreaterThanOrEqual(6)
  for (const file of fixtures) {
    const text = readFileSync(join(FIXTURES_DIR, file), 'utf8')
    for (const secret of secrets)
      expect(holds(text, secret), `${file} holds ${secret.slice(0, 4)}…`).toBe(false)
  }
})
