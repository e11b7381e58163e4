import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BoardFile } from '@streams/wire/board'
import { makePdf } from '../../support/make-pdf'
import { startServer, type TestServer } from '../harness'
import { boardToken, enter, joinBoard, until } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
}, 180_000)
afterAll(() => server.close())

async function upload(token: string, boardId: string, name: string, body: Buffer) {
  const response = await fetch(
    `${server.url}/api/board/${boardId}/files?name=${encodeURIComponent(name)}`,
    {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' },
      body: new Uint8Array(body),
    },
  )
  return { status: response.status, body: (await response.json()) as any }
}

describe('document centre /api/board/{boardId}/files', () => {
  it('converts a 3-page PDF into 3 static pages, telling the board its progress', async () => {
    const host = await enter(server, `f1-${Math.random()}`, 1, 'Hana')
    const { boardId, boardToken: token } = await boardToken(host)
    const board = await joinBoard(server, host)
    const seen: BoardFile[] = []
    board.files$.subscribe((f) => seen.push(f))

    const answer = await upload(token, boardId, 'lesson.pdf', makePdf(['One', 'Two', 'Three']))
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({ fileName: 'lesson.pdf', fileType: 'pdf' })
    const fileId = answer.body.data.fileId as string
    await until(() => seen.some((f) => f.fileId === fileId && f.status === 'ready'), 30_000)
    const progress = seen.filter((f) => f.fileId === fileId).map((f) => f.progress)
    expect(progress).toEqual([0, 33, 66, 100, 100])
    const ready = seen.at(-1)!
    expect(ready).toMatchObject({ totalPages: 3, dir: `/docs/${fileId}` })
    expect(ready.pages.map((p) => p.name)).toEqual(['1', '2', '3'])

    const page = await fetch(server.url + ready.pages[1]!.src, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(page.headers.get('content-type')).toBe('image/png')
    const png = new Uint8Array(await page.arrayBuffer())
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47])
    const unauthorised = await fetch(server.url + ready.pages[1]!.src)
    expect(unauthorised.status).toBe(401)

    const list = await fetch(`${server.url}/api/board/${boardId}/files`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(((await list.json()) as any).data.list).toHaveLength(1)
    await board.leave()
  })

  it('keeps an image as one static page with its size', async () => {
    const host = await enter(server, `f2-${Math.random()}`, 1, 'Hana')
    const { boardId, boardToken: token } = await boardToken(host)
    const { createCanvas } = await import('@napi-rs/canvas')
    const canvas = createCanvas(320, 200)
    const answer = await upload(token, boardId, 'photo.png', await canvas.encode('png'))
    const fileId = answer.body.data.fileId as string
    let file: any
    for (let i = 0; i < 200 && file?.status !== 'ready'; i++) {
      const list = await fetch(`${server.url}/api/board/${boardId}/files`, {
        headers: { authorization: `Bearer ${token}` },
      })
      file = ((await list.json()) as any).data.list.find((f: any) => f.fileId === fileId)
      if (file?.status !== 'ready') await new Promise((r) => setTimeout(r, 25))
    }
    expect(file).toMatchObject({ status: 'ready', totalPages: 1 })
    expect(file.pages[0]).toMatchObject({ width: 320, height: 200 })
  })

  it('says clearly that PowerPoint needs LibreOffice when the server has none', async () => {
    const host = await enter(server, `f3-${Math.random()}`, 1, 'Hana')
    const { boardId, boardToken: token } = await boardToken(host)
    const { findLibreOffice } = await import('../../../src/server/board/convert')
    const answer = await upload(token, boardId, 'deck.pptx', Buffer.from('PK fake'))
    if (await findLibreOffice()) {
      expect(answer.status).toBe(200)
    } else {
      expect(answer.status).toBe(501)
      expect(answer.body).toMatchObject({
        msg: 'PowerPoint conversion needs LibreOffice on the server, and it is not installed',
        data: { reason: 'noLibreOffice' },
      })
    }
    const other = await upload(token, boardId, 'notes.txt', Buffer.from('hello'))
    expect(other.status).toBe(415)
  })

  it('[WB-2] only a board writer may upload', async () => {
    const room = `f4-${Math.random()}`
    await enter(server, room, 1, 'Hana')
    const guest = await enter(server, room, 2, 'Carl')
    const { boardId, boardToken: token } = await boardToken(guest)
    const answer = await upload(token, boardId, 'lesson.pdf', makePdf(['One']))
    expect(answer.status).toBe(403)
    expect(answer.body.data).toMatchObject({ reason: 'notWriter' })
  })
})
