import { expect, test, type Browser, type Page } from './support/test'
import { framesIn } from './support/frames'
import { memberAction, menu } from './support/room'

/** The paths of the WebSockets each page opened (the SFU signalling is /sfu). */
const sockets = new WeakMap<Page, string[]>()

async function join(
  browser: Browser,
  form: { room: string; name: string; role: 'Host' | 'Conferee'; password: string },
): Promise<Page> {
  const context = await browser.newContext()
  // The page's RTCPeerConnections, kept where a test can read their statistics.
  await context.addInitScript(() => {
    const Native = window.RTCPeerConnection
    const all: RTCPeerConnection[] = []
    Object.assign(window, { __pcs: all })
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config)
        all.push(this)
      }
    }
  })
  const page = await context.newPage()
  const opened: string[] = []
  sockets.set(page, opened)
  page.on('websocket', (ws) => opened.push(new URL(ws.url()).pathname))
  await page.goto('/home')
  await page.getByLabel('Room name').fill(form.room)
  await page.getByLabel('Your name').fill(form.name)
  await page.getByLabel('Role').selectOption({ label: form.role })
  await page.getByLabel('Password').fill(form.password)
  await page.getByRole('button', { name: 'Join' }).click()
  await expect(page).toHaveURL(/\/meeting$/)
  return page
}

const tile = (page: Page, name: string) => page.getByRole('figure', { name, exact: true })

type RtpStats = { kind: string; rid?: string; frameHeight?: number; frames?: number }

/** The video RTP streams of every connection of the page: sent (outbound) or received. */
function videoRtp(page: Page, type: 'outbound-rtp' | 'inbound-rtp'): Promise<RtpStats[]> {
  return page.evaluate(async (type) => {
    const pcs = (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs
    const found: RtpStats[] = []
    for (const pc of pcs) {
      if (pc.connectionState === 'closed') continue
      for (const r of (await pc.getStats()).values())
        if (r.type === type && r.kind === 'video')
          found.push({
            kind: r.kind,
            rid: r.rid,
            frameHeight: r.frameHeight,
            frames: r.framesEncoded ?? r.framesDecoded,
          })
    }
    return found
  }, type)
}

/** The remote audio the adapter plays: whose, and whether muted. */
function remoteAudio(page: Page): Promise<{ uid: string; muted: boolean }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAudioElement>('[data-remote-audio] audio')].map((a) => ({
      uid: a.dataset.uid ?? '',
      muted: a.muted,
    })),
  )
}

