import { expect, test, type Page } from './support/test'
import { draw, onBoard, setGrant, shareBoard, surface } from './board-helpers'
import { OwnServer } from './support/own-server'
import { joinRoom, members, roomName } from './support/room'

/**
 * Faults: this test runs a server of its own (the run's shared server is never touched), kills it
 * with SIGKILL and starts it again on the same data, then stops it cleanly (the server closes
 * every connection) and starts it again. Each time both members are back in the room within 5 s
 * of the server listening again, with the chat whole: nothing lost, nothing twice.
 */

const chatList = (page: Page) => page.getByRole('list', { name: 'Chat' })
const notice = (page: Page) => page.locator('[data-notice]')

async function say(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Say something' }).fill(text)
  await page.getByRole('button', { name: 'Send' }).click()
}

/** Each line shown exactly once on the page. */
async function seesOnce(page: Page, lines: readonly string[]): Promise<void> {
  for (const line of lines)
    await expect(chatList(page).getByText(line, { exact: true })).toHaveCount(1)
}

/** Waits for both pages to be back (the notice gone); answers the ms since `since`. */
async function backWithin(pages: readonly Page[], since: number, ms: number): Promise<number> {
  await Promise.all(pages.map((p) => expect(notice(p)).toBeHidden({ timeout: ms })))
  return Date.now() - since
}

test('[FAULT] a server killed and restarted, then one that closes every connection: both members come back within 5 s, the chat loses nothing and shows nothing twice, the board goes on; a reload stays in the room', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const server = await OwnServer.create()
  try {
    await server.start()
    const room = roomName('fault')
    const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' }, server.origin)
    const guest = await joinRoom(
      browser,
      { room, name: 'Carl Conferee', role: 'Conferee' },
      server.origin,
    )
    await shareBoard(host)
    await onBoard(guest)
    await setGrant(host, 'Carl Conferee', true)
    await expect(surface(guest)).toHaveAttribute('data-writable', 'true')
    const lines: string[] = []
    const exchange = async (tag: string) => {
      await say(host, `${tag} from Hana`)
      await say(guest, `${tag} from Carl`)
      lines.push(`${tag} from Hana`, `${tag} from Carl`)
      await seesOnce(host, lines)
      await seesOnce(guest, lines)
    }
    await exchange('before')

    // 1. SIGKILL: the connections break without a word; a line is sent during the gap.
    await server.stop('SIGKILL')
    await expect(notice(guest)).toHaveText(/Reconnecting/)
    await expect(notice(host)).toHaveText(/Reconnecting/)
    await say(guest, 'in the gap from Carl')
    lines.push('in the gap from Carl')
    const killedReady = await server.start()
    const afterKill = await backWithin([host, guest], killedReady, 5_000)
    console.log(`fault: back ${afterKill} ms after the killed server listened again`)
    await exchange('after the kill')
    await expect(host.getByText('2 online')).toBeVisible()
    await expect(members(host).getByText('Carl Conferee')).toBeVisible()
    await expect(members(guest).getByText('Hana Host')).toBeVisible()
    // the grant survived and the board syncs again
    await expect(surface(guest)).toHaveAttribute('data-writable', 'true')
    const before = Number(await surface(host).getAttribute('data-elements'))
    await draw(guest, [0.3, 0.3], [0.5, 0.5])
    await expect(surface(host)).toHaveAttribute('data-elements', String(before + 1))

    // 2. A clean stop: the server closes every connection itself.
    await server.stop('SIGTERM')
    await expect(notice(host)).toHaveText(/Reconnecting/)
    const stoppedReady = await server.start()
    const afterClose = await backWithin([host, guest], stoppedReady, 5_000)
    console.log(`fault: back ${afterClose} ms after the closing server listened again`)
    await exchange('after the close')

    // 3. A reload in the room keeps Carl in it, as the same member with his grant.
    await guest.reload()
    await expect(guest).toHaveURL(/\/meeting(\?|$)/)
    await expect(members(guest).getByText('Hana Host')).toBeVisible()
    await expect(guest.getByText('2 online')).toBeVisible()
    await expect(surface(guest)).toHaveAttribute('data-writable', 'true')
    await say(host, 'after the reload from Hana')
    await say(guest, 'after the reload from Carl')
    lines.push('after the reload from Hana', 'after the reload from Carl')
    await seesOnce(host, lines)
    await seesOnce(guest, lines.slice(-2))
  } finally {
    await server.stop('SIGKILL')
  }
})
