import { expect, test, type Browser, type Page } from './support/test'
import { joinRoom, roomIdOf, roomName, watch } from './support/room'
import { noteToasts } from './support/toasts'

/**
 * The business features with one room and three people for the whole file (one server, shared
 * contexts, so the spec stays fast): a host, a conferee and a CDN audience watching on a phone.
 */
test.describe.configure({ mode: 'serial' })

let host: Page
let carl: Page
let ada: Page
let roomId: string

test.beforeAll(async ({ browser }: { browser: Browser }) => {
  const room = roomName('biz')
  host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  roomId = await roomIdOf(host)
  ada = await watch(browser, roomId, 'Ada Audience')
})

test.afterAll(async () => {
  await Promise.all([host, carl, ada].map((p) => p?.context().close()))
})

/** The server's hot number for the room, asked with the page's own login. */
async function serverHotNum(page: Page): Promise<number> {
  const answer = await page.request.get(`/api/s1/serve/roomcast/v1/room/${roomId}/hotNum`)
  return ((await answer.json()) as { data: { hotNum: number } }).data.hotNum
}

test("[LIKE-1] [CMD-9] [CMD-24] [MSG-5] a like changes the hot number everyone sees to the server's", async () => {
  const before = await serverHotNum(host)
  await expect(host.getByText(`Hot ${before}`)).toBeVisible()
  await carl.getByRole('button', { name: 'Like' }).click()
  await ada.getByRole('button', { name: 'Like' }).click()
  await expect.poll(() => serverHotNum(host)).toBe(before + 2)
  for (const page of [host, carl, ada])
    await expect(page.getByText(`Hot ${before + 2}`, { exact: true })).toBeVisible()
})

/** Opens the "Interact" menu and picks an item. */
async function interact(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: 'Interact' }).click()
  await page.getByRole('menuitem', { name: item }).click()
}

test("[ROLE-2] [MSG-8] who sees what: quizzes and goods are the host's; everyone signs in and sees the wall", async () => {
  await host.getByRole('button', { name: 'Interact' }).click()
  for (const item of ['Quiz', 'Goods', 'Send red packet', 'Sign in', 'Sign-in wall'])
    await expect(host.getByRole('menuitem', { name: item })).toBeVisible()
  await host.keyboard.press('Escape')
  for (const page of [carl, ada]) {
    await page.getByRole('button', { name: 'Interact' }).click()
    await expect(page.getByRole('menuitem', { name: 'Sign-in wall' })).toBeVisible()
    for (const item of ['Quiz', 'Goods', 'Send red packet'])
      await expect(page.getByRole('menuitem', { name: item })).toHaveCount(0)
    await page.keyboard.press('Escape')
  }
})

