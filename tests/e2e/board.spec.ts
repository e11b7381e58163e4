import { expect, test } from './support/test'
import { exportLog } from './support/fixture'
import { jumpTo, openLog, stage, writeLogFile } from './support/replay'
import {
  draw,
  join,
  onBoard,
  sceneHash,
  setGrant,
  shareBoard,
  stopSharing,
  surface,
} from './board-helpers'

test('[BOARD-1] [BOARD-3] [WB-2] the host shares the board and grants a conferee, who draws for the host to see; revoking stops its drawing', async ({
  browser,
}) => {
  const room = `board-grant-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  const guest = await join(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  await shareBoard(host)
  await onBoard(guest)
  await expect(surface(host)).toHaveAttribute('data-writable', 'true')
  await expect(surface(guest)).toHaveAttribute('data-writable', 'false')
  await expect(guest.getByText('View only: the host has not let you draw')).toBeVisible()

  await setGrant(host, 'Carl Conferee', true)
  await expect(surface(guest)).toHaveAttribute('data-writable', 'true')
  await expect(guest.getByRole('toolbar', { name: 'Whiteboard tools' })).toBeVisible()
  await draw(guest, [0.3, 0.3], [0.6, 0.5])
  await expect(surface(guest)).toHaveAttribute('data-elements', '1')
  await expect(surface(host)).toHaveAttribute('data-elements', '1')

  await setGrant(host, 'Carl Conferee', false)
  await expect(surface(guest)).toHaveAttribute('data-writable', 'false')
  await expect(guest.getByRole('toolbar', { name: 'Whiteboard tools' })).toHaveCount(0)
  await draw(guest, [0.2, 0.6], [0.4, 0.8])
  await draw(host, [0.6, 0.6], [0.8, 0.8])
  await expect(surface(guest)).toHaveAttribute('data-elements', '2')
  await expect(surface(host)).toHaveAttribute('data-elements', '2')
  await expect.poll(async () => (await sceneHash(guest)) === (await sceneHash(host))).toBe(true)
})

test('[WB-1] [WB-2] a late joiner sees the strokes drawn before it came, view only without the grant', async ({
  browser,
}) => {
  const room = `board-late-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  await shareBoard(host)
  await draw(host, [0.2, 0.3], [0.5, 0.6])
  await draw(host, [0.6, 0.3], [0.8, 0.5])
  await expect(surface(host)).toHaveAttribute('data-elements', '2')

  const late = await join(browser, { room, name: 'Lea Late', role: 'Conferee' })
  await onBoard(late)
  await expect(surface(late)).toHaveAttribute('data-elements', '2')
  await expect.poll(async () => (await sceneHash(late)) === (await sceneHash(host))).toBe(true)
  await expect(surface(late)).toHaveAttribute('data-writable', 'false')
  await draw(late, [0.1, 0.1], [0.3, 0.2])
  await expect(surface(late)).toHaveAttribute('data-elements', '2')
})

test('[WB-3] [WB-5] followers see the broadcaster page and are told the board is locked, then unlocked', async ({
  browser,
}) => {
  const room = `board-follow-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  const guest = await join(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  await shareBoard(host)
  await onBoard(guest)
  // The host broadcasts; everyone else follows.
  await expect(host.getByText('Others follow your view')).toBeVisible()
  await expect(guest.getByText('Board locked: the host is moving it')).toBeVisible()
  await expect(guest.getByTestId('board-page')).toHaveText('Page 1 of 1')

  await host.getByRole('button', { name: 'Add page' }).click()
  await expect(host.getByTestId('board-page')).toHaveText('Page 2 of 2')
  await expect(guest.getByTestId('board-page')).toHaveText('Page 2 of 2')
  await host.getByRole('button', { name: 'Previous page' }).click()
  await expect(guest.getByTestId('board-page')).toHaveText('Page 1 of 2')
  await expect(guest.getByRole('button', { name: 'Next page' })).toBeDisabled()
  await draw(host, [0.3, 0.3], [0.6, 0.6])
  await expect(surface(guest)).toHaveAttribute('data-elements', '1')

  await host.getByRole('button', { name: 'Stop leading' }).click()
  await expect(guest.getByText('Board unlocked')).toBeVisible()
  await expect(guest.getByText('Board locked: the host is moving it')).toHaveCount(0)
  await guest.getByRole('button', { name: 'Next page' }).click()
  await expect(guest.getByTestId('board-page')).toHaveText('Page 2 of 2')
  await expect(host.getByTestId('board-page')).toHaveText('Page 1 of 2')
})

test('[BOARD-2] [WB-1] turning the share off leaves the board on every side', async ({
  browser,
}) => {
  const room = `board-off-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  const guest = await join(browser, { room, name: 'Carl Conferee', role: 'Conferee' })
  await shareBoard(host)
  await onBoard(guest)
  await stopSharing(host)
  for (const page of [host, guest]) {
    await expect(page.getByTestId('board-view')).toHaveCount(0)
  }
})

test('[ROUTE-15] [WB-1] a replayed session log redraws the board: each stroke at its step, none before the first', async ({
  browser,
}, info) => {
  const room = `board-replay-${Date.now()}`
  const host = await join(browser, { room, name: 'Hana Host', role: 'Host' })
  await shareBoard(host)
  // a stroke's last writes may follow its mouse-up: the scene counts once it stays the same
  const settled = async () => {
    let seen: string | null = null
    await expect
      .poll(
        async () => {
          const now = await sceneHash(host)
          const same = now !== null && now === seen
          seen = now
          return same
        },
        { intervals: [300] },
      )
      .toBe(true)
    return seen as unknown as string
  }
  await draw(host, [0.2, 0.3], [0.5, 0.6])
  await expect(surface(host)).toHaveAttribute('data-elements', '1')
  const oneStroke = await settled()
  // the log as it stood after the first stroke: its last board update is where that stroke ends
  const boardSeqs = (text: string) =>
    text
      .split('\n')
      .filter((line) => line.includes('"board/updated"'))
      .map((line) => (JSON.parse(line) as { seq: number }).seq)
  const afterFirst = boardSeqs(await exportLog(host)).at(-1)!
  await draw(host, [0.6, 0.3], [0.8, 0.5])
  await expect(surface(host)).toHaveAttribute('data-elements', '2')
  const twoStrokes = await settled()
  const text = await exportLog(host)
  const updates = boardSeqs(text)
  expect(updates.length).toBeGreaterThan(1)
  const last = (JSON.parse(text.trim().split('\n').at(-1)!) as { seq: number }).seq

  const page = await host.context().newPage()
  await openLog(page, await writeLogFile(info, 'board.ndjson', text))
  const replayed = stage(page).getByTestId('replay-board').getByTestId('board-surface')
  await jumpTo(page, last)
  await expect(replayed).toHaveAttribute('data-elements', '2')
  await expect(replayed).toHaveAttribute('data-scene-hash', twoStrokes)
  await jumpTo(page, afterFirst)
  await expect(replayed).toHaveAttribute('data-elements', '1')
  await expect(replayed).toHaveAttribute('data-scene-hash', oneStroke)
  // before the board's first update nothing was drawn: the replay says the drawing is not in the log
  await jumpTo(page, updates[0]! - 1)
  await expect(stage(page).getByTestId('replay-board')).toHaveCount(0)
})
