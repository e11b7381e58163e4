import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../harness'
import { boardToken, enter } from './helpers'

/**
 * The document centre's routes (`/api/board/{boardId}/files…`) with hostile input, one field at a
 * time around a valid call: the board id, file id and page (a NUL byte, 1e309, 2^64, negative,
 * fractional, huge, a path climbing out), the upload's name and body, and the token (none,
 * forged, another room's board, a conferee who may not write). Every answer is a refusal in the
 * `{ code, msg, data }` envelope or the valid answer, never a 5xx.
 */
let server: TestServer
let ctx: { boardId: string; token: string; otherToken: string; guestToken: string; fileId: string }
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
)

beforeAll(async () => {
  server = await startServer()
  const room = `brp-${Math.random()}`
  const host = await enter(server, room, 1, 'Hana')
  const guest = await enter(server, room, 2, 'Carl')
  const other = await enter(server, `brp-other-${Math.random()}`, 1, 'Olga')
  const mine = await boardToken(host)
  const uploaded = await server.app.fastify.inject({
    method: 'POST',
    url: `/api/board/${mine.boardId}/files?name=dot.png`,
    headers: { authorization: `Bearer ${mine.boardToken}`, 'content-type': 'image/png' },
    payload: PNG,
  })
  ctx = {
    boardId: mine.boardId,
    token: mine.boardToken,
    otherToken: (await boardToken(other)).boardToken,
    guestToken: (await boardToken(guest)).boardToken,
    fileId: (JSON.parse(uploaded.body) as { data: { fileId: string } }).data.fileId,
  }
}, 180_000)
afterAll(() => server.close())

interface Call {
  readonly input: string
  readonly method: 'GET' | 'POST' | 'DELETE'
  readonly url: string
  /** null: no Authorization header at all. */
  readonly token: string | null
  readonly body?: Buffer
}

const NUL = encodeURIComponent('a\u0000b')
const BAD_IDS = [NUL, 'x'.repeat(300), '..%2F..%2Fetc', '%ff', '1e309']
const BAD_PAGES = ['1e309', '-1e309', '18446744073709551616', '-1', '0.5', NUL, 'x']
const BAD_NAMES = [NUL, '', 'x'.repeat(300) + '.png', '..%2F..%2Fetc%2Fpasswd.png', 'a.exe', 'png']

function calls(): Call[] {
  const { boardId, fileId, token } = ctx
  const routes = {
    list: (b = boardId) => `/api/board/${b}/files`,
    upload: (b = boardId, name = 'a.png') => `/api/board/${b}/files?name=${name}`,
    page: (b = boardId, f = fileId, p = '1') => `/api/board/${b}/files/${f}/pages/${p}`,
    remove: (b = boardId, f = 'nope') => `/api/board/${b}/files/${f}`,
  }
  const out: Call[] = []
  const add = (
    input: string,
    method: Call['method'],
    url: string,
    t: string | null = token,
    body?: Buffer,
  ) => out.push({ input, method, url, token: t, ...(body ? { body } : {}) })
  for (const id of BAD_IDS) {
    add(`list: boardId ${id}`, 'GET', routes.list(id))
    add(`upload: boardId ${id}`, 'POST', routes.upload(id), token, PNG)
    add(`page: boardId ${id}`, 'GET', routes.page(id))
    add(`page: fileId ${id}`, 'GET', routes.page(boardId, id))
    add(`delete: boardId ${id}`, 'DELETE', routes.remove(id))
    add(`delete: fileId ${id}`, 'DELETE', routes.remove(boardId, id))
  }
  for (const page of BAD_PAGES) add(`page: page ${page}`, 'GET', routes.page(boardId, fileId, page))
  for (const name of BAD_NAMES)
    add(`upload: name ${name.slice(0, 20)}`, 'POST', routes.upload(boardId, name), token, PNG)
  add('upload: no name', 'POST', `/api/board/${boardId}/files`, token, PNG)
  add('upload: empty body', 'POST', routes.upload(), token, Buffer.alloc(0))
  add('upload: a PNG name on garbage', 'POST', routes.upload(), token, Buffer.from('not a png'))
  const tokens: [string, string | null][] = [
    ['no token', null],
    ['a forged token', 'x.y.z'],
    ['a NUL token', 'a\u0000b'],
    ['another room’s board token', ctx.otherToken],
    ['a conferee’s token', ctx.guestToken],
  ]
  for (const [name, t] of tokens) {
    add(`list: ${name}`, 'GET', routes.list(), t)
    add(`upload: ${name}`, 'POST', routes.upload(), t, PNG)
    add(`page: ${name}`, 'GET', routes.page(), t)
    add(`delete: ${name}`, 'DELETE', routes.remove(boardId, fileId), t)
  }
  return out
}

const isEnvelope = (body: string) => {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>
    return typeof parsed.code === 'number' && typeof parsed.msg === 'string' && 'data' in parsed
  } catch {
    return false
  }
}

describe('hostile input on the board’s routes', () => {
  it('[WB-2] every hostile board route call is refused in the envelope (or answered), never a 5xx', async () => {
    const list = calls()
    const byStatus = new Map<number, number>()
    const problems: string[] = []
    for (const call of list) {
      const headers: Record<string, string> = {}
      // A NUL cannot travel in an HTTP header: that token goes percent-encoded.
      if (call.token !== null)
        headers.authorization = `Bearer ${call.token.replace('\u0000', '%00')}`
      if (call.body) headers['content-type'] = 'application/octet-stream'
      const answer = await server.app.fastify.inject({
        method: call.method,
        url: call.url,
        headers,
        ...(call.body ? { payload: call.body } : {}),
      })
      byStatus.set(answer.statusCode, (byStatus.get(answer.statusCode) ?? 0) + 1)
      if (process.env.PROBE_VERBOSE) console.log(`${answer.statusCode} ${call.input}`)
      const image = answer.headers['content-type']?.toString().startsWith('image/')
      if (answer.statusCode >= 500 || (!image && !isEnvelope(answer.body)))
        problems.push(`${call.input}: ${answer.statusCode} ${answer.body.slice(0, 100)}`)
      // Only real ids with the host's token succeed, or a conferee's reading (list, page).
      const reads = call.token === ctx.guestToken && call.method === 'GET'
      const hostile =
        (call.token !== ctx.token && !reads) || /NUL|%00|1e309|18446|%ff|\.\./.test(call.input)
      if (hostile && answer.statusCode < 300 && !call.input.startsWith('upload: name'))
        problems.push(`${call.input}: accepted ${answer.statusCode}`)
    }
    console.log(
      `board routes probe: ${list.length} calls; statuses ${JSON.stringify(Object.fromEntries([...byStatus].sort()))}; problems ${problems.length}`,
    )
    expect(problems).toEqual([])
  }, 120_000)
})