test('[CMD-41] [MSG-5] [API-8] a quiz: the host writes a multiple choice and publishes it; conferee and CDN audience answer in the box; the host sees answers and statistics live; results published, kept per room, imported and exported', async () => {
  await interact(host, 'Quiz')
  const quiz = host.getByRole('dialog', { name: 'Quiz' })
  await expect(quiz.getByText('No questions yet')).toBeVisible()
  await quiz.getByRole('textbox', { name: /^Question/ }).fill('Which are prime numbers?')
  await quiz.getByLabel('Options, one per line').fill('2\n4\n5')
  await quiz.getByRole('radio', { name: 'Multiple choice' }).check()
  const correct = quiz.getByRole('group', { name: 'Correct answers' })
  await correct.getByRole('checkbox', { name: 'A' }).check()
  await correct.getByRole('checkbox', { name: 'C' }).check()
  await quiz.getByRole('button', { name: 'Add question' }).click()
  const row = quiz.getByRole('listitem', { name: 'Which are prime numbers?' })
  await expect(row.getByText('Draft')).toBeVisible()
  await row.getByRole('button', { name: 'Publish' }).click()
  await expect(row.getByText('Showing')).toBeVisible()

  const carlBox = carl.getByRole('dialog', { name: 'Question 1' })
  await expect(carlBox.getByText('Which are prime numbers?')).toBeVisible()
  await carlBox.getByRole('checkbox', { name: 'A. 2' }).check()
  await carlBox.getByRole('checkbox', { name: 'C. 5' }).check()
  await carlBox.getByRole('button', { name: 'Submit answer' }).click()
  await expect(carlBox.getByText('Your answer is in: AC')).toBeVisible()
  const adaBox = ada.getByRole('dialog', { name: 'Question 1' })
  await adaBox.getByRole('checkbox', { name: 'B. 4' }).check()
  await adaBox.getByRole('button', { name: 'Submit answer' }).click()
  await expect(adaBox.getByText('Your answer is in: B')).toBeVisible()

  const live = quiz.getByRole('region', { name: 'Answers' })
  await expect(live.getByText('2 answered, 1 correct')).toBeVisible()
  await expect(live.getByText('Carl Conferee: AC')).toBeVisible()
  await expect(live.getByText('Ada Audience: B')).toBeVisible()

  await row.getByRole('button', { name: 'Publish results' }).click()
  await expect(carlBox.getByText('Correct answer: AC · You were right!')).toBeVisible()
  await expect(adaBox.getByText('Correct answer: AC · Your answer: B')).toBeVisible()
  await carlBox.getByRole('button', { name: 'Close' }).click()
  await adaBox.getByRole('button', { name: 'Close' }).click()

  // import from the template's format; the answers export as CSV
  await quiz.getByLabel('Import CSV').setInputFiles({
    name: 'questions.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      'title,options,answer,seconds,type\nCapital of France?,Rome|Paris,B,30,single\n',
    ),
  })
  await expect(quiz.getByRole('listitem', { name: 'Capital of France?' })).toBeVisible()
  const csv = await host.request.get(
    (await quiz.getByRole('link', { name: 'Export answers' }).getAttribute('href'))!,
  )
  expect(await csv.text()).toContain('Carl Conferee')
  await quiz.getByRole('button', { name: 'Close' }).click()

  // kept per room: the panel opened again lists what the server holds
  await interact(host, 'Quiz')
  await expect(
    quiz.getByRole('listitem', { name: 'Which are prime numbers?' }).getByText('Results published'),
  ).toBeVisible()
  await host.keyboard.press('Escape')
  await expect(quiz).toHaveCount(0)
})

test('[CMD-19] [CMD-18] [MSG-8] [MSG-5] red packets: the host sends one; conferee and CDN audience open it; each grab is a toast; the results list who got what; a conferee may then send one', async () => {
  await interact(host, 'Send red packet')
  const send = host.getByRole('dialog', { name: 'Send a red packet' })
  await send.getByLabel('Total points').fill('10')
  await send.getByLabel('Number of shares').fill('2')
  await send.getByLabel('Greeting').fill('Happy new year')
  await send.getByRole('button', { name: 'Send', exact: true }).click()

  for (const page of [carl, ada]) {
    const card = page.getByRole('region', { name: 'Red packet from Hana Host' })
    await expect(card.getByText('Happy new year')).toBeVisible()
    await card.getByRole('button', { name: 'Open' }).click()
    await expect(card.getByText(/^You got \d+ points$/)).toBeVisible()
  }
  await expect(
    host.getByText(/Ada Audience got \d+ points from Hana Host’s red packet/),
  ).toBeVisible()
  const card = carl.getByRole('region', { name: 'Red packet from Hana Host' })
  await card.getByRole('button', { name: 'Results' }).click()
  await expect(card.getByText('0 of 2 shares left')).toBeVisible()
  const draws = card.getByRole('list', { name: 'Who got what' })
  await expect(draws.getByText(/^Carl Conferee: \d+$/)).toBeVisible()
  await expect(draws.getByText(/^Ada Audience: \d+$/)).toBeVisible()
  await card.getByRole('button', { name: 'Close' }).click()
  await expect(card).toHaveCount(0)
  // the host's own card: all taken
  const hostCard = host.getByRole('region', { name: 'Red packet from Hana Host' })
  await hostCard.getByRole('button', { name: 'Open' }).click()
  await expect(host.getByText('The red packet is all taken')).toBeVisible()
  await hostCard.getByRole('button', { name: 'Close' }).click()
  // [MSG-8] a red packet gave the conferee the sendRed tool
  await carl.getByRole('button', { name: 'Interact' }).click()
  await expect(carl.getByRole('menuitem', { name: 'Send red packet' })).toBeVisible()
  await carl.keyboard.press('Escape')
  await ada
    .getByRole('region', { name: 'Red packet from Hana Host' })
    .getByRole('button', { name: 'Close' })
    .click()
})

