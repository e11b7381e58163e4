import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { KICKER, kickSessionLog, longSessionLog, seqOf } from '../web/replay/kick-log'
import { jumpTo, openLog, readout, stage, writeLogFile } from './support/replay'
import { expect, test } from './support/test'

const run = promisify(execFile)

test('[ROUTE-15] [KICK-4] a session log opened from the file picker replays the kick box naming the kicker; the #seq= link opens that step', async ({
  page,
  browser,
}, info) => {
  const path = await writeLogFile(info, 'kick.ndjson', kickSessionLog())
  // What the page asks the server for once the log is open: nothing but the app's own files.
  const asked: string[] = []
  await openLog(page, path)
  page.on('request', (request) => asked.push(new URL(request.url()).pathname))
  await expect(readout(page)).toHaveText('start · step 0 of 19 · 0:00.000')

  const kicked = seqOf('life/kicked')
  await jumpTo(page, kicked - 1)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await page.getByRole('button', { name: 'Step forward' }).click()
  const box = page.getByRole('alertdialog', { name: 'Removed' })
  await expect(box).toBeVisible()
  await expect(box).toContainText(`${KICKER} removed you from the meeting.`)
  await expect(stage(page).getByRole('heading', { name: 'Room one' })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/replay#seq=${kicked}$`))
  const link = page.url()

  // the box is no modal in a replay: the controls around it still take clicks
  await page.getByRole('button', { name: 'Step back' }).click()
  await expect(box).toHaveCount(0)
  await expect(readout(page)).toHaveText(new RegExp(`^event #${kicked - 1} `))
  await expect(page).toHaveURL(new RegExp(`/replay#seq=${kicked - 1}$`))
  // and the arrow keys step
  await page.keyboard.press('ArrowRight')
  await expect(box).toBeVisible()
  expect(asked.filter((p) => !p.startsWith('/assets/'))).toEqual([])

  // the link opens that step in another page (the log is opened there again: it never leaves
  // the browser)
  const other = await (await browser.newContext()).newPage()
  await other.goto(link)
  await openLog(other, path)
  await expect(readout(other)).toHaveText(
    new RegExp(`^event #${kicked} · step ${kicked + 1} of 19`),
  )
  await expect(other.getByRole('alertdialog', { name: 'Removed' })).toContainText(KICKER)
})

test('[ROUTE-15] a log that is not one says why, and the screen stays usable', async ({
  page,
}, info) => {
  const bad = await writeLogFile(info, 'bad.ndjson', 'hello\n')
  await page.goto('/replay')
  await page.getByLabel('Open a session log').setInputFiles(bad)
  await expect(page.getByRole('alert')).toHaveText(
    'This is not a session log that can be read: not a session log (no header line)',
  )
  await openLog(page, await writeLogFile(info, 'kick.ndjson', kickSessionLog()))
  await expect(page.getByRole('alert')).toHaveCount(0)
  // ?log=<url> is fetched by the browser; an unknown API path answers 404
  await page.goto('/replay?log=/api/no-such-log.ndjson')
  await expect(page.getByRole('alert')).toHaveText(
    'The log could not be loaded: HTTP 404 Not Found',
  )
  await expect(page.getByLabel('Open a session log')).toBeAttached()
})

test('[ROUTE-15] [KICK-4] the recorded kick fixture: the box naming the kicker at its event, gone a step back, the same step from a #seq= link, and Copy state equal to npm run replay --at N --json', async ({
  browser,
}) => {
  const fixture = join(process.cwd(), 'fixtures', 'kick.conferee.ndjson')
  const envelopes = readFileSync(fixture, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => JSON.parse(line) as { seq: number; event: { type: string } })
  const kicked = envelopes.find((e) => e.event.type === 'life/kicked')!.seq
  const context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = await context.newPage()
  await openLog(page, fixture)

  await jumpTo(page, kicked)
  const box = page.getByRole('alertdialog', { name: 'Removed' })
  await expect(box).toContainText('Hana Host removed you from the meeting.')
  await expect(page).toHaveURL(new RegExp(`/replay#seq=${kicked}$`))
  const link = page.url()
  await page.getByRole('button', { name: 'Step back' }).click()
  await expect(readout(page)).toHaveText(new RegExp(`^event #${kicked - 1} `))
  await expect(box).toHaveCount(0)
  await page.getByRole('button', { name: 'Step forward' }).click()
  await expect(box).toBeVisible()

  await page.getByRole('button', { name: 'Copy state' }).click()
  await expect(page.getByText(`The state after event #${kicked} is on the clipboard`)).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/cli/replay.ts', fixture, '--at', String(kicked), '--json'],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  expect(copied).toBe(stdout.trimEnd())
  expect(JSON.parse(copied).ui.dialogs[0]).toMatchObject({
    kind: 'kicked',
    params: { by: 'Hana Host' },
  })

  const other = await context.newPage()
  await other.goto(link)
  await openLog(other, fixture, link)
  await expect(readout(other)).toHaveText(new RegExp(`^event #${kicked} `))
  await expect(other.getByRole('alertdialog', { name: 'Removed' })).toContainText('Hana Host')
})

test('[ROUTE-15] a longer log opened in chunks: a far step, folded from the nearest checkpoint, copies the state npm run replay --at N --json prints', async ({
  browser,
}, info) => {
  // 6,011 events: three chunks of 2,000 from the worker, a checkpoint every 500 on the page
  const path = await writeLogFile(info, 'long.ndjson', longSessionLog(6000))
  const context = await browser.newContext()
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const page = await context.newPage()
  await openLog(page, path)
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0)
  await expect(readout(page)).toHaveText('start · step 0 of 6011 · 0:00.000')
  const seq = 4321
  await jumpTo(page, seq)
  await page.getByRole('button', { name: 'Copy state' }).click()
  await expect(page.getByText(`The state after event #${seq} is on the clipboard`)).toBeVisible()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'src/cli/replay.ts', path, '--at', String(seq), '--json'],
    { maxBuffer: 64 * 1024 * 1024 },
  )
  expect(copied).toBe(stdout.trimEnd())
  const chat = JSON.parse(copied).chat.messages as { data: { message: string } }[]
  expect([chat.length, chat.at(-1)?.data.message]).toEqual([3234, 'line 4310'])
})
