import { expect, test, type Browser, type Page } from './support/test'
import { readFile } from 'node:fs/promises'
import { recordFixture } from './support/fixture'

async function join(
  browser: Browser,
  form: { room: string; name: string; role: 'Host' | 'Conferee'; password: string },
): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/home')
  await page.getByLabel('Room name').fill(form.room)
  await page.getByLabel('Your name').fill(form.name)
  await page.getByLabel('Role').selectOption({ label: form.role })
  await page.getByLabel('Password').fill(form.password)
  await page.getByRole('button', { name: 'Join' }).click()
  await expect(page).toHaveURL(/\/meeting$/)
  return page
}

function members(page: Page) {
  return page.getByRole('list', { name: 'Members' })
}

test("[HOME-1] a host and a conferee meet, see each other and chat; the receiver's session log holds the decoded chat", async ({
  browser,
}) => {
  const room = `skeleton-${Date.now()}`
  const host = await join(browser, {
    room,
    name: 'Hana Host',
    role: 'Host',
    password: 's3cret-room',
  })
  const guest = await join(browser, {
    room,
    name: 'Carl Conferee',
    role: 'Conferee',
    password: 's3cret-room',
  })

  await expect(members(host).getByText('Carl Conferee')).toBeVisible()
  await expect(members(guest).getByText('Hana Host')).toBeVisible()
  await expect(members(guest).getByText('Carl Conferee (you)')).toBeVisible()

  await host.getByRole('textbox', { name: 'Say something' }).fill('Welcome, Carl!')
  await host.getByRole('button', { name: 'Send' }).click()
  await expect(guest.getByRole('list', { name: 'Chat' }).getByText('Welcome, Carl!')).toBeVisible()

  const download = guest.waitForEvent('download')
  await guest.getByRole('button', { name: 'Export session log' }).click()
  const file = await (await download).path()
  const lines = (await readFile(file, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>)
  expect(lines[0]).toMatchObject({ kind: 'roomcast-session-log', format: 1 })
  const chat = lines.find(
    (l) => (l.event as { type?: string } | undefined)?.type === 'msg/chatReceived',
  ) as { event: { data: { message: string; userName: string } } } | undefined
  expect(chat?.event.data).toMatchObject({ message: 'Welcome, Carl!', userName: 'Hana Host' })
  // Tokens were issued to this client, and none of them is in its log.
  const text = await readFile(file, 'utf8')
  expect(text).not.toMatch(/"rtmToken":"(?!\[redacted\])/)
})

test(
  '[HOME-2] [HOME-3] the server refuses a bad entry with a clear message and the form shows it',
  { tag: '@fixture' },
  async ({ page, request }) => {
    const missing = await request.post('/api/s1/serve/roomcast/v1/room/entry', {
      data: { userName: 'Ann', roomType: 1, role: 1, password: 'pw' },
    })
    expect(missing.status()).toBe(400)
    expect(await missing.json()).toMatchObject({
      msg: "params: roomName can't be empty",
      data: { field: 'roomName' },
    })
    const tooLong = await request.post('/api/s1/serve/roomcast/v1/room/entry', {
      data: { roomName: 'r', userName: 'x'.repeat(21), roomType: 1, role: 1, password: 'pw' },
    })
    expect(tooLong.status()).toBe(400)
    expect(await tooLong.json()).toMatchObject({
      msg: 'name too long',
      data: { field: 'userName', reason: 'tooLong' },
    })

    await page.goto('/home')
    await page.getByRole('button', { name: 'Join' }).click()
    await expect(page.getByText('Please enter the room name')).toBeVisible()
    await page.getByLabel('Room name').fill('some room')
    await page.getByLabel('Your name').fill('y'.repeat(21))
    await page.getByLabel('Password').fill('pw')
    await page.getByRole('button', { name: 'Join' }).click()
    await expect(page.getByText('Name too long (at most 20 characters)')).toBeVisible()
    // A conferee naming a room nobody opened is refused by the server, shown at the room field.
    await page.getByLabel('Your name').fill('Yann')
    await page.getByLabel('Role').selectOption({ label: 'Conferee' })
    const nobody = `nobody-opened-${Date.now()}`
    await page.getByLabel('Room name').fill(nobody)
    await page.getByRole('button', { name: 'Join' }).click()
    await expect(page.getByText('Room does not exist')).toBeVisible()
    // A failed join offers the session log at once.
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export session log' }).click()
    const offered = await readFile(await (await download).path(), 'utf8')
    expect(offered.split('\n')[0]).toContain('roomcast-session-log')
    expect(offered).toContain('"type":"rest/roomEntryFailed"')
    await recordFixture(page, 'failed-join', { replace: { [nobody]: 'nobody-opened' } })
  },
)
