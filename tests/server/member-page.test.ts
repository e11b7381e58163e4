import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { enter, meeting, startServer, type Entered, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

interface Page {
  list: { uid: string }[]
  total?: number
  page: number
  size: number
  next?: string
}

/** A room of a host and 11 conferees, each with its own session. */
async function room12() {
  const { host, guest, name } = await meeting(server)
  const others: Entered[] = []
  for (let i = 0; i < 10; i++)
    others.push(await enter(server, { roomName: name, userName: `m${i}`, role: 2 }))
  const everyone = [host, guest, ...others]
  const byUid = new Map(everyone.map((e) => [e.me.uid as string, e]))
  const page = async (query: string): Promise<Page> => {
    const { status, body } = await host.client.get(`${host.path}/user/page?${query}`)
    expect(status, JSON.stringify(body)).toBe(200)
    return body.data
  }
  const whole = (await page('size=100')).list.map((m) => m.uid)
  return { host, byUid, page, whole }
}

/** Every page of the list by cursor, `size` a page, calling `between` after each. */
async function readAll(
  page: (query: string) => Promise<Page>,
  size: number,
  between: (n: number) => Promise<void> = async () => {},
) {
  const pages: Page[] = [await page(`size=${size}`)]
  await between(1)
  while (pages[pages.length - 1]!.next) {
    pages.push(await page(`size=${size}&after=${pages[pages.length - 1]!.next}`))
    await between(pages.length)
  }
  return pages
}

describe('the member list by cursor (GET user/page?after)', () => {
  it('[ENTRY-2] pages after the last member of the one before, hosts first then by arrival; the last page has no next', async () => {
    const { page, whole } = await room12()
    expect(whole).toHaveLength(12)
    const pages = await readAll(page, 5)
    expect(pages.map((p) => p.list.length)).toEqual([5, 5, 2])
    expect(pages.map((p) => p.page)).toEqual([1, 0, 0])
    // the first page counts the room; a page by cursor leaves the count out
    expect(pages.map((p) => p.total)).toEqual([12, undefined, undefined])
    expect(pages[2]).not.toHaveProperty('next')
    expect(pages.flatMap((p) => p.list.map((m) => m.uid))).toEqual(whole)
    // a page that holds the rest exactly says nothing follows
    expect(await page('size=12')).not.toHaveProperty('next')
  })

  it('[ENTRY-2] a member leaving before the cursor mid-read makes nobody skipped (by number, one is)', async () => {
    const { byUid, page, whole } = await room12()
    const leaver = byUid.get(whole[2]!)!
    const leave = async () => {
      const left = await leaver.client.get(
        `${leaver.path}/user/${leaver.me.uid}/exit?role=2&reason=leave`,
      )
      expect(left.body.code).toBe(0)
    }
    const byNumber1 = await page('size=5&page=1')
    const pages = await readAll(page, 5, async (n) => {
      if (n === 1) await leave()
    })
    const byNumber2 = await page('size=5&page=2')
    const read = pages.flatMap((p) => p.list.map((m) => m.uid))
    // every member present for the whole read is there once (the leaver was listed before it left)
    expect(read).toEqual(whole)
    expect(byNumber2.total).toBe(11)
    // by number, page 2 starts a member later: whole[5] is in neither page
    const numbered = [...byNumber1.list, ...byNumber2.list].map((m) => m.uid)
    expect(numbered).not.toContain(whole[5])
    expect(numbered).toContain(whole[6])
  })

  it('[ENTRY-2] a cursor that is not one of this list, or one asked with a page number, is refused with a clear 400', async () => {
    const { host, page } = await room12()
    const get = (query: string) => host.client.get(`${host.path}/user/page?${query}`)
    const forged = Buffer.from('2.12.', 'utf8').toString('base64url')
    for (const after of ['bm90LWEta2V5', forged]) {
      const refused = await get(`after=${after}`)
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({
        code: 400,
        msg: "after: not a page's next cursor",
        data: { field: 'after', reason: 'badCursor' },
      })
    }
    const shape = await get('after=a.b!')
    expect(shape.status).toBe(400)
    expect(shape.body.data).toMatchObject({ field: 'after', reason: 'pattern' })
    const next = (await page('size=5')).next!
    const both = await get(`page=2&after=${next}`)
    expect(both.status).toBe(400)
    expect(both.body.data).toEqual({ field: 'page', reason: 'withCursor' })
    // the refusals lost nothing: the cursor still reads its page
    expect((await page(`size=5&after=${next}`)).list).toHaveLength(5)
  })
})
