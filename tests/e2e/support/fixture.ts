import { existsSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect, type Page } from '@playwright/test'
import { reduce, initialState } from '@streams/projections'
import { readLog } from '@streams/replay/read'
import {
  normaliseLog,
  normalisedNdjson,
  recordingShape,
  type NormaliseOptions,
} from '@streams/replay/normalise'
import { stateToJson } from '@streams/replay/state-json'
import { stateFromJson } from '@streams/projections/codec'
import { PASSWORD } from './room'
import { secretsIssued } from './secrets'

/** `npm run fixtures:record` sets this: the scenarios then write their logs into fixtures/. */
export const RECORDING = process.env.RECORD_FIXTURES === '1'
export const FIXTURES_DIR = join(process.cwd(), 'fixtures')

/** Exports a page's session log the way a user does (Ctrl+Shift+L) and answers its text. */
export async function exportLog(page: Page): Promise<string> {
  const download = page.waitForEvent('download')
  await page.keyboard.press('Control+Shift+L')
  return readFile(await (await download).path(), 'utf8')
}

/**
 * A scenario's session log as a fixture: exported from the page, checked for secrets (the room
 * password and every token issued to the page), normalised (times from the start, stable ids,
 * `replace` for generated names). When recording, it is written to `fixtures/<name>.ndjson`
 * unless the committed one differs only in timing, and the final projections the current
 * reducers make of it go to `fixtures/<name>.expected.json`.
 */
export async function recordFixture(
  page: Page,
  name: string,
  options: NormaliseOptions & { secrets?: readonly string[] } = {},
): Promise<void> {
  const text = await exportLog(page)
  for (const secret of [PASSWORD, ...secretsIssued(page), ...(options.secrets ?? [])])
    expect(text.includes(secret), `the log holds a secret (${secret.slice(0, 6)}…)`).toBe(false)
  const log = normaliseLog(readLog(text), options)
  if (!RECORDING) return
  await mkdir(FIXTURES_DIR, { recursive: true })
  const file = join(FIXTURES_DIR, `${name}.ndjson`)
  const committed = existsSync(file) ? readLog(await readFile(file, 'utf8')) : null
  const kept = committed && recordingShape(committed) === recordingShape(log) ? committed : log
  if (kept === log) await writeFile(file, normalisedNdjson(log))
  const start = kept.header.snapshot ? stateFromJson(kept.header.snapshot.state) : initialState
  const final = kept.envelopes.reduce((s, e) => reduce(s, e.event), start)
  await writeFile(join(FIXTURES_DIR, `${name}.expected.json`), stateToJson(final) + '\n')
}
