import { expect, test, type Page } from './support/test'
import { joinRoom, memberAction, members, menu, roomName } from './support/room'

/** The remote voices the page plays: whose, and at what volume (0 to 1). */
function voices(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll<HTMLAudioElement>('[data-remote-audio] audio')]
        .filter((a) => a.srcObject !== null)
        .map((a) => [a.dataset.uid ?? '', a.volume]),
    ),
  )
}

const uidOf = (page: Page, name: string) =>
  members(page).locator('[data-uid]', { hasText: name }).first().getAttribute('data-uid')

test('interpretation: a member hears the original (interpreters silent) or a language (its interpreter, the room lowered)', async ({
  browser,
}) => {
  const room = roomName('interp')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Interpreter', role: 'Conferee' })
  const dora = await joinRoom(browser, { room, name: 'Dora Listener', role: 'Conferee' })
  // The interpreter speaks: the host allows its microphone.
  await memberAction(host, 'Carl Interpreter', 'Allow the microphone')
  await expect(menu(carl).getByRole('button', { name: 'Audio' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  const hana = (await uidOf(host, 'Hana Host'))!
  const interpreter = (await uidOf(host, 'Carl Interpreter'))!
  // Before any interpreter, Dora hears both at full volume, and has no interpretation menu.
  await expect.poll(() => voices(dora)).toEqual({ [hana]: 1, [interpreter]: 1 })
  await expect(menu(dora).getByRole('button', { name: 'Interpretation' })).toHaveCount(0)

  // The host names Carl the English interpreter (before any live: the room is told at once).
  await menu(host).getByRole('button', { name: 'More' }).click()
  await host.getByRole('menuitem', { name: 'Streaming URLs' }).click()
  const dialog = host.getByRole('dialog', { name: 'Streaming URLs (CDN)' })
  await dialog.getByLabel('Language name').fill('English')
  await dialog.getByLabel('Language code').fill('en')
  await dialog.getByLabel('Interpreter').selectOption({ label: 'Carl Interpreter' })
  await dialog.getByRole('button', { name: 'Add streaming URL' }).click()
  await expect(dialog.getByRole('listitem', { name: 'English' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()

  // Original (the default): the interpreter is silent, the room as it is.
  const button = menu(dora).getByRole('button', { name: 'Interpretation' })
  await expect(button).toBeVisible()
  await expect.poll(() => voices(dora)).toEqual({ [hana]: 1, [interpreter]: 0 })
  // English: the interpreter, the room lowered under them.
  await button.click()
  await dora.getByRole('menuitemradio', { name: /^English/ }).click()
  await expect.poll(() => voices(dora)).toEqual({ [hana]: 0.2, [interpreter]: 1 })
  // Back to the original.
  await button.click()
  await dora.getByRole('menuitemradio', { name: /^Original/ }).click()
  await expect.poll(() => voices(dora)).toEqual({ [hana]: 1, [interpreter]: 0 })
  // The interpreter itself is offered no language of its own: it hears the room.
  await expect(menu(carl).getByRole('button', { name: 'Interpretation' })).toHaveCount(0)
  await expect.poll(() => voices(carl)).toEqual({ [hana]: 1 })
})
