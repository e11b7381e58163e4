import { expect, test, type Page } from './support/test'
import { SMS_RESEND_SECONDS, SmsInbox } from './support/sms'

const inbox = new SmsInbox()
test.beforeAll(() => inbox.start())
test.afterAll(() => inbox.stop())

/** A phone number no other test uses (the server limits codes per phone). */
const phone = () => `139${String(Date.now()).slice(-8)}`

async function smsSignIn(page: Page, number: string) {
  await page.getByLabel('Phone number').fill(number)
  await page.getByRole('button', { name: 'Send code' }).click()
  // The resend countdown starts.
  await expect(page.getByRole('button', { name: /^Again in \d+ s$/ })).toBeDisabled()
  await page.getByLabel('SMS code').fill(await inbox.code(number))
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('[ROUTE-4] [ROUTE-11] [API-5] SMS sign-in with a resend countdown, set a password, then onward to the return URL', async ({
  page,
  baseURL,
}) => {
  const number = phone()
  const returnUrl = new URL('/home?roomId=42&share=1', baseURL)
  const search = new URLSearchParams({
    service: new URL('/', returnUrl).toString(),
    systemId: '65',
    returnUrl: returnUrl.toString(),
  })
  // Not logged in: the login check answers false and the login screen shows.
  await page.goto(`/login?${search.toString()}`)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await smsSignIn(page, number)

  // A new member has no password yet: the screen offers to set one.
  await expect(page.getByRole('heading', { name: 'Set a password' })).toBeVisible()
  await page.getByLabel('New password').fill('short')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page.getByText('At least 8 characters')).toBeVisible()
  await page.getByLabel('New password').fill('long enough 1')
  await page.getByLabel('Repeat the password').fill('long enough 1')
  await page.getByRole('button', { name: 'Save password' }).click()
  await expect(page).toHaveURL(/\/home\?roomId=42&share=1$/)

  // [ROUTE-4] logged in now: /login sends the user onward at once.
  await page.goto('/login')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('button', { name: 'Join' })).toBeVisible()
})

test('[API-7] password login encrypts with the server key; after failures the server asks for a verify code', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const number = phone()
  const codeSentAt = Date.now()
  // A member with a password (made through the SMS sign-in).
  const first = await (await browser.newContext()).newPage()
  await first.goto('/login')
  await smsSignIn(first, number)
  await first.getByLabel('New password').fill('correct horse')
  await first.getByLabel('Repeat the password').fill('correct horse')
  await first.getByRole('button', { name: 'Save password' }).click()
  await expect(first).toHaveURL(/\/home/)
  await first.context().close()

  const context = await browser.newContext()
  const page = await context.newPage()
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.url().endsWith('/api/auth/userLogin')) sent.push(r.postData() ?? '')
  })
  await page.goto('/login')
  await page.getByRole('tab', { name: 'Sign in with a password' }).click()
  await page.getByLabel('Account or phone number').fill(number)
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(`wrong ${attempt}`)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText(
      /Wrong account or password|verification code/,
    )
  }
  // The password never travels in clear text.
  expect(sent.length).toBeGreaterThan(0)
  for (const body of sent) expect(body).not.toContain('wrong')
  // Three failures: the server now asks for a verify code.
  await expect(page.getByLabel('Verification code')).toBeVisible()
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('correct horse')
  // The server sends a phone one code per interval (a minute in production).
  await page.waitForTimeout(Math.max(0, codeSentAt + SMS_RESEND_SECONDS * 1000 + 1000 - Date.now()))
  inbox.clear(number)
  await page.getByRole('button', { name: 'Send code' }).click()
  await page.getByLabel('Verification code').fill(await inbox.code(number))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/home$/)
  await context.close()
})

test('[ROUTE-13] the login session is an httpOnly cookie no script can read; the profile and the language are in browser storage, never a secret', async ({
  page,
  context,
}) => {
  const number = phone()
  await page.goto('/login')
  await smsSignIn(page, number)
  await page.getByRole('button', { name: 'Skip' }).click()
  await expect(page).toHaveURL(/\/home/)
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: '中文' })

  const cookies = await context.cookies()
  const session = cookies.filter((c) => c.httpOnly)
  expect(session.length).toBeGreaterThan(0)
  const visible = await page.evaluate(() => document.cookie)
  for (const c of session) expect(visible).not.toContain(c.value)

  const storage = await page.evaluate(() => ({
    session: { ...sessionStorage },
    local: { ...localStorage },
  }))
  const stored = JSON.stringify(storage)
  expect(storage.local['roomcast.language']).toBe('zh')
  const profile = JSON.parse(storage.session['roomcast.user'] ?? '{}') as Record<string, unknown>
  expect(profile.userTag).toBe('member')
  expect(Object.keys(profile).filter((k) => /token|^password$|secret|code/i.test(k))).toEqual([])
  for (const c of cookies) expect(stored).not.toContain(c.value)
})

test('[HOME-4] [ROUTE-11] the home form shows who is signed in: a visitor signs in from it, is named member_NNNN, and signs out', async ({
  page,
}) => {
  const number = phone()
  await page.goto('/')
  const account = page.getByRole('region', { name: 'Account' })
  await expect(account).toContainText('You are a visitor (not signed in)')
  await account.getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/login\?.*returnUrl=/)
  await smsSignIn(page, number)
  await page.getByRole('button', { name: 'Skip' }).click()
  // Back on the form, by the member's name: no 'visitor_…' left.
  await expect(page).toHaveURL(/\/home/)
  await expect(account).toContainText(`Signed in as member_${number.slice(-4)}`)
  await expect(page.getByLabel('Your name')).not.toHaveValue(/^visitor_/)
  await account.getByRole('button', { name: 'Sign out' }).click()
  await expect(account).toContainText('You are a visitor (not signed in)')
  await expect(account.getByRole('link', { name: 'Sign in' })).toBeVisible()
})
