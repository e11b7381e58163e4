import { expect, test, type Page } from './support/test'
import { join, onBoard, sceneHash, setGrant, shareBoard, surface } from './board-helpers'

/**
 * Scribbles `count` strokes in one area of the canvas. A fixed count, not a fixed time: how many
 * strokes fit in a second depends on the machine (and on the trace recorder), while what this
 * test proves is that strokes drawn at the same moment on two sides converge.
 */
async function scribble(page: Page, area: [number, number], count: number): Promise<number> {
  const box = await page.locator('.excalidraw__canvas.interactive').boundingBox()
  if (!box) throw new Error('no canvas')
  let strokes = 0
  while (strokes < count) {
    const x = box.x + box.width * (area[0] + Math.random() * 0.35)
    const y = box.y + box.height * (area[1] + Math.random() * 0.35)
    await page.mouse.move(x, y)
    await page.mouse.down()
    await page.mouse.move(x + 30 + Math.random() * 40, y + 20 + Math.random() * 40, { steps: 4 })
    await page.mouse.up()
    strokes++
  }
  return strokes
}

test('[WB-2] [BOARD-3] two writers drawing twelve strokes each at the same time end with identical boards', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const room = `board-sync-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  const guest = await join(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  await shareBoard(host)
  await onBoard(guest)
  await setGrant(host, 'Carl Conferee', true)
  await expect(surface(guest)).toHaveAttribute('data-writable', 'true')
  // Both free to draw where they like.
  await host.getByRole('button', { name: 'Stop leading' }).click()

  const [a, b] = await Promise.all([
    scribble(host, [0.05, 0.1], 12),
    scribble(guest, [0.55, 0.5], 12),
  ])
  await expect(surface(host)).toHaveAttribute('data-elements', String(a + b))
  await expect(surface(guest)).toHaveAttribute('data-elements', String(a + b))
  await expect.poll(async () => (await sceneHash(guest)) === (await sceneHash(host))).toBe(true)
})
