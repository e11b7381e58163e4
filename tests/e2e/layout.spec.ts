import { expect, test, type Page } from './support/test'
import { checkLayout } from './support/layout'
import { joinRoom, menu, roomName } from './support/room'

const SIZES = [
  { name: 'pc', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const
const LANGUAGES = ['en', 'zh'] as const

/** Sets the language with the screen's own switch (no reload: a room survives it). */
async function language(page: Page, lang: 'en' | 'zh') {
  const current = await page.locator('html').getAttribute('lang')
  if (current === lang) return
  await page
    .getByRole('combobox', { name: current === 'zh' ? '语言' : 'Language' })
    .first()
    .selectOption(lang)
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
}

/** Every size and language of one screen: no overlapping controls, no clipped text. */
async function everyWay(page: Page, screen: string, ready: (page: Page) => Promise<void>) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height })
    for (const lang of LANGUAGES) {
      await language(page, lang)
      await ready(page)
      // Let animations and layout settle.
      await page.waitForTimeout(300)
      await checkLayout(page, `${screen}-${size.name}-${lang}`)
    }
  }
}

test('layout: the home form at 1366x768 and 390x844, in English and Chinese', async ({ page }) => {
  await page.goto('/home')
  await everyWay(page, 'home', async (p) => {
    await expect(p.locator('form')).toBeVisible()
  })
})

test('layout: the login screen at 1366x768 and 390x844, in English and Chinese', async ({
  page,
}) => {
  await page.goto('/login')
  await everyWay(page, 'login', async (p) => {
    await expect(p.getByRole('tablist')).toBeVisible()
  })
})

test('layout: the meeting screen, host view with the member drawer open, at both sizes in both languages', async ({
  browser,
}) => {
  const room = roomName('layout')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  await everyWay(host, 'meeting-host', async (p) => {
    const members = p.getByRole('list', { name: /^(Members|成员)$/ })
    if (!(await members.isVisible()))
      await menu(p)
        .or(p.getByRole('navigation', { name: '会议菜单' }))
        .getByRole('button', {
          name: /^(Members|成员)$/,
        })
        .click()
    await expect(members).toBeVisible()
  })
})

test('layout: the phone meeting screen at both sizes in both languages', async ({ browser }) => {
  const room = roomName('layoutm')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  await host.getByRole('button', { name: 'Invite people' }).click()
  const id = new URL(await host.getByLabel('Meeting link').inputValue()).searchParams.get('roomId')
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(`/m/guide?roomId=${id}&share=1`)
  await page.getByLabel('Your name').fill('Ada Audience')
  await page.getByLabel('Password').fill('e2e-room-pw')
  await page.getByRole('button', { name: 'Watch' }).click()
  await expect(page).toHaveURL(/\/m\/meeting/)
  await everyWay(page, 'mobile-meeting', async (p) => {
    await expect(p.getByRole('tablist')).toBeVisible()
  })
})
