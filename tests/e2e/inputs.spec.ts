import { spawn } from 'node:child_process'
import { expect, test } from './support/test'
import { framesIn } from './support/frames'
import { joinRoom, menu, roomName } from './support/room'

/** An encoder as OBS would be: a 640x360 test pattern and a tone, x264 and AAC over RTMP. */
const ENCODER = [
  ...['-hide_banner', '-loglevel', 'error'],
  ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
  ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-g', '30'],
  ...['-c:a', 'aac', '-b:a', '96k', '-f', 'flv'],
]

test("[RTMP-1] an ffmpeg test pattern pushed to the ingest URL shows on two members' screens", async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const room = roomName('input')
  const host = await joinRoom(browser, { room, name: 'Hana Host', role: 'Host' })
  const carl = await joinRoom(browser, { room, name: 'Carl Conferee', role: 'Conferee' })

  // The host adds an RTMP input and reads its server URL and stream key, as for OBS.
  await menu(host).getByRole('button', { name: 'Inputs' }).click()
  const dialog = host.getByRole('dialog', { name: 'RTMP and pulled inputs' })
  await dialog.getByLabel('Name').fill('Stage camera')
  await dialog.getByRole('button', { name: 'Add input' }).click()
  const server = await dialog.getByLabel('Server').inputValue()
  const key = await dialog.getByLabel('Stream key').inputValue()
  expect(server).toMatch(/^rtmp:\/\/.+\/live$/)
  expect(key).toMatch(/^[\w-]{32}$/)

  const encoder = spawn('ffmpeg', [...ENCODER, `${server}/${key}`], { stdio: 'ignore' })
  try {
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    // The input is a member's tile on both screens, and its video advances there.
    for (const page of [host, carl]) {
      await expect(page.getByRole('figure', { name: 'Stage camera' })).toHaveAttribute(
        'data-video',
        'on',
        { timeout: 30_000 },
      )
      await expect
        .poll(() => framesIn(page, 'Stage camera'), { timeout: 30_000 })
        .toBeGreaterThan(5)
    }
  } finally {
    encoder.kill('SIGKILL')
  }
})
