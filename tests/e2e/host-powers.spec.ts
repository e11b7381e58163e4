import { expect, test } from './support/test'
import { recordFixture } from './support/fixture'
import { box, joinRoom, memberAction, members, menu, roomName } from './support/room'

test('[MUTE-5] [MUTE-2] [ROLE-2] mute all and unmute all reach every conferee', async ({
  browser,
}) => {
  const room = roomName('mute')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  await expect(members(host).getByText('Carl Conferee')).toBeVisible()
  // A conferee has no mute-all button.
  await expect(menu(carl).getByRole('button', { name: 'Mute all' })).toHaveCount(0)

  await menu(host).getByRole('button', { name: 'Mute all' }).click()
  await expect(carl.getByText('Everyone is muted', { exact: true })).toBeVisible()
  await expect(menu(host).getByRole('button', { name: 'Unmute all' })).toBeVisible()

  await menu(host).getByRole('button', { name: 'Unmute all' }).click()
  await expect(carl.getByText('Everyone is muted', { exact: true })).toHaveCount(0)
  await expect(menu(host).getByRole('button', { name: 'Mute all' })).toBeVisible()
})

test('[MUTE-4] mute all with asking to speak turns off the microphone a conferee had (share-powers.spec: asking and accepting)', async ({
  browser,
}) => {
  const room = roomName('mute2')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  const audio = menu(carl).getByRole('button', { name: 'Audio' })
  await memberAction(host, 'Carl Conferee', 'Allow the microphone')
  await expect(audio).toHaveAttribute('aria-pressed', 'true')
  await expect(host.getByRole('img', { name: 'Carl Conferee: microphone on' })).toBeVisible({
    timeout: 15_000,
  })

  await menu(host).getByRole('button', { name: 'More' }).click()
  await host.getByRole('menuitem', { name: 'Mute all, allow asking to speak' }).click()
  await expect(carl.getByText('Everyone is muted; ask to speak', { exact: true })).toBeVisible()
  await expect(audio).toHaveAttribute('aria-pressed', 'false')
  await expect(host.getByRole('img', { name: 'Carl Conferee: microphone on' })).toHaveCount(0)
  // The host's own microphone stays as it was.
  await expect(carl.getByRole('img', { name: 'Hana Host: microphone on' })).toBeVisible()
})

test('[ROLE-2] [APPLY-2] a host grants and revokes a conferee the microphone, the camera and chat', async ({
  browser,
}) => {
  const room = roomName('grant')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  const audio = menu(carl).getByRole('button', { name: 'Audio' })
  await expect(audio).toHaveAttribute('aria-pressed', 'false')

  await memberAction(host, 'Carl Conferee', 'Allow the microphone')
  await expect(audio).toHaveAttribute('aria-pressed', 'true')
  await memberAction(host, 'Carl Conferee', 'Turn the microphone off')
  await expect(audio).toHaveAttribute('aria-pressed', 'false')

  const video = menu(carl).getByRole('button', { name: 'Video' })
  await memberAction(host, 'Carl Conferee', 'Allow the camera')
  await expect(video).toHaveAttribute('aria-pressed', 'true')
  await memberAction(host, 'Carl Conferee', 'Turn the camera off')
  await expect(video).toHaveAttribute('aria-pressed', 'false')

  await memberAction(host, 'Carl Conferee', 'Forbid chat')
  await expect(host.getByRole('button', { name: 'Actions for Carl Conferee' })).toBeVisible()
  await host.getByRole('button', { name: 'Actions for Carl Conferee' }).click()
  await expect(host.getByRole('menuitem', { name: 'Allow chat' })).toBeVisible()
  await host.keyboard.press('Escape')
})

