import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BoxReader, type Box } from '../../../src/server/media/compose/fmp4'
import { liveShape } from '../../../src/server/media/compose/live-sink'
import { LlHlsWriter } from '../../../src/server/media/compose/ll-hls'
import { readPlaylistState } from '../../../src/server/media/compose/ll-hls-playlist'
import { LiveWatch } from '../../../src/server/media/compose/ll-hls-watch'
import { startServer, type TestServer } from '../harness'
import { ffmpegInstall, fragmentedSample } from '../media/compose/fmp4-sample'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Settles to 'pending' when `promise` has not settled within `ms`. */
const within = <T>(promise: Promise<T>, ms: number): Promise<T | 'pending'> =>
  Promise.race([promise, sleep(ms).then(() => 'pending' as const)])

describe('the live origin: low-latency HLS playlist, blocking reloads, hinted parts', () => {
  let server: TestServer
  let writer: LlHlsWriter
  let dir: string
  let base: string
  let fragments: Box[][]
  let next = 0

  /** Writes the next `n` parts (moof + mdat) of the real sample, as ffmpeg would. */
  const parts = (n: number) => {
    for (let i = 0; i < n; i++) for (const box of fragments[next++]!) writer.write(box.bytes)
  }
  const playlist = async (query = '') => {
    const answer = await fetch(`${base}/index.m3u8${query}`)
    return { status: answer.status, text: await answer.text() }
  }
  const state = () => readPlaylistState(readFileSync(writer.playlist, 'utf8'))

  beforeAll(async () => {
    const boxes = new BoxReader().push(fragmentedSample(ffmpegInstall(), 8))
    const init = boxes.slice(0, 2)
    const rest = boxes.slice(2).filter((b) => b.type === 'moof' || b.type === 'mdat')
    fragments = [init]
    for (let i = 0; i + 1 < rest.length; i += 2) fragments.push([rest[i]!, rest[i + 1]!])
    server = await startServer()
    const key = server.app.deps.broadcasts.liveKey('live-origin-test')
    dir = server.app.deps.broadcasts.liveDir(key)
    base = `${server.url}/live/${key}`
    writer = new LlHlsWriter({ dir, ...liveShape() })
    parts(1) // the initialization section
  }, 120_000)
  afterAll(async () => {
    await server?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('[LIVE-1] nothing written yet: 404; then the playlist with the LL-HLS tags, never cached', async () => {
    expect((await playlist()).status).toBe(404)
    parts(6)
    const answer = await fetch(`${base}/index.m3u8`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/vnd.apple.mpegurl')
    expect(answer.headers.get('cache-control')).toContain('no-store')
    const text = await answer.text()
    expect(text).toContain('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=')
    expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=')
    expect(text).toMatch(/#EXT-X-PART:DURATION=[\d.]+,URI="p\d+\.m4s",INDEPENDENT=YES/)
    expect(text).toMatch(/#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p\d+\.m4s"/)
    // The initialization section and a part, as a player reads them.
    const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)![1]!
    const init = await fetch(`${base}/${map}`)
    expect(init.headers.get('content-type')).toBe('video/mp4')
    expect(
      Buffer.from(await init.arrayBuffer())
        .subarray(4, 8)
        .toString(),
    ).toBe('ftyp')
    const part = /URI="(p\d+\.m4s)"/.exec(text)![1]!
    const body = Buffer.from(await (await fetch(`${base}/${part}`)).arrayBuffer())
    expect(body.equals(readFileSync(join(dir, part)))).toBe(true)
  })

  it('[LIVE-1] a blocking reload for the next part is held until that part is written, then lists it', async () => {
    const now = state()
    const held = playlist(`?_HLS_msn=${now.lastMsn}&_HLS_part=${now.lastPart + 1}`)
    // The part does not exist: the answer waits for it (nothing is written meanwhile).
    expect(await within(held, 500)).toBe('pending')
    parts(1)
    const answer = await held
    expect(answer.status).toBe(200)
    const after = readPlaylistState(answer.text)
    expect(after.lastMsn * 100 + after.lastPart).toBeGreaterThan(now.lastMsn * 100 + now.lastPart)
    // A directive already met is answered at once.
    const met = await playlist(`?_HLS_msn=${now.lastMsn}&_HLS_part=0`)
    expect(met.status).toBe(200)
    expect(met.text).toBe(readFileSync(writer.playlist, 'utf8'))
  })

  it('[LIVE-1] a blocking reload for the next whole segment waits for the segment to complete', async () => {
    const now = state()
    const held = playlist(`?_HLS_msn=${now.lastMsn}`)
    let answer: { status: number; text: string } | 'pending' = 'pending'
    for (let i = 0; i < 8 && answer === 'pending'; i++) {
      parts(1)
      answer = await within(held, 300)
    }
    if (answer === 'pending') throw new Error('the segment did not complete in 8 parts')
    expect(answer.status).toBe(200)
    expect(readPlaylistState(answer.text).lastCompleteMsn).toBeGreaterThanOrEqual(now.lastMsn)
  })

  it('[LIVE-1] directives too far ahead are refused at once (400); a part alone or a bad number too', async () => {
    const now = state()
    expect((await playlist(`?_HLS_msn=${now.lastMsn + 3}`)).status).toBe(400)
    expect((await playlist(`?_HLS_msn=${now.lastMsn}&_HLS_part=${now.lastPart + 20}`)).status).toBe(
      400,
    )
    expect((await playlist(`?_HLS_part=1`)).status).toBe(400)
    expect((await playlist(`?_HLS_msn=abc`)).status).toBe(400)
    expect((await playlist(`?_HLS_msn=-1`)).status).toBe(400)
  })

  it('[LIVE-1] a part that never comes: the hold ends after three target durations with 503', async () => {
    const now = state()
    const answer = await playlist(`?_HLS_msn=${now.lastMsn}&_HLS_part=${now.lastPart + 1}`)
    expect(answer.status).toBe(503)
    expect(LiveWatch.watched).toBe(0)
  })

  it('[LIVE-1] the hinted part is held until written and then served whole; one far ahead is 404', async () => {
    const hint = state().hint!
    const number = Number(/\d+/.exec(hint)![0])
    expect((await fetch(`${base}/p${number + 10}.m4s`)).status).toBe(404)
    const held = fetch(`${base}/${hint}`)
    expect(await within(held, 500)).toBe('pending')
    parts(1)
    const answer = await held
    expect(answer.status).toBe(200)
    expect(answer.headers.get('cache-control')).toContain('max-age')
    const body = Buffer.from(await answer.arrayBuffer())
    expect(body.equals(readFileSync(join(dir, hint)))).toBe(true)
    expect(body.subarray(4, 8).toString()).toBe('moof')
  })

  it('[LIVE-1] a held reload is answered when the live ends (the playlist closed)', async () => {
    const now = state()
    const held = playlist(`?_HLS_msn=${now.lastMsn + 1}&_HLS_part=2`)
    expect(await within(held, 300)).toBe('pending')
    writer.end()
    const answer = await held
    expect(answer.status).toBe(200)
    expect(answer.text).toContain('#EXT-X-ENDLIST')
    expect((await fetch(`${base}/index.m3u8?_HLS_msn=${now.lastMsn + 2}`)).status).toBe(200)
    // Files outside the stream's names are not served.
    expect((await fetch(`${base}/index.m3u8.tmp`)).status).toBe(404)
    expect((await fetch(`${base}/..%2Fsecret`)).status).toBe(404)
  })
})