test.describe('media between two browsers through the SFU (local mode)', () => {
  let host: Page
  let guest: Page
  let hostUid = ''

  test.beforeAll(async ({ browser }) => {
    const room = `media-${Date.now()}`
    host = await join(browser, { room, name: 'Hana Host', role: 'Host', password: 'pw-media' })
    guest = await join(browser, {
      room,
      name: 'Carl Conferee',
      role: 'Conferee',
      password: 'pw-media',
    })
  })
  test.afterAll(async () => {
    await host.context().close()
    await guest.context().close()
  })

  test('[TRACK-1] [ROLE-4] the host publishes; the conferee sees the host video with frames advancing', async () => {
    await expect(tile(guest, 'Hana Host')).toHaveAttribute('data-video', 'on')
    hostUid = (await tile(guest, 'Hana Host').getAttribute('data-uid')) ?? ''
    await expect.poll(() => framesIn(guest, 'Hana Host')).toBeGreaterThan(5)
    // The host sees itself too; the conferee, who may not publish, has no tile of its own.
    await expect(tile(host, 'Hana Host')).toHaveAttribute('data-video', 'on')
    await expect(tile(guest, 'Carl Conferee')).toHaveCount(0)
    // The media went through the SFU: both pages signalled over /sfu.
    expect(sockets.get(guest)).toContain('/sfu')
    expect(sockets.get(host)).toContain('/sfu')
  })

  test('[VIDEO-2] [TRACK-7] the host sends three simulcast layers; the conferee receives the one its tile needs', async () => {
    // Three layers, highest first: each encodes frames, each smaller than the one before.
    await expect
      .poll(
        async () =>
          (await videoRtp(host, 'outbound-rtp')).filter((r) => (r.frames ?? 0) > 0).length,
      )
      .toBe(3)
    const sent = await videoRtp(host, 'outbound-rtp')
    const height = (rid: string) => sent.find((r) => r.rid === rid)?.frameHeight ?? 0
    expect(height('h')).toBeGreaterThan(height('m'))
    expect(height('m')).toBeGreaterThan(height('l'))
    // The conferee's tile of the host, in device pixels, asks for the layer that covers it.
    const size = await tile(guest, 'Hana Host').evaluate((figure) => {
      const r = figure.getBoundingClientRect()
      const ratio = Math.min(2, Math.max(1, devicePixelRatio))
      return { width: r.width * ratio, height: r.height * ratio }
    })
    const rid =
      size.width <= 240 && size.height <= 140
        ? 'l'
        : size.width <= 480 && size.height <= 280
          ? 'm'
          : 'h'
    await expect
      .poll(async () => (await videoRtp(guest, 'inbound-rtp')).map((r) => r.frameHeight))
      .toEqual([height(rid)])
  })

  test('[TRACK-1] turning video off removes it on the other side and shows the avatar', async () => {
    const video = menu(host).getByRole('button', { name: 'Video' })
    await expect(video).toHaveAttribute('aria-pressed', 'true')
    await video.click()
    await expect(video).toHaveAttribute('aria-pressed', 'false')
    await expect(tile(guest, 'Hana Host')).toHaveAttribute('data-video', 'off')
    await expect(tile(guest, 'Hana Host').locator('video')).toHaveCount(0)
    await expect(guest.getByLabel('Hana Host, video off')).toBeVisible()
    // On again: a new track is published and the frames come back.
    await video.click()
    await expect(tile(guest, 'Hana Host')).toHaveAttribute('data-video', 'on')
    await expect.poll(() => framesIn(guest, 'Hana Host')).toBeGreaterThan(5)
  })

  test("[MUTE-2] [MUTE-3] mute-all 1 turns the conferee's microphone off", async () => {
    // The host allows the conferee's microphone; the conferee publishes it ([ROLE-4]).
    await memberAction(host, 'Carl Conferee', 'Allow the microphone')
    const carlAudio = menu(guest).getByRole('button', { name: 'Audio' })
    await expect(carlAudio).toHaveAttribute('aria-pressed', 'true')
    await expect(guest.getByRole('img', { name: 'Carl Conferee: microphone on' })).toBeVisible()
    await expect(host.getByRole('img', { name: 'Carl Conferee: microphone on' })).toBeVisible()
    await expect.poll(() => remoteAudio(guest)).toEqual([{ uid: hostUid, muted: false }])
    await menu(host).getByRole('button', { name: 'Mute all' }).click()
    await expect(menu(host).getByRole('button', { name: 'Unmute all' })).toBeVisible()
    // The conferee's microphone is off: its flag, and its track unpublished, as the host sees.
    await expect(carlAudio).toHaveAttribute('aria-pressed', 'false')
    await expect(host.getByRole('img', { name: 'Carl Conferee: microphone on' })).toHaveCount(0)
    await expect(tile(guest, 'Carl Conferee')).toHaveCount(0)
    // ... and its remote audio is muted; the host's own microphone is untouched.
    await expect.poll(() => remoteAudio(guest)).toEqual([{ uid: hostUid, muted: true }])
    await expect(host.getByRole('img', { name: 'Hana Host: microphone on' })).toBeVisible()
    await expect(guest.getByRole('img', { name: 'Hana Host: microphone on' })).toBeVisible()
    // Unmute all lifts the remote mute.
    await menu(host).getByRole('button', { name: 'Unmute all' }).click()
    await expect.poll(() => remoteAudio(guest)).toEqual([{ uid: hostUid, muted: false }])
  })

  test('[SCREEN-1] [SCREEN-4] [SCREEN-3] a screen share shows on the other side, full screen until it stops', async () => {
    const share = menu(host).getByRole('button', { name: 'Screen share' })
    await share.click()
    const screen = "Hana Host's screen"
    await expect(tile(guest, screen)).toHaveAttribute('data-video', 'on')
    await expect.poll(() => framesIn(guest, screen)).toBeGreaterThan(3)
    // The sharer sees its own screen too.
    await expect(tile(host, screen)).toHaveAttribute('data-video', 'on')
    await guest.getByRole('button', { name: 'Full screen' }).click()
    await expect(guest.getByRole('button', { name: 'Exit full screen' })).toBeVisible()
    await share.click()
    await expect(tile(guest, screen)).toHaveCount(0)
    await expect(guest.getByRole('button', { name: 'Exit full screen' })).toHaveCount(0)
  })

  test('[TRACK-9] each tile shows the network quality measured for that person', async () => {
    await expect(tile(guest, 'Hana Host').getByRole('img', { name: /^Network: / })).toBeVisible()
    await expect(tile(host, 'Hana Host').getByRole('img', { name: /^Network: / })).toBeVisible()
  })

  test('the device picker lists cameras, microphones and speakers, and previews the camera', async () => {
    await menu(guest).getByRole('button', { name: 'More' }).click()
    await guest.getByRole('menuitem', { name: 'Devices' }).click()
    const picker = guest.getByRole('region', { name: 'Devices' })
    await expect(picker.getByLabel('Camera').locator('option')).not.toHaveCount(0)
    await expect(picker.getByLabel('Microphone').locator('option')).not.toHaveCount(0)
    await expect
      .poll(() =>
        guest.evaluate(
          () =>
            new Promise<number>((resolve) => {
              const video = document.querySelector<HTMLVideoElement>(
                '[aria-label="Camera preview"] video',
              )
              if (!video) return resolve(-1)
              let frames = 0
              const count = () => {
                frames++
                video.requestVideoFrameCallback(count)
              }
              video.requestVideoFrameCallback(count)
              setTimeout(() => resolve(frames), 1000)
            }),
        ),
      )
      .toBeGreaterThan(3)
    await guest.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
    await expect(picker).toHaveCount(0)
  })
})

