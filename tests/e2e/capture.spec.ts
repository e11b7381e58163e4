import { readFile } from 'node:fs/promises'
import { expect, test } from './support/test'
import { joinRoom, roomName } from './support/room'

test('an unhandled error in the meeting is recorded and the session log is offered at once', async ({
  browser,
}) => {
  const page = await joinRoom(browser, { room: roomName('crash'), name: 'Hana Host', role: 'Host' })
  // Something nothing handles: an exception thrown from a timer, then a rejected promise.
  await page.evaluate(() => {
    setTimeout(() => {
      throw new TypeError('tile.width is undefined')
    })
  })
  const notice = page.getByRole('alert').filter({ hasText: 'Something went wrong' })
  await expect(notice).toContainText('TypeError: tile.width is undefined')
  await page.evaluate(() => void Promise.reject(new Error('the layout call was refused')))
  await expect(notice).toContainText('Error: the layout call was refused')

  const download = page.waitForEvent('download')
  await notice.getByRole('button', { name: 'Export session log' }).click()
  const log = await readFile(await (await download).path(), 'utf8')
  const errors = log
    .split('\n')
    .filter((line) => line.includes('"life/errorUnhandled"'))
    .map((line) => (JSON.parse(line) as { event: { source: string; message: string } }).event)
  expect(errors).toEqual([
    expect.objectContaining({ source: 'error', message: 'TypeError: tile.width is undefined' }),
    expect.objectContaining({ source: 'rejection', message: 'Error: the layout call was refused' }),
  ])
  await notice.getByRole('button', { name: 'Dismiss' }).click()
  await expect(notice).toHaveCount(0)
  // The meeting goes on.
  await expect(page.getByRole('navigation', { name: 'Meeting menu' })).toBeVisible()
})
