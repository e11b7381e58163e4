import { expect, test } from './support/test'
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