test("[CMD-18] [MSG-5] [MSG-10] sign-in and the sign-in wall: conferee and CDN audience sign in; the host's wall follows", async () => {
  await interact(host, 'Sign-in wall')
  const wall = host.getByRole('dialog', { name: 'Sign-in wall' })
  await expect(wall.getByText('0 signed in')).toBeVisible()
  await interact(carl, 'Sign in')
  await expect(
    wall.getByRole('list', { name: 'Sign-in wall' }).getByText('Carl Conferee'),
  ).toBeVisible()
  await interact(ada, 'Sign in')
  await expect(wall.getByText('2 signed in')).toBeVisible()
  await expect(
    wall.getByRole('list', { name: 'Sign-in wall' }).getByText('Ada Audience'),
  ).toBeVisible()
  await wall.getByRole('button', { name: 'Close' }).click()
  await carl.getByRole('button', { name: 'Interact' }).click()
  await expect(carl.getByRole('menuitem', { name: 'Signed in' })).toBeDisabled()
  await carl.keyboard.press('Escape')
})

test('[CMD-23] [MSG-4] [MSG-5] goods: the host adds goods and shows the card to the room, then hides it', async () => {
  await interact(host, 'Goods')
  const goods = host.getByRole('dialog', { name: 'Goods' })
  await goods.getByLabel('Name').fill('Tea set')
  await goods.getByLabel('Price').fill('99.5')
  await goods.getByLabel('Link to buy').fill('https://shop.example/tea')
  await goods.getByRole('button', { name: 'Add goods' }).click()
  const item = goods.getByRole('listitem', { name: 'Tea set' })
  await item.getByRole('button', { name: 'Show to the room' }).click()
  for (const page of [carl, ada]) {
    const card = page.getByRole('region', { name: 'Goods' })
    await expect(card.getByText('Tea set')).toBeVisible()
    await expect(card.getByText('¥ 99.50')).toBeVisible()
    await expect(card.getByRole('link', { name: 'Buy' })).toHaveAttribute(
      'href',
      'https://shop.example/tea',
    )
  }
  await item.getByRole('button', { name: 'Hide from the room' }).click()
  for (const page of [carl, ada])
    await expect(page.getByRole('region', { name: 'Goods' })).toHaveCount(0)
  await goods.getByRole('button', { name: 'Close' }).click()
})

test('[MSG-10] [CMD-18] [MSG-5] the business toasts: a conferee raises a glass; everyone sees it', async () => {
  const [hostSaw, carlSaw, adaSaw] = await Promise.all([
    noteToasts(host),
    noteToasts(carl),
    noteToasts(ada),
  ])
  await interact(carl, 'Toast the host')
  for (const saw of [hostSaw, adaSaw])
    await expect.poll(saw).toContain('Carl Conferee toasts Hana Host')
  await interact(ada, 'Cheers!')
  for (const saw of [hostSaw, carlSaw]) await expect.poll(saw).toContain('Ada Audience: cheers!')
})
