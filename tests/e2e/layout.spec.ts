import { expect, test, type Browser, type Page } from './support/test'
import { checkLayout, layoutProblems } from './support/layout'
import { joinRoom, memberAction, menu, PASSWORD, roomName } from './support/room'

const SIZES = [
  { name: 'pc', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const
const LANGUAGES = ['en', 'zh'] as const
/** A phone's browser: the home form sends it to /m/meeting, a share link to the live guide. */
const PHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
}

/**
 * Sets the language with the screen's own switch (no reload: a room survives it). Found by its
 * options, not its role: a modal box (the answer box) hides the page from the accessibility tree.
 */
async function language(page: Page, lang: 'en' | 'zh') {
  const current = await page.locator('html').getAttribute('lang')
  if (current === lang) return
  await page
    .locator('select:has(option[value="zh"]):has(option[value="en"])')
    .filter({ visible: true })
    .first()
    .selectOption(lang)
  await expect(page.locator('html')).toHaveAttribute('lang', lang)
}

/** Every size and language of one screen: no overlap, no cut or wrapped text, no avatar over a label. */
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
  await language(page, 'en')
}

/** A conferee on a phone: the home form takes it to the phone's meeting screen. */
async function phoneConferee(browser: Browser, room: string, name: string): Promise<Page> {
  const page = await (await browser.newContext(PHONE)).newPage()
  await page.goto('/home')
  await page.getByLabel('Room name').fill(room)
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Role').selectOption({ label: 'Conferee' })
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Join' }).click()
  await expect(page).toHaveURL(/\/m\/meeting/)
  return page
}

test('layout: the home form (with its account area) at 1366x768 and 390x844, in English and Chinese', async ({
  page,
}) => {
  await page.goto('/')
  // A visitor is told so and offered the login screen.
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible()
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

test('layout: the meeting on a PC and on phones (host, conferees with small tiles, CDN audience, the live guide, the end) at both sizes in both languages', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const room = roomName('layout-a-long-room-name')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  const pia = await phoneConferee(browser, room, 'Pia Phone')
  // Both conferees speak: their tiles show their avatars, small, beside or under the host's.
  await memberAction(host, 'Carl Conferee', 'Allow the microphone')
  await memberAction(host, 'Pia Phone', 'Allow the microphone')
  await expect(host.locator('figure[data-uid]')).toHaveCount(3)

  // The invite link, opened on a phone, lands on the live guide.
  await host.getByRole('button', { name: 'Invite people' }).click()
  const link = await host.getByLabel('Meeting link').inputValue()
  await host
    .getByRole('dialog', { name: 'Invite people' })
    .getByRole('button', { name: 'Close' })
    .click()
  const ada = await (await browser.newContext(PHONE)).newPage()
  await ada.goto(new URL(link).pathname + new URL(link).search)
  await expect(ada).toHaveURL(/\/m\/guide\?/)
  await everyWay(ada, 'guide', async (p) => {
    await expect(p.getByRole('button', { name: /^(Watch|观看)$/ })).toBeVisible()
  })
  await ada.getByLabel('Your name').fill('Ada Audience')
  await ada.getByLabel('Password').fill(PASSWORD)
  await ada.getByRole('button', { name: 'Watch' }).click()
  await expect(ada).toHaveURL(/\/m\/meeting/)

  // The host: members and chat open; a CDN audience member is not a conferee; no countdown
  // without a time limit.
  await expect(host.getByText('Audience (1)')).toBeVisible()
  await expect(host.getByText('Conferees (2)')).toBeVisible()
  await expect(host.getByText(/min left/)).toHaveCount(0)
  // The stage keeps its width beside the drawers: the host's tile is most of the window wide.
  const stage = await host.locator('figure[data-uid]').first().boundingBox()
  expect(stage?.width ?? 0).toBeGreaterThan(1366 * 0.5)
  await everyWay(host, 'meeting-host', async (p) => {
    const members = p.getByRole('list', { name: /^(Members|成员)$/ })
    if (!(await members.isVisible()))
      await menu(p)
        .or(p.getByRole('navigation', { name: '会议菜单' }))
        .getByRole('button', { name: /^(Members|成员)$/ })
        .click()
    await expect(members).toBeVisible()
  })
  await everyWay(pia, 'mobile-meeting', async (p) => {
    await expect(p.getByRole('tablist')).toBeVisible()
    await expect(p.locator('figure[data-uid]')).toHaveCount(3)
  })
  await everyWay(ada, 'mobile-meeting-audience', async (p) => {
    await expect(p.getByRole('tablist')).toBeVisible()
  })

  // The end, on a phone: the screen behind the box has a layout too. The core sends the phone
  // on after 2 s; the check counts only while the phone still shows it.
  await host.setViewportSize({ width: 1366, height: 768 })
  await menu(host).getByRole('button', { name: 'End meeting' }).click()
  await host.getByRole('dialog').getByRole('button', { name: 'End meeting' }).click()
  await expect(pia.getByText('You are no longer in the meeting.')).toBeVisible()
  const problems = await layoutProblems(pia).catch(() => [])
  if (/\/m\/meeting/.test(pia.url())) expect(problems, 'layout of the end on a phone').toEqual([])
})

/** Names of the interact menu's items in both languages. */
const INTERACT = {
  Quiz: /^(Quiz|答题)$/,
  'Send red packet': /^(Send red packet|发红包)$/,
  'Sign-in wall': /^(Sign-in wall|签到墙)$/,
  Goods: /^(Goods|商品)$/,
} as const

/** A dialog of the host's interact menu at every size and language (opened anew for each). */
async function everyWayDialog(page: Page, item: keyof typeof INTERACT) {
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height })
    for (const lang of LANGUAGES) {
      await language(page, lang)
      await page.getByRole('button', { name: /^(Interact|互动)$/ }).click()
      await page.getByRole('menuitem', { name: INTERACT[item] }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog).toBeVisible()
      await page.waitForTimeout(300)
      await checkLayout(page, `dialog-${item.replace(/ /g, '-')}-${size.name}-${lang}`)
      await dialog
        .getByRole('button', { name: /^(Close|关闭)$/ })
        .last()
        .click()
      await expect(dialog).toHaveCount(0)
    }
  }
  await language(page, 'en')
}