test('the first bundle holds no SDK: agora-rtc-sdk-ng and agora-rtm-sdk load only in Agora mode', async ({
  page,
}) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await page.goto('/home')
  await expect(page.getByRole('button', { name: 'Join' })).toBeVisible()
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((s) => /agora|AgoraRTC|rtm-sdk|rnnoise/i.test(s))).toEqual([])
})

test('AI noise reduction in local mode: switching it on loads RNNoise in an AudioWorklet, which removes noise', async ({
  browser,
}) => {
  const host = await join(browser, {
    room: `noise-${Date.now()}`,
    name: 'Nora Host',
    role: 'Host',
    password: 'pw-noise',
  })
  await expect(tile(host, 'Nora Host')).toHaveAttribute('data-video', 'on')
  await menu(host).getByRole('button', { name: 'More' }).click()
  await host.getByRole('menuitem', { name: 'Settings' }).click()
  const noise = host.getByRole('switch', { name: 'AI noise reduction' })
  await noise.click()
  await expect(noise).toBeChecked()
  // The suppressor module the switch loaded, run on white noise: the RMS level before and after.
  const module = await host
    .waitForFunction(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .find((n) => /\/rnnoise-[^/]*\.js$/.test(n) && !n.includes('worklet')),
    )
    .then((h) => h.jsonValue() as Promise<string>)
  const levels = await host.evaluate(`(async () => {
    const { createNoiseSuppressor } = await import(${JSON.stringify(module)})
    const context = new AudioContext({ sampleRate: 48000 })
    const buffer = context.createBuffer(1, 96000, 48000)
    const data = buffer.getChannelData(0)
    for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * 0.3
    const source = context.createBufferSource()
    source.buffer = buffer
    source.loop = true
    const destination = context.createMediaStreamDestination()
    source.connect(destination)
    source.start()
    const rms = (track) => new Promise((resolve) => {
      const c = new AudioContext()
      const analyser = c.createAnalyser()
      c.createMediaStreamSource(new MediaStream([track])).connect(analyser)
      const samples = new Float32Array(2048)
      let sum = 0
      let n = 0
      const timer = setInterval(() => {
        analyser.getFloatTimeDomainData(samples)
        for (const s of samples) { sum += s * s; n++ }
      }, 50)
      setTimeout(() => { clearInterval(timer); c.close(); resolve(Math.sqrt(sum / Math.max(1, n))) }, 1200)
    })
    const input = destination.stream.getAudioTracks()[0]
    const before = await rms(input)
    const suppressor = await createNoiseSuppressor(input)
    const after = await rms(suppressor.output)
    suppressor.close()
    return { before, after }
  })()`)
  const { before, after } = levels as { before: number; after: number }
  expect(before).toBeGreaterThan(0.1)
  expect(after).toBeLessThan(before / 10)
  await host.context().close()
})
