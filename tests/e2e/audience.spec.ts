import { readFile } from 'node:fs/promises'
import { expect, test } from './support/test'
import { box, joinRoom, memberAction, menu, roomIdOf, roomName, watch } from './support/room'

test('[MSG-5] [KICK-4] [ROLE-1] host, conferee and a CDN audience: the audience watches by the share link, gets the chat, and sees who removed it', async ({
  browser,
}) => {
  const room = roomName('cdn')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  const ada = await watch(browser, await roomIdOf(host), 'Ada Audience')
  await expect(ada.getByRole('heading', { name: room })).toBeVisible()
  // A CDN audience only receives: no audio, video or requests on its bar.
  await expect(ada.getByRole('button', { name: 'Audio' })).toHaveCount(0)

  await carl.getByRole('textbox', { name: 'Say something' }).fill('Hello from Carl')
  await carl.getByRole('button', { name: 'Send' }).click()
  await expect(ada.getByRole('list', { name: 'Chat' }).getByText('Hello from Carl')).toBeVisible()
  // The phone's meeting screen exports the session log too, with the decoded chat in it.
  const download = ada.waitForEvent('download')
  await ada.getByRole('button', { name: 'Export session log' }).click()
  const log = await readFile(await (await download).path(), 'utf8')
  expect(log).toContain('"message":"Hello from Carl"')

  await memberAction(host, 'Ada Audience', 'Remove from the meeting')
  await host.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click()
  await expect(box(ada)).toContainText('Hana Host removed you from the meeting.')
  await box(ada).getByRole('button', { name: 'Confirm' }).click()
  await expect(ada).toHaveURL(/\/home/)
  await expect(menu(carl).getByRole('button', { name: 'Leave meeting' })).toBeVisible()
})

test('[END-2] [MSG-5] ending the meeting reaches the CDN audience too (a dialog on the phone, then home)', async ({
  browser,
}) => {
  const room = roomName('cdnend')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const ada = await watch(browser, await roomIdOf(host), 'Ada Audience')

  await menu(host).getByRole('button', { name: 'End meeting' }).click()
  await host.getByRole('dialog').getByRole('button', { name: 'End meeting' }).click()
  // [END-2] on a phone: a dialog, and home after 2000 ms.
  await expect(box(ada)).toContainText(/^(Meeting ended|Live ended)/)
  const shown = Date.now()
  await expect(ada).toHaveURL(/\/home/)
  expect(Date.now() - shown).toBeGreaterThan(1200)
})