test("layout: the business dialogs (quiz, red packet, sign-in wall, goods), the conferee's goods and red packet cards and the answer box at both sizes in both languages", async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const room = roomName('layout-business')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  // A question and a goods item, so the lists are not empty.
  await host.getByRole('button', { name: 'Interact' }).click()
  await host.getByRole('menuitem', { name: 'Quiz' }).click()
  const quiz = host.getByRole('dialog', { name: 'Quiz' })
  await quiz.getByRole('textbox', { name: /^Question/ }).fill('Which of these are prime numbers?')
  await quiz.getByLabel('Options, one per line').fill('2\n4\n5')
  await quiz
    .getByRole('group', { name: 'Correct answers' })
    .getByRole('checkbox', { name: 'A' })
    .check()
  await quiz.getByRole('button', { name: 'Add question' }).click()
  const row = quiz.getByRole('listitem', { name: 'Which of these are prime numbers?' })
  await expect(row).toBeVisible()
  await quiz.getByRole('button', { name: 'Close', exact: true }).click()
  await host.getByRole('button', { name: 'Interact' }).click()
  await host.getByRole('menuitem', { name: 'Goods' }).click()
  const goods = host.getByRole('dialog', { name: 'Goods' })
  await goods.getByLabel('Name').fill('Porcelain tea set, six cups')
  await goods.getByLabel('Price').fill('99.5')
  await goods.getByLabel('Link to buy').fill('https://shop.example/tea')
  await goods.getByRole('button', { name: 'Add goods' }).click()
  await expect(goods.getByRole('listitem', { name: 'Porcelain tea set, six cups' })).toBeVisible()
  await goods.getByRole('button', { name: 'Close' }).click()

  for (const item of Object.keys(INTERACT) as (keyof typeof INTERACT)[])
    await everyWayDialog(host, item)

  // The goods shown to the room and a red packet sent: the conferee's cards.
  await host.getByRole('button', { name: 'Interact' }).click()
  await host.getByRole('menuitem', { name: 'Goods' }).click()
  await goods
    .getByRole('listitem', { name: 'Porcelain tea set, six cups' })
    .getByRole('button', { name: 'Show to the room' })
    .click()
  await goods.getByRole('button', { name: 'Close' }).click()
  await everyWay(carl, 'goods-card', async (p) => {
    await expect(p.getByRole('region', { name: /^(Goods|商品)$/ })).toBeVisible()
  })
  await host.getByRole('button', { name: 'Interact' }).click()
  await host.getByRole('menuitem', { name: 'Send red packet' }).click()
  const send = host.getByRole('dialog', { name: 'Send a red packet' })
  await send.getByLabel('Total points').fill('10')
  await send.getByLabel('Number of shares').fill('2')
  await send.getByRole('button', { name: 'Send', exact: true }).click()
  await everyWay(carl, 'red-packet-card', async (p) => {
    await expect(
      p.getByRole('region', { name: /^(Red packet from Hana Host|Hana Host 的红包)$/ }),
    ).toBeVisible()
  })

  // The question published: the conferee's answer box.
  await host.getByRole('button', { name: 'Interact' }).click()
  await host.getByRole('menuitem', { name: 'Quiz' }).click()
  await row.getByRole('button', { name: 'Publish' }).click()
  await quiz.getByRole('button', { name: 'Close', exact: true }).click()
  await everyWay(carl, 'answer-box', async (p) => {
    await expect(p.getByRole('dialog', { name: /^(Question 1|第 1 题)$/ })).toBeVisible()
  })
})
