import { expect, test, type Page } from './support/test'
import { recordFixture } from './support/fixture'
import { box, joinRoom, memberAction, members, menu, roomName } from './support/room'

async function more(page: Page, item: string) {
  await menu(page).getByRole('button', { name: 'More' }).click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
}

test(
  '[BOARD-1] [BOARD-3] [BOARD-2] a host shares the board, grants it and takes it back, then stops the share',
  { tag: '@fixture' },
  async ({ browser }) => {
    // Sharing the board loads the whiteboard's own code: give it time on a busy machine.
    test.slow()
    const room = roomName('board')
    const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
    const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
    const carlRow = members(host).locator('[data-uid]', { hasText: 'Carl Conferee' })

    await more(host, 'Whiteboard')
    await memberAction(host, 'Carl Conferee', 'Allow the whiteboard')
    await expect(carlRow.getByRole('img', { name: 'Allow the whiteboard' })).toBeVisible()
    await expect(
      members(carl).locator('[data-uid]', { hasText: 'Carl Conferee' }).getByRole('img', {
        name: 'Allow the whiteboard',
      }),
    ).toBeVisible()

    await memberAction(host, 'Carl Conferee', 'Take the whiteboard back')
    await expect(carlRow.getByRole('img', { name: 'Allow the whiteboard' })).toHaveCount(0)

    await memberAction(host, 'Carl Conferee', 'Allow the whiteboard')
    await expect(carlRow.getByRole('img', { name: 'Allow the whiteboard' })).toBeVisible()
    // [BOARD-2] stopping the share takes every grant back.
    await more(host, 'Stop the whiteboard')
    await expect(carlRow.getByRole('img', { name: 'Allow the whiteboard' })).toHaveCount(0)
    await expect(
      members(carl).locator('[data-uid]', { hasText: 'Carl Conferee' }).getByRole('img', {
        name: 'Allow the whiteboard',
      }),
    ).toHaveCount(0)
    await recordFixture(carl, 'board-grant.conferee', { replace: { [room]: 'fixture-board' } })
  },
)

test('[MAIN-1] [MAIN-3] a host sets the main screen; while the board is shared it is refused with the alert', async ({
  browser,
}) => {
  const room = roomName('main')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  // Carl publishes once allowed the camera, so Carl has a tile.
  await memberAction(host, 'Carl Conferee', 'Allow the camera')
  const large = (page: typeof host) => page.locator('[data-large="true"] figure')

  await expect(large(carl)).toHaveAttribute('aria-label', 'Hana Host')
  await memberAction(host, 'Carl Conferee', 'Set as main screen')
  await expect(large(carl)).toHaveAttribute('aria-label', 'Carl Conferee')
  await expect(large(host)).toHaveAttribute('aria-label', 'Carl Conferee')
  // [MAIN-1] choosing the host itself clears the main screen (the host shows large again).
  await memberAction(host, 'Hana Host', 'Set as main screen')
  await expect(large(carl)).toHaveAttribute('aria-label', 'Hana Host')

  await more(host, 'Whiteboard')
  await memberAction(host, 'Carl Conferee', 'Set as main screen')
  await expect(box(host)).toContainText(
    'There is someone sharing or sharing the whiteboard, cannot set main screen',
  )
  await box(host).getByRole('button', { name: 'Confirm' }).click()
})

test('[SCREEN-1] [ROLE-2] a conferee shares the screen and the host closes the share', async ({
  browser,
}) => {
  const room = roomName('share')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  // [ROLE-4] a conferee shares once it publishes (allowed the camera here).
  await memberAction(host, 'Carl Conferee', 'Allow the camera')
  await expect(menu(carl).getByRole('button', { name: 'Video' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await menu(carl).getByRole('button', { name: 'Screen share' }).click()
  await expect(host.getByText('Carl Conferee is sharing the screen')).toBeVisible()
  await expect(menu(carl).getByRole('button', { name: 'Screen share' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await memberAction(host, 'Carl Conferee', 'Stop their screen share')
  await expect(host.getByText('Carl Conferee is sharing the screen')).toHaveCount(0)
  await expect(menu(carl).getByRole('button', { name: 'Screen share' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
})

test('[BOARD-11] [BOARD-10] a conferee asks for the board and cancels the request', async ({
  browser,
}) => {
  const room = roomName('boardask')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })

  // The host shares the board: the request goes to the board's creator.
  await more(host, 'Whiteboard')
  await menu(carl).getByRole('button', { name: 'Ask for' }).click()
  await carl.getByRole('menuitem', { name: 'Ask for the whiteboard' }).click()
  await expect(box(host)).toContainText('Carl Conferee asks for the whiteboard.')
  await menu(carl).getByRole('button', { name: 'Ask for' }).click()
  await carl.getByRole('menuitem', { name: 'Cancel the whiteboard request' }).click()
  // The cancelled request's box closes on the host's screen.
  await expect(box(host)).toHaveCount(0)
})

test(
  '[MUTE-4] [MUTE-6] under mute-all with asking to speak, a conferee asks the first host to speak',
  { tag: '@fixture' },
  async ({ browser }) => {
    const room = roomName('speak')
    const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
    const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })

    await more(host, 'Mute all, allow asking to speak')
    await expect(carl.getByText('Everyone is muted; ask to speak')).toBeVisible()
    await menu(carl).getByRole('button', { name: 'Ask for' }).click()
    await carl.getByRole('menuitem', { name: 'Ask to speak' }).click()
    await expect(box(host)).toContainText('Carl Conferee asks for the microphone.')
    await box(host).getByRole('button', { name: 'Confirm' }).click()
    await expect(menu(carl).getByRole('button', { name: 'Audio' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(host.getByRole('img', { name: 'Carl Conferee: microphone on' })).toBeVisible()
    // The roster says so first; the host then receives Carl's microphone from the media server
    // (Carl publishes once allowed). The log is exported after both, so it holds the media events.
    const carlUid = await members(host)
      .locator('[data-uid]', { hasText: 'Carl Conferee' })
      .getAttribute('data-uid')
    await expect(host.locator(`[data-remote-audio] audio[data-uid="${carlUid}"]`)).toHaveCount(1, {
      timeout: 30_000,
    })
    await recordFixture(host, 'mute-apply.host', { replace: { [room]: 'fixture-speak' } })
  },
)
