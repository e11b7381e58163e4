import { expect, type Browser, type Page } from '@playwright/test'
import { joinRoom, memberAction, menu } from './support/room'

export async function join(
  browser: Browser,
  who: { room: string; name: string; role: 'Host' | 'Conferee' },
): Promise<Page> {
  return joinRoom(browser, who)
}

async function more(page: Page, item: string): Promise<void> {
  await menu(page).getByRole('button', { name: 'More' }).click()
  await page.getByRole('menuitem', { name: item, exact: true }).click()
}

export function surface(page: Page) {
  return page.getByTestId('board-surface')
}

/** Waits until this page is on the board with its drawing surface. */
export async function onBoard(page: Page): Promise<void> {
  await expect(page.getByTestId('board-view')).toHaveAttribute('data-joined', 'true')
  await expect(page.locator('.excalidraw__canvas.interactive')).toBeVisible()
}

/** The host shares the board from the meeting menu ([BOARD-1]) and is on it. */
export async function shareBoard(host: Page): Promise<void> {
  await more(host, 'Whiteboard')
  await onBoard(host)
}

export async function stopSharing(host: Page): Promise<void> {
  await more(host, 'Stop the whiteboard')
}

/** The host lets a conferee draw, or takes it back, from the member list ([BOARD-3]). */
export async function setGrant(host: Page, name: string, grant: boolean): Promise<void> {
  await memberAction(host, name, grant ? 'Allow the whiteboard' : 'Take the whiteboard back')
}

/** Draws a pencil stroke across the canvas, from and to fractions of its size. */
export async function draw(
  page: Page,
  from: [number, number],
  to: [number, number],
  steps = 8,
): Promise<void> {
  const box = await page.locator('.excalidraw__canvas.interactive').boundingBox()
  if (!box) throw new Error('no canvas')
  const at = ([x, y]: [number, number]) => [box.x + box.width * x, box.y + box.height * y] as const
  const [x0, y0] = at(from)
  const [x1, y1] = at(to)
  await page.mouse.move(x0, y0)
  await page.mouse.down()
  await page.mouse.move(x1, y1, { steps })
  await page.mouse.up()
}

export async function elementCount(page: Page): Promise<number> {
  return Number((await surface(page).getAttribute('data-elements')) ?? 0)
}

/** A hash of every shown element's id and version: equal on two pages means identical boards. */
export async function sceneHash(page: Page): Promise<string | null> {
  return surface(page).getAttribute('data-scene-hash')
}
