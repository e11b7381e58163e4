import { expect, test } from './support/test'
import { joinRoom, roomName } from './support/room'

const USER_INFO = '/api/scene/1/service/v1/user'

test('[ROUTE-1] [ROUTE-9] / goes to /home, carrying roomid (as roomId), qihuiid and share', async ({
  page,
}) => {
  await page.goto('/?roomid=77&qihuiid=q9&share=1&other=x')
  await expect(page).toHaveURL(/\/home\?roomId=77&qihuiId=q9&share=1$/)
  await expect(page.getByRole('button', { name: 'Join' })).toBeVisible()
})

test('[ROUTE-2] [ROUTE-7] an unknown path needs login and falls back to home; the user info is fetched once and kept', async ({
  page,
}) => {
  const fetched: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === USER_INFO) fetched.push(r.url())
  })
  await page.goto('/no/such/screen')
  await expect(page).toHaveURL(/\/home$/)
  await expect(page.getByRole('button', { name: 'Join' })).toBeVisible()
  expect(fetched).toHaveLength(1)
  // [ROUTE-13] the login state is kept: a reload holds a user id and does not fetch again.
  await page.reload()
  await expect(page.getByRole('button', { name: 'Join' })).toBeVisible()
  expect(fetched).toHaveLength(1)
})

test('[ROUTE-3] the login page and the phone pages of a share link need no login', async ({
  page,
}) => {
  const fetched: string[] = []
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === USER_INFO) fetched.push(r.url())
  })
  for (const path of ['/login', '/m/guide', '/m/activity', '/m/appLook']) {
    await page.goto(path)
    await expect(page.locator('main')).toBeVisible()
  }
  await page.goto('/m/zntApp?roomid=5')
  await expect(page).toHaveURL(/\/m\/guide\?roomId=5$/)
  expect(fetched).toEqual([])
})

test('[ROUTE-8] a first navigation straight to a meeting route goes home with the query as suffix', async ({
  page,
}) => {
  await page.goto('/meeting?roomid=31&share=1')
  await expect(page).toHaveURL(/\/home\?roomId=31&share=1$/)
  await page.goto('/m/meeting?roomId=32')
  await expect(page).toHaveURL(/\/home\?roomId=32$/)
})

test('[ROUTE-9] [ROUTE-5] the carried parameters follow the user into the meeting, titled live meeting', async ({
  browser,
}) => {
  const room = roomName('carry')
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/home?qihuiid=q42&share=1')
  await page.getByLabel('Room name').fill(room)
  await page.getByLabel('Your name').fill('Hana Host')
  await page.getByLabel('Password').fill('carry-pw')
  await page.getByRole('button', { name: 'Join' }).click()
  await expect(page).toHaveURL(/\/meeting\?qihuiId=q42&share=1$/)
  await expect(page).toHaveTitle('live meeting')
  await context.close()
  // A host's room is joined as before.
  const host = await joinRoom(browser, { room: roomName('title'), name: 'Hana Host', role: 'Host' })
  await expect(host).toHaveTitle('live meeting')
})

test('[ROUTE-12] English for an English browser, Chinese once chosen, and the choice is kept', async ({
  page,
}) => {
  await page.goto('/home')
  await expect(page.getByRole('button', { name: 'Join' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh')
  await expect(page.getByRole('button', { name: '加入' })).toBeVisible()
  await expect(page.getByLabel('房间名称')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh')
  await page.reload()
  await expect(page.getByRole('button', { name: '加入' })).toBeVisible()
  await page.getByRole('combobox', { name: '语言' }).selectOption('en')
  await expect(page.getByRole('button', { name: 'Join' })).toBeVisible()
})

test('[ROUTE-12] Chinese when the browser language is Chinese', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' })
  const page = await context.newPage()
  await page.goto('/home')
  await expect(page.getByRole('button', { name: '加入' })).toBeVisible()
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible()
  await context.close()
})

test('[ROUTE-12] [ERR-3] the meeting screen switches language too, and shows the room texts in Chinese', async ({
  browser,
}) => {
  const host = await joinRoom(browser, { room: roomName('lang'), name: 'Hana Host', role: 'Host' })
  await host.getByRole('combobox', { name: 'Language' }).selectOption('zh')
  const bar = host.getByRole('navigation', { name: '会议菜单' })
  for (const name of [
    '音频',
    '视频',
    '共享屏幕',
    '聊天',
    '成员',
    '邀请',
    '全员静音',
    '结束会议',
    '离开会议',
  ])
    await expect(bar.getByRole('button', { name })).toBeVisible()
  await expect(host).toHaveTitle('直播会议')
})
