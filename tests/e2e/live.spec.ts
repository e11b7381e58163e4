import { expect, test, type Browser, type Page } from './support/test'
import { joinRoom, menu, PASSWORD, roomName } from './support/room'
import { freePort, rtmpReceiver } from './support/rtmp-receiver'

/** A phone opens the share link and watches on the CDN (role 3). */
async function watch(browser: Browser, roomId: string, name: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
  const page = await context.newPage()
  await page.goto(`/m/guide?roomid=${roomId}&share=1`)
  await page.getByLabel('Your name').fill(name)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Watch' }).click()
  await expect(page).toHaveURL(/\/m\/meeting\?roomId=.+&share=1$/)
  return page
}

async function roomIdOf(host: Page): Promise<string> {
  await host.getByRole('button', { name: 'Invite people' }).click()
  const id = new URL(await host.getByLabel('Meeting link').inputValue()).searchParams.get('roomId')
  await host.getByRole('button', { name: 'Close' }).last().click()
  return id!
}

async function more(host: Page, item: string): Promise<void> {
  await menu(host).getByRole('button', { name: 'More' }).click()
  await host.getByRole('menuitem', { name: item }).click()
}

/** What the audience's player has played: position, decoded frames and audio bytes. */
const played = (page: Page) =>
  page.getByTestId('live-video').evaluate((v: HTMLVideoElement) => ({
    time: v.currentTime,
    frames: v.getVideoPlaybackQuality().totalVideoFrames,
    audio: (v as HTMLVideoElement & { webkitAudioDecodedByteCount: number })
      .webkitAudioDecodedByteCount,
  }))

test('[LIVE-1] [LIVE-3] [CMD-27] the host goes live; a CDN audience plays the stream with hls.js, picks the language the host interprets into, then sees the live end', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const host = await joinRoom(browser, { room: roomName('live'), name: 'Hana Host', role: 'Host' })
  const ada = await watch(browser, await roomIdOf(host), 'Ada Audience')
  await expect(ada.getByText('The live has not started yet')).toBeVisible()
  // What the player asks our origin for: blocking playlist reloads and parts (low-latency HLS).
  const asked: string[] = []
  ada.on('request', (request) => {
    if (request.url().includes('/live/')) asked.push(request.url())
  })

  await more(host, 'Go live')
  // The audience is told (cmd 27), fetches the live URL and plays our own HLS stream.
  await expect(ada.getByText('Live', { exact: true })).toBeVisible({ timeout: 60_000 })
  const tapForSound = ada.getByRole('button', { name: 'Tap for sound' })
  if (await tapForSound.isVisible()) await tapForSound.click()
  const first = await played(ada)
  await expect
    .poll(
      async () => {
        const now = await played(ada)
        return (
          now.time > first.time + 1 && now.frames > first.frames + 15 && now.audio > first.audio
        )
      },
      { timeout: 30_000 },
    )
    .toBe(true)
  // hls.js followed the live edge part by part with blocking reloads (_HLS_msn/_HLS_part).
  expect(
    asked.filter((url) => /index\.m3u8\?_HLS_msn=\d+&_HLS_part=\d+/.test(url)).length,
  ).toBeGreaterThan(3)
  expect(asked.filter((url) => /\/p\d+\.m4s$/.test(url)).length).toBeGreaterThan(3)

  // Multi-language streams: the host interprets into English; the audience picks English and
  // plays that language's own stream (the picture with the interpreter's sound).
  await more(host, 'Streaming URLs')
  const dialog = host.getByRole('dialog', { name: 'Streaming URLs (CDN)' })
  await dialog.getByLabel('Language name').fill('English')
  await dialog.getByLabel('Language code').fill('en')
  await dialog.getByLabel('Interpreter').selectOption({ label: 'Hana Host' })
  await dialog.getByRole('button', { name: 'Add streaming URL' }).click()
  await expect(dialog.getByRole('listitem', { name: 'English' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  const english = ada.getByRole('radio', { name: 'English' })
  await expect(english).toBeVisible({ timeout: 30_000 })
  await english.click()
  await expect(english).toHaveAttribute('aria-checked', 'true')
  await expect
    .poll(
      async () => {
        const before = await played(ada)
        await ada.waitForTimeout(1500)
        const after = await played(ada)
        return after.time > before.time + 1 && after.frames > before.frames + 15
      },
      { timeout: 60_000 },
    )
    .toBe(true)

  await more(host, 'End the live')
  // [LIVE-3] the audience's first END waits 8000 ms, then 'Live has ended'.
  await expect(ada.getByText('Live has ended')).toBeVisible()
  await expect(ada.getByTestId('live-video')).toHaveCount(0)
})

test('[LIVE-1] the host adds streaming URLs in the meeting: a non-rtmp URL is refused, a local RTMP receiver gets the live, an unreachable CDN shows as failed with its reason', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  // A CDN's ingest (ffmpeg listening for RTMP) and a port where nothing listens.
  const cdn = await rtmpReceiver(8)
  const dead = await freePort()
  try {
    const host = await joinRoom(browser, { room: roomName('cdn'), name: 'Hana Host', role: 'Host' })
    await more(host, 'Streaming URLs')
    const dialog = host.getByRole('dialog', { name: 'Streaming URLs (CDN)' })
    await expect(dialog.getByText('No streaming URLs yet')).toBeVisible()
    const add = async (name: string, code: string, push: string) => {
      await dialog.getByLabel('Language name').fill(name)
      await dialog.getByLabel('Language code').fill(code)
      await dialog.getByLabel('Push URL (rtmp:// or rtmps://)').fill(push)
      await dialog.getByRole('button', { name: 'Add streaming URL' }).click()
    }

    // A push URL that is not RTMP is refused with the reason, and nothing is added.
    await add('English', 'en', 'http://cdn.example.com/live/en')
    await expect(dialog.getByRole('alert')).toHaveText(
      /^The push URL must be an rtmp:\/\/ or rtmps:\/\/ address/,
    )
    await expect(dialog.getByText('No streaming URLs yet')).toBeVisible()

    await dialog.getByLabel('Push URL (rtmp:// or rtmps://)').fill(cdn.url)
    await dialog.getByRole('button', { name: 'Add streaming URL' }).click()
    const english = dialog.getByRole('listitem', { name: 'English' })
    await expect(english.getByRole('status')).toHaveText('Not pushing: the live is off')
    // The stream key is a secret: the list shows the server and hides the key.
    await expect(english).toContainText(cdn.url.replace(/[^/]+$/, '••••'))
    await expect(english).not.toContainText('cdn-secret-key')
    await add('Deutsch', 'de', `rtmp://127.0.0.1:${dead}/live/de`)
    const deutsch = dialog.getByRole('listitem', { name: 'Deutsch' })
    await expect(deutsch).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()

    await more(host, 'Go live')
    await more(host, 'Streaming URLs')
    await expect(english.getByRole('status')).toHaveText('Pushing', { timeout: 60_000 })
    await expect(deutsch.getByRole('status')).toHaveText(
      /^Failed: .*Connection refused.* \(trying again\)$/,
      { timeout: 60_000 },
    )
    // The receiver got the live stream: H.264 frames and AAC sound.
    const got = await cdn.received()
    expect(got.code).toBe(0)
    expect(got.codecs).toEqual(['aac', 'h264'])
    expect(got.frames).toBeGreaterThan(30)

    // Removed, the unreachable one is gone from the list (and its push stops).
    await deutsch.getByRole('button', { name: 'Remove' }).click()
    await expect(deutsch).toHaveCount(0)
    await expect(english).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await more(host, 'End the live')
  } finally {
    cdn.stop()
  }
})
