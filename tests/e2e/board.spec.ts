import { expect, test } from '@playwright/test'
import { draw, join, openBoard, sceneHash, surface } from './board-helpers'

test('[WB-1] [WB-2] a late joiner sees the strokes drawn before; without the grant it is view only', async ({
  browser,
}) => {
  const room = `board-late-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  await openBoard(host)
  await expect(surface(host)).toHaveAttribute('data-writable', 'true')
  await draw(host, [0.2, 0.3], [0.5, 0.6])
  await draw(host, [0.6, 0.3], [0.8, 0.5])
  await expect(surface(host)).toHaveAttribute('data-elements', '2')

  const late = await join(browser, { room, name: 'Lea Late', role: 'Conferee' })
  await openBoard(late)
  await expect(surface(late)).toHaveAttribute('data-elements', '2')
  await expect.poll(async () => (await sceneHash(late)) === (await sceneHash(host))).toBe(true)
  // [WB-2] not granted: no tools, input disabled, told why.
  await expect(surface(late)).toHaveAttribute('data-writable', 'false')
  await expect(late.getByText('View only: the host has not let you draw')).toBeVisible()
  await expect(late.getByRole('toolbar', { name: 'Whiteboard tools' })).toHaveCount(0)
  await draw(late, [0.1, 0.1], [0.3, 0.2])
  await expect(surface(late)).toHaveAttribute('data-elements', '2')

  // Leaving the board and coming back sees every stroke too (a fresh sync from the server).
  await late.getByRole('button', { name: 'Close whiteboard' }).click()
  await openBoard(late)
  await expect(surface(late)).toHaveAttribute('data-elements', '2')
})

test('[WB-3] [WB-5] [WB-4] followers see the broadcaster page and are told the board is locked', async ({
  browser,
}) => {
  const room = `board-follow-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  const guest = await join(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  await openBoard(host)
  await openBoard(guest)
  await expect(host.getByTestId('board-page')).toHaveText('Page 1 of 1')

  await host.getByRole('button', { name: 'Add page' }).click()
  await expect(host.getByTestId('board-page')).toHaveText('Page 2 of 2')
  // Free view: the guest stays on its own page.
  await expect(guest.getByTestId('board-page')).toHaveText('Page 1 of 2')

  await host.getByRole('button', { name: 'Lead the view' }).click()
  await expect(host.getByText('Others follow your view')).toBeVisible()
  await expect(guest.getByText('Board locked: the teacher is moving it')).toBeVisible()
  await expect(guest.getByTestId('board-page')).toHaveText('Page 2 of 2')

  await host.getByRole('button', { name: 'Previous page' }).click()
  await expect(host.getByTestId('board-page')).toHaveText('Page 1 of 2')
  await expect(guest.getByTestId('board-page')).toHaveText('Page 1 of 2')
  await draw(host, [0.3, 0.3], [0.6, 0.6])
  await expect(surface(guest)).toHaveAttribute('data-elements', '1')

  await host.getByRole('button', { name: 'Stop leading' }).click()
  await expect(guest.getByText('Board unlocked')).toBeVisible()
  await expect(guest.getByText('Board locked: the teacher is moving it')).toHaveCount(0)
})
