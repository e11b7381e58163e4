import { spawn } from 'node:child_process'
import { createReadStream, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from './support/test'
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

/**
 * A third party's live HLS stream: ffmpeg writes one-second segments of a test pattern into a
 * folder served over HTTP on loopback. Answers its URL and how to stop it.
 */
async function thirdPartyHls(): Promise<{ url: string; stop: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'roomcast-e2e-source-'))
  const writer = spawn(
    'ffmpeg',
    [
      ...ENCODER.slice(0, -2),
      ...['-f', 'hls', '-hls_time', '1', '-hls_list_size', '6', '-hls_flags', 'delete_segments'],
      join(dir, 'index.m3u8'),
    ],
    { stdio: 'ignore' },
  )
  const http = createServer((req, res) => {
    const file = join(dir, (req.url ?? '').replace(/[^\w.]/g, ''))
    if (!existsSync(file)) return void res.writeHead(404).end()
    res.writeHead(200)
    createReadStream(file).pipe(res)
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  const port = (http.address() as { port: number }).port
  await expect.poll(() => existsSync(join(dir, 'index.m3u8')), { timeout: 30_000 }).toBe(true)
  return {
    url: `http://127.0.0.1:${port}/index.m3u8`,
    stop: () => {
      writer.kill('SIGKILL')
      http.close()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The tile named `name` shows video that advances, on every page. */
async function advancesOn(pages: readonly Page[], name: string) {
  for (const page of pages) {
    await expect(page.getByRole('figure', { name })).toHaveAttribute('data-video', 'on', {
      timeout: 30_000,
    })
    await expect.poll(() => framesIn(page, name), { timeout: 30_000 }).toBeGreaterThan(5)
  }
}

test("[RTMP-1] an ffmpeg test pattern pushed to the ingest URL, and a third party's HLS stream the server pulls, show on two members' screens", async ({
  browser,
}) => {
  test.setTimeout(180_000)
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
    await advancesOn([host, carl], 'Stage camera')
  } finally {
    encoder.kill('SIGKILL')
  }

  // A pulled input: the host gives a third party's HLS URL; the server pulls it into the room.
  const source = await thirdPartyHls()
  try {
    await menu(host).getByRole('button', { name: 'Inputs' }).click()
    await dialog.getByLabel('Name').fill('Partner feed')
    await dialog.getByRole('radio', { name: 'Pull a stream URL' }).check()
    await dialog.getByLabel('Stream URL (HLS or RTMP)').fill(source.url)
    await dialog.getByRole('button', { name: 'Add input' }).click()
    await expect(dialog.getByText(source.url)).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    await advancesOn([host, carl], 'Partner feed')
  } finally {
    source.stop()
  }
})
