import { expect, type Browser, type Locator, type Page } from '@playwright/test'
import { watchSecrets } from './secrets'

export interface Entrant {
  readonly room: string
  readonly name: string
  readonly role: 'Host' | 'Conferee'
  readonly password?: string
  readonly roomType?: 'One-to-one classroom' | 'Small classroom' | 'Lecture hall'
}

export const PASSWORD = 'e2e-room-pw'

/** A fresh browser context (a person) that joins a room through the home form. */
export async function joinRoom(browser: Browser, who: Entrant, origin = ''): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  watchSecrets(page)
  await page.goto(`${origin}/home`)
  await page.getByLabel('Room name').fill(who.room)
  await page.getByLabel('Your name').fill(who.name)
  await page.getByLabel('Role').selectOption({ label: who.role })
  // The room type is asked of a host only (the one who may create the room).
  if (who.roomType) await page.getByLabel('Room type').selectOption({ label: who.roomType })
  await page.getByLabel('Password').fill(who.password ?? PASSWORD)
  await page.getByRole('button', { name: 'Join' }).click()
  await expect(page).toHaveURL(/\/meeting(\?|$)/)
  // The count comes with the channel's first answers: slow on a busy machine.
  await expect(page.getByText(/\d+ online/)).toBeVisible({ timeout: 30_000 })
  return page
}

/** A room name no other test uses. */
export function roomName(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`
}

/** The member list (the drawer opens with the screen on a wide window). */
export function members(page: Page): Locator {
  return page.getByRole('list', { name: 'Members' })
}

/** Picks one of a host's actions on a member. */
export async function memberAction(page: Page, name: string, action: string): Promise<void> {
  await page.getByRole('button', { name: `Actions for ${name}` }).click()
  await page.getByRole('menuitem', { name: action, exact: true }).click()
}

/** The box the core shows (a Fluent dialog). */
export function box(page: Page): Locator {
  return page.getByRole('alertdialog')
}

/** The meeting menu's buttons. */
export function menu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Meeting menu' })
}

/** A phone in a messaging app's browser opens the share link and watches (role 3). */
export async function watch(browser: Browser, roomId: string, name: string): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  })
  const page = await context.newPage()
  await page.goto(`/m/guide?roomid=${roomId}&share=1`)
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Watch' }).click()
  await expect(page).toHaveURL(/\/m\/meeting\?roomId=.+&share=1$/)
  return page
}

/** The room id, from the host's invite link. */
export async function roomIdOf(host: Page): Promise<string> {
  await host.getByRole('button', { name: 'Invite people' }).click()
  const id = new URL(await host.getByLabel('Meeting link').inputValue()).searchParams.get('roomId')
  expect(id).toBeTruthy()
  await host.getByRole('button', { name: 'Close' }).last().click()
  return id!
}