test('[APPLY-4] [APPLY-2] a host invites a conferee to speak; the invitation names the host; accept turns the microphone on, reject tells the host', async ({
  browser,
}) => {
  const room = roomName('invite')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })

  await memberAction(host, 'Carl Conferee', 'Invite to speak')
  await expect(box(carl)).toContainText('Hana Host invites you to the microphone.')
  await box(carl).getByRole('button', { name: 'Confirm' }).click()
  await expect(menu(carl).getByRole('button', { name: 'Audio' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  await memberAction(host, 'Carl Conferee', 'Invite to turn on the camera')
  await expect(box(carl)).toContainText('Hana Host invites you to the camera.')
  await box(carl).getByRole('button', { name: 'Reject' }).click()
  await expect(host.getByText('Carl Conferee declined: the camera')).toBeVisible()
  await expect(menu(carl).getByRole('button', { name: 'Video' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )
})

test('[APPLY-3] [APPLY-2] a conferee asks for the microphone and the camera; the host rejects one and accepts the other', async ({
  browser,
}) => {
  const room = roomName('apply')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  const ask = async (item: string) => {
    await menu(carl).getByRole('button', { name: 'Ask for' }).click()
    await carl.getByRole('menuitem', { name: item }).click()
  }

  await ask('Ask to speak')
  await expect(box(host)).toContainText('Carl Conferee asks for the microphone.')
  await box(host).getByRole('button', { name: 'Reject' }).click()
  await expect(carl.getByText('Your request for the microphone was declined')).toBeVisible()
  await expect(menu(carl).getByRole('button', { name: 'Audio' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )

  await ask('Ask for the camera')
  await expect(box(host)).toContainText('Carl Conferee asks for the camera.')
  await box(host).getByRole('button', { name: 'Confirm' }).click()
  await expect(carl.getByText('Your request for the camera was accepted')).toBeVisible()
  await expect(menu(carl).getByRole('button', { name: 'Video' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
})

test(
  '[HOST-1] [HOST-4] a host makes a conferee host and becomes a conferee',
  { tag: '@fixture' },
  async ({ browser }) => {
    const room = roomName('sethost')
    const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
    const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })

    await memberAction(host, 'Carl Conferee', 'Make host')
    await expect(menu(carl).getByRole('button', { name: 'End meeting' })).toBeVisible()
    await expect(menu(host).getByRole('button', { name: 'End meeting' })).toHaveCount(0)
    await expect(members(host).locator('[data-uid]', { hasText: 'Carl Conferee' })).toContainText(
      'Host',
    )
    await expect(members(carl).locator('[data-uid]', { hasText: 'Hana Host' })).toContainText(
      'Conferee',
    )
    await recordFixture(carl, 'host-transfer.conferee', { replace: { [room]: 'fixture-host' } })
  },
)

test(
  '[KICK-1] [KICK-4] a kicked conferee sees a box naming the kicker, then goes home',
  { tag: '@fixture' },
  async ({ browser }) => {
    const room = roomName('kick')
    const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
    const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })

    await memberAction(host, 'Carl Conferee', 'Remove from the meeting')
    await host.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
    await expect(box(carl)).toContainText('Hana Host removed you from the meeting.')
    await expect(members(host).getByText('Carl Conferee')).toHaveCount(0)
    await box(carl).getByRole('button', { name: 'Confirm' }).click()
    await expect(carl).toHaveURL(/\/home/)
    // Back home, the log can still be exported (Ctrl+Shift+L): it ends with the box and the way home.
    await recordFixture(carl, 'kick.conferee', { replace: { [room]: 'fixture-kick' } })
  },
)

test(
  '[END-3] [END-2] ending the meeting tells everyone and sends them home after 1500 ms',
  { tag: '@fixture' },
  async ({ browser }) => {
    const room = roomName('end')
    const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
    const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })

    await menu(host).getByRole('button', { name: 'End meeting' }).click()
    await host.getByRole('dialog').getByRole('button', { name: 'End meeting' }).click()
    await expect(carl.getByText('The meeting ended')).toBeVisible()
    const toastSeen = Date.now()
    await expect(carl).toHaveURL(/\/home/)
    expect(Date.now() - toastSeen).toBeGreaterThan(800)
    await expect(host).toHaveURL(/\/home/)
    await recordFixture(carl, 'meeting-end.conferee', { replace: { [room]: 'fixture-end' } })
  },
)
