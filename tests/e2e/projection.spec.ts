import { expect, test } from './support/test'
import { framesIn } from './support/frames'
import { joinRoom, PASSWORD, roomName } from './support/room'

test("[PROJ-3] [ROLE-1] a host adds a projection screen; it shows the chosen members, the host's video playing; deleting it sends the screen home", async ({
  browser,
}) => {
  const room = roomName('proj')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  await host.getByRole('button', { name: 'Invite people' }).click()
  const id = new URL(await host.getByLabel('Meeting link').inputValue()).searchParams.get('roomId')

  // The host manages projections in another tab of the same browser.
  const manage = await host.context().newPage()
  await manage.goto(`/projection?roomId=${id}`)
  await manage.getByLabel('Name').fill('Hall screen')
  await manage.getByRole('checkbox', { name: 'Carl Conferee' }).check()
  await manage.getByRole('checkbox', { name: 'Hana Host' }).check()
  await manage.getByRole('button', { name: 'Add a projection screen' }).click()
  const card = manage.getByRole('region', { name: 'Hall screen' })
  await expect(card).toContainText('Carl Conferee')
  const url = (await card.getByText(/\/projectionMeeting\?/).textContent())!.trim()

  const display = await (await browser.newContext()).newPage()
  await display.goto(url)
  await display.getByLabel('Room password').fill(PASSWORD)
  await display.getByRole('button', { name: 'Show this projection' }).click()
  await expect(display.getByRole('figure', { name: 'Carl Conferee' })).toBeVisible()
  // The projected host's camera plays on the display.
  await expect(display.getByRole('figure', { name: 'Hana Host' })).toHaveAttribute(
    'data-video',
    'on',
  )
  await expect.poll(() => framesIn(display, 'Hana Host')).toBeGreaterThan(5)

  await card.getByRole('button', { name: 'Delete' }).click()
  await expect(display.getByText('That projection address has been deleted')).toBeVisible()
  await expect(display).toHaveURL(/\/home/)
})

test('the setting page: language, devices and the account', async ({ page }) => {
  await page.goto('/setting')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Devices', level: 2 })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Camera' })).toBeVisible()
  await expect(page.getByText('Visitor', { exact: true })).toBeVisible()
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh')
  await expect(page.getByRole('heading', { name: '设置', level: 1 })).toBeVisible()
})
