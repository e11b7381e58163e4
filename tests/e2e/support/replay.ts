import { writeFile } from 'node:fs/promises'
import { expect, type Page, type TestInfo } from '@playwright/test'

/**
 * Helpers for the session replay screen (/replay): open a log through the file picker, move,
 * read where the cursor is. Fixture logs (fixtures/*.ndjson) open the same way.
 */

/** Writes a log into the test's output folder and answers its path. */
export async function writeLogFile(info: TestInfo, name: string, text: string): Promise<string> {
  const path = info.outputPath(name)
  await writeFile(path, text)
  return path
}

/**
 * Opens a session log through the file picker ("Open a session log"), going to /replay first
 * unless the page is there already (`at` may carry a `#seq=` hash), and waits for the controls.
 */
export async function openLog(page: Page, path: string, at = '/replay'): Promise<void> {
  if (new URL(page.url(), 'http://x').pathname !== '/replay') await page.goto(at)
  await page.getByLabel('Open a session log').first().setInputFiles(path)
  await expect(page.getByRole('region', { name: 'Replay controls' })).toBeVisible()
}

/** The position readout: "event #seq · step k of n · m:ss.mmm" ("start · …" at step 0). */
export const readout = (page: Page) => page.getByRole('status', { name: 'Position' })

/** Jumps to the state after the event with this seq. */
export async function jumpTo(page: Page, seq: number): Promise<void> {
  await page.getByLabel('Jump to event').fill(String(seq))
  await page.getByRole('button', { name: 'Jump', exact: true }).click()
  await expect(readout(page)).toHaveText(new RegExp(`^event #${seq} `))
}

/** The meeting screen as the user saw it at the cursor. */
export const stage = (page: Page) => page.getByRole('region', { name: 'What the user saw' })
