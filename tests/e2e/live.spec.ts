import { expect, test, type Browser, type Page } from './support/test'
import { joinRoom, menu, PASSWORD, roomName } from './support/room'

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

test('[LIVE-1] [LIVE-3] [CMD-27] the host goes live; a CDN audience plays the stream with hls.js, then sees the live end', async ({
  browser,
}) => {
  test.setTimeout(150_000)
  const host = await joinRoom(browser, { room: roomName('live'), name: 'Hana Host', role: 'Host' })
  const ada = await watch(browser, await roomIdOf(host), 'Ada Audience')
  await expect(ada.getByText('The live has not started yet')).toBeVisible()

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

  await more(host, 'End the live')
  // [LIVE-3] the audience's first END waits 8000 ms, then 'Live has ended'.
  await expect(ada.getByText('Live has ended')).toBeVisible({ timeout: 20_000 })
  await expect(ada.getByTestId('live-video')).toHaveCount(0)
})
