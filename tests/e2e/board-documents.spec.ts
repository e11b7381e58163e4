import { expect, test, type Page } from './support/test'
import { makePdf } from '../support/make-pdf'
import { join, onBoard, shareBoard, surface } from './board-helpers'

test('[ERR-3] [WB-3] a 3-page PDF uploads with progress, converts into 3 static pages, says so and opens on the board for followers too', async ({
  browser,
}) => {
  const room = `board-pdf-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  const guest = await join(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  await shareBoard(host)
  await onBoard(guest)
  // Free view first: the host pages through the document on its own.
  await host.getByRole('button', { name: 'Stop leading' }).click()

  await host.getByRole('button', { name: 'Documents' }).click()
  const centre = host.getByRole('dialog', { name: 'Document centre' })
  await expect(centre.getByText('No documents yet')).toBeVisible()
  // Record every progress value the page shows while the document uploads and converts.
  await host.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { progressSeen: string[] }).progressSeen = seen
    new MutationObserver(() => {
      for (const bar of document.querySelectorAll('[role="progressbar"]'))
        seen.push(`${bar.getAttribute('aria-label')}|${bar.getAttribute('aria-valuenow')}`)
    }).observe(document.body, { subtree: true, childList: true, attributes: true })
  })
  await centre.getByLabel('Upload PDF, image or PowerPoint').setInputFiles({
    name: 'lesson.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf(['Page one', 'Page two', 'Page three']),
  })
  await expect(centre.getByText('Upload and conversion succeeded')).toBeVisible()
  await expect(centre.getByText('3 pages')).toBeVisible()
  const seen = await host.evaluate(
    () => (window as unknown as { progressSeen: string[] }).progressSeen,
  )
  expect(seen.some((s) => s.startsWith('Uploading lesson.pdf'))).toBe(true)
  expect(seen.some((s) => s.startsWith('Converting lesson.pdf'))).toBe(true)

  await centre.getByRole('button', { name: 'Show on the board' }).click()
  await expect(host.getByTestId('board-page')).toHaveText('Page 1 of 3')
  await expect(surface(host)).toHaveAttribute('data-background', 'true')
  await host.getByRole('button', { name: 'Next page' }).click()
  await host.getByRole('button', { name: 'Next page' }).click()
  await expect(host.getByTestId('board-page')).toHaveText('Page 3 of 3')
  await expect(host.getByRole('button', { name: 'Next page' })).toBeDisabled()

  // Followers get the document's pages too, with the page image under the strokes.
  await host.getByRole('button', { name: 'Lead the view' }).click()
  await expect(guest.getByTestId('board-page')).toHaveText('Page 3 of 3')
  await expect(surface(guest)).toHaveAttribute('data-background', 'true')
  if (process.env.BOARD_SHOTS)
    await guest.screenshot({ path: `${process.env.BOARD_SHOTS}/pdf.png` })
})

/** The image elements a page's surface shows, and whether it has each one's picture. */
function images(page: Page) {
  return surface(page).evaluate((node) => {
    const { api } = (
      node as unknown as {
        roomcastBoard: {
          api: {
            getSceneElements(): { type: string; fileId?: string }[]
            getFiles(): Record<string, { dataURL: string }>
          }
        }
      }
    ).roomcastBoard
    const files = api.getFiles()
    return api
      .getSceneElements()
      .filter((e) => e.type === 'image')
      .map((e) => ({
        fileId: e.fileId ?? '',
        shown: (files[e.fileId ?? '']?.dataURL ?? '') !== '',
      }))
  })
}

test('an image dropped on the board is stored with the board and shown on every side', async ({
  browser,
}) => {
  const room = `board-image-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  const guest = await join(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  await shareBoard(host)
  await onBoard(guest)
  // The host drops a picture on the board (a PNG file, as from the desktop).
  const canvas = host.locator('.excalidraw__canvas.interactive')
  const box = (await canvas.boundingBox())!
  await canvas.evaluate(
    async (target, at) => {
      const picture = document.createElement('canvas')
      picture.width = 120
      picture.height = 80
      const ctx = picture.getContext('2d')!
      ctx.fillStyle = '#2f9e44'
      ctx.fillRect(0, 0, 120, 80)
      const blob = await new Promise<Blob>((resolve) =>
        picture.toBlob((b) => resolve(b!), 'image/png'),
      )
      const data = new DataTransfer()
      data.items.add(new File([blob], 'picture.png', { type: 'image/png' }))
      const init = { dataTransfer: data, bubbles: true, cancelable: true, ...at }
      target.dispatchEvent(new DragEvent('dragover', init))
      target.dispatchEvent(new DragEvent('drop', init))
    },
    { clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 },
  )
  // Its file id is the address of the board's stored page; the other side fetches and shows it.
  await expect
    .poll(async () => (await images(host)).map((i) => i.fileId))
    .toEqual([expect.stringMatching(/^\/api\/board\/[^/]+\/files\/[^/]+\/pages\/1$/)])
  const fileId = (await images(host))[0]?.fileId
  await expect.poll(() => images(guest)).toEqual([{ fileId, shown: true }])
  expect(await images(host)).toEqual([{ fileId, shown: true }])
})
