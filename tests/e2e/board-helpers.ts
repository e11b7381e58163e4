import { expect, type Browser, type Page } from '@playwright/test'

export async function join(
  browser: Browser,
  form: { room: string; name: string; role: 'Host' | 'Conferee'; password?: string },
): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/home')
  await page.getByLabel('Room name').fill(form.room)
  await page.getByLabel('Your name').fill(form.name)
  await page.getByLabel('Role').selectOption({ label: form.role })
  await page.getByLabel('Password').fill(form.password ?? 'board-pw')
  await page.getByRole('button', { name: 'Join' }).click()
  await expect(page).toHaveURL(/\/meeting$/)
  return page
}

export function surface(page: Page) {
  return page.getByTestId('board-surface')
}

function region(page: Page) {
  return page.getByRole('region', { name: 'Whiteboard' })
}

/** Waits until this page is on the board with its drawing surface. */
export async function onBoard(page: Page): Promise<void> {
  await expect(page.getByTestId('board-view')).toHaveAttribute('data-joined', 'true', {
    timeout: 20_000,
  })
  await expect(page.locator('.excalidraw__canvas.interactive')).toBeVisible({ timeout: 20_000 })
}

/** The host shares the board ([BOARD-1]) and is on it. */
export async function shareBoard(host: Page): Promise<void> {
  await region(host).getByRole('button', { name: 'Share whiteboard' }).click()
  await onBoard(host)
}

export async function stopSharing(host: Page): Promise<void> {
  await region(host).getByRole('button', { name: 'Stop sharing' }).click()
}

/** The host lets a conferee draw, or stops it ([BOARD-3]). */
export async function setGrant(host: Page, name: string, grant: boolean): Promise<void> {
  await region(host).getByRole('button', { name: 'Who may draw' }).click()
  const item = host.getByRole('menuitemcheckbox', { name })
  await expect(item).toHaveAttribute('aria-checked', String(!grant))
  await item.click()
  await host.keyboard.press('Escape')
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
