import { createCanvas } from '@napi-rs/canvas'
import { applyAwarenessUpdate, Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness'
import * as Y from 'yjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BoardPicture, type LiveBoard } from '../../../../src/server/media/compose/board-picture'
import { renderBoardPage } from '../../../../src/server/media/compose/board-render'
import { locateFfmpeg, type FfmpegInstall } from '../../../../src/server/media/compose/ffmpeg'
import { Studio } from '../../../../src/server/media/compose/studio'
import { YuvFrame, yuvOf } from '../../../../src/server/media/compose/yuv'
import type { JanusServer } from '../../../../src/server/media/plane'
import { openDb, type Db } from '../../../../src/server/store/db'
import { addMember } from '../../../../src/server/store/seats'
import { migrate } from '../../../../src/server/store/migrations'
import { createRoom, updateRoom } from '../../../../src/server/store/rooms'
import { until } from '../werift-peer'
import { quiet } from './stage'

/** The luma and chroma of a frame's pixel. */
function pixel(frame: YuvFrame, x: number, y: number) {
  const cx = x >> 1
  const cy = y >> 1
  return {
    y: frame.data[y * frame.width + x]!,
    u: frame.data[frame.uOffset + cy * (frame.width / 2) + cx]!,
    v: frame.data[frame.vOffset + cy * (frame.width / 2) + cx]!,
  }
}

const near = (
  got: { y: number; u: number; v: number },
  want: { y: number; u: number; v: number },
) => Math.abs(got.y - want.y) <= 6 && Math.abs(got.u - want.u) <= 6 && Math.abs(got.v - want.v) <= 6

const WHITE = yuvOf(255, 255, 255)
const RED = yuvOf(224, 49, 49)

const box = (id: string, x: number, y: number, colour: string, index = 'a0') => ({
  id,
  version: 1,
  index,
  type: 'rectangle',
  x,
  y,
  width: 100,
  height: 100,
  angle: 0,
  strokeColor: colour,
  backgroundColor: colour,
  fillStyle: 'solid',
  strokeWidth: 2,
  opacity: 100,
})

/** A board as the board service holds it: a Yjs document and its awareness. */
function liveBoard(): LiveBoard & { released: number } {
  const doc = new Y.Doc()
  const board = { doc, awareness: new Awareness(doc), released: 0, release: () => board.released++ }
  return board
}

/** A stored picture: a PNG of one colour. */
function solidPng(width: number, height: number, colour: string): Uint8Array {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = colour
  ctx.fillRect(0, 0, width, height)
  return canvas.toBuffer('image/png')
}

/** A live board whose stored images are `images` (by address); every address asked is kept. */
function withImages(board: LiveBoard, images: Record<string, Uint8Array>) {
  const asked: string[] = []
  const live: LiveBoard = {
    ...board,
    pageImage: async (url) => (asked.push(url), images[url]),
  }
  return { live, asked }
}

/** Someone else's presence on the board (their awareness state), as heard from the network. */
function present(board: LiveBoard, state: Record<string, unknown>): void {
  const other = new Awareness(new Y.Doc())
  other.setLocalState(state)
  applyAwarenessUpdate(board.awareness, encodeAwarenessUpdate(other, [other.clientID]), 'remote')
}

describe('the shared board in the live picture, rendered on the server', () => {
  it('draws a page white with its elements fitted into the place, deleted ones left out', () => {
    const frame = renderBoardPage(
      [box('a', 0, 0, '#e03131'), { ...box('b', 1000, 0, '#1971c2'), isDeleted: true }],
      320,
      240,
    )
    // Only the red square is left: fitted (at most 2x) in the middle of a white place.
    expect(near(pixel(frame, 160, 120), RED)).toBe(true)
    expect(near(pixel(frame, 10, 10), WHITE)).toBe(true)
    expect(near(pixel(frame, 310, 120), WHITE)).toBe(true)
  })

  it('[WB-3] shows the broadcaster’s page, else the host’s, and follows strokes as they merge', async () => {
    const board = liveBoard()
    board.doc.getMap('page:/init').set('a', box('a', 0, 0, '#e03131'))
    const picture = new BoardPicture(
      async () => board,
      () => undefined,
    )
    try {
      await picture.follow('board-1', 'host-uid', 320, 240)
      expect(picture.page()).toBe('/init')
      expect(near(pixel(picture.frame!, 160, 120), RED)).toBe(true)
      // A stroke merged into the document (a writer drew it) is in the picture within a redraw.
      board.doc.getMap('page:/init').set('b', box('b', 0, 300, '#2f9e44', 'a1'))
      await until(() => near(pixel(picture.frame!, 160, 120), WHITE), 30_000, 'the board redrawn')
      // A broadcaster leads the view to another page: the picture shows that page.
      board.doc.getMap('page:/p2').set('c', box('c', 0, 0, '#e03131'))
      present(board, {
        user: { uid: 'host-uid', name: 'Hana' },
        scenePath: '/init',
        view: {
          mode: 'broadcaster',
          scenePath: '/p2',
          camera: { scrollX: 0, scrollY: 0, zoom: 1 },
        },
      })
      expect(picture.page()).toBe('/p2')
      await until(() => near(pixel(picture.frame!, 160, 120), RED), 30_000, 'the led page')
    } finally {
      picture.stop()
    }
    expect(board.released).toBe(1)
  })

  it('shows a converted document’s page image under the page’s strokes', async () => {
    // The page image of page 2 of a document: a blue page (what the converter stored).
    const src = '/api/board/board-1/files/f1/pages/2'
    const board = liveBoard()
    const { live, asked } = withImages(board, { [src]: solidPng(640, 360, '#1971c2') })
    board.doc.getMap('scenes').set('/docs/f1', {
      dir: '/docs/f1',
      dynamic: false,
      scenes: [{ name: '1' }, { name: '2', src, width: 640, height: 360 }],
    })
    // A red mark drawn on the page's left edge, in page units.
    board.doc.getMap('page:/docs/f1/2').set('a', { ...box('a', 0, 130, '#e03131'), width: 40 })
    present(board, { user: { uid: 'host-uid' }, scenePath: '/docs/f1/2' })
    const picture = new BoardPicture(
      async () => live,
      () => undefined,
    )
    const BLUE = yuvOf(25, 113, 194)
    try {
      await picture.follow('board-1', 'host-uid', 320, 240)
      expect(picture.page()).toBe('/docs/f1/2')
      // The image comes in the background: the page is drawn again with it.
      await until(() => near(pixel(picture.frame!, 200, 120), BLUE), 30_000, 'the page image')
      expect(asked).toEqual([src])
      // The page fills the place's width (less the margin), the stroke on it, white around.
      expect(near(pixel(picture.frame!, 30, 120), RED)).toBe(true)
      expect(near(pixel(picture.frame!, 160, 10), WHITE)).toBe(true)
    } finally {
      picture.stop()
    }
  })

  it('draws an image inserted on a page from the board’s stored images; one it cannot have is a crossed-out grey box', async () => {
    // The stored image (what the document centre keeps of an uploaded picture): green.
    const stored = '/api/board/board-1/files/f9/pages/1'
    const broken = '/api/board/board-1/files/f8/pages/1'
    const board = liveBoard()
    const warnings: string[] = []
    const { live, asked } = withImages(board, {
      [stored]: solidPng(200, 100, '#2f9e44'),
      // Stored, but not a picture the server can decode.
      [broken]: new TextEncoder().encode('not an image'),
    })
    const image = (id: string, x: number, fileId: string) => ({
      id,
      version: 1,
      index: `a${id}`,
      type: 'image',
      x,
      y: 0,
      width: 200,
      height: 100,
      angle: 0,
      opacity: 100,
      strokeColor: 'transparent',
      backgroundColor: 'transparent',
      status: 'saved',
      fileId,
      scale: [1, 1],
    })
    const page = board.doc.getMap('page:/init')
    page.set('1', image('1', 0, stored))
    // An image only its inserter's browser had (the drawing library's own file id).
    page.set('2', image('2', 240, '5d41402abc4b2a76b9719d911017c592'))
    page.set('3', image('3', 480, broken))
    const picture = new BoardPicture(
      async () => live,
      (message) => warnings.push(message),
    )
    const GREEN = yuvOf(47, 158, 68)
    const GREY = yuvOf(241, 243, 245)
    try {
      // 680 x 100 page units fit 728 x 148 less the 24 px margin at one pixel a unit.
      await picture.follow('board-1', 'host-uid', 728, 148)
      const at = (x: number, y: number) => pixel(picture.frame!, 24 + x, 24 + y)
      await until(() => near(at(100, 60), GREEN), 30_000, 'the stored image')
      expect(near(at(30, 40), GREEN)).toBe(true)
      // The one nobody stored and the broken one: grey boxes, crossed (the lines pass y 30 and 70
      // at these points).
      await until(() => near(at(540, 20), GREY), 30_000, 'the broken image marked')
      expect(near(at(300, 20), GREY)).toBe(true)
      expect(asked.sort()).toEqual([stored, broken, '5d41402abc4b2a76b9719d911017c592'].sort())
      expect(warnings.some((w) => w.includes(broken))).toBe(true)
    } finally {
      picture.stop()
    }
  })

  it('draws an image element from an image lookup, flipped as the element says', () => {
    const canvas = createCanvas(100, 100)
    const ctx = canvas.getContext('2d')
    ctx.fillStyle = '#e03131'
    ctx.fillRect(0, 0, 50, 100)
    ctx.fillStyle = '#1971c2'
    ctx.fillRect(50, 0, 50, 100)
    const element = {
      id: 'i',
      type: 'image',
      x: 0,
      y: 0,
      width: 100,
      height: 100,
      fileId: 'f',
      scale: [-1, 1],
    }
    const frame = renderBoardPage([element], 148, 148, undefined, () => canvas as never)
    // Flipped: the blue half on the left, the red on the right.
    expect(near(pixel(frame, 40, 74), yuvOf(25, 113, 194))).toBe(true)
    expect(near(pixel(frame, 108, 74), RED)).toBe(true)
  })

  describe('in a room', () => {
    let db: Db
    let ffmpeg: FfmpegInstall
    beforeAll(async () => {
      db = await openDb({ memory: true })
      await migrate(db)
      const found = locateFfmpeg()
      if ('missing' in found) throw new Error(found.missing)
      ffmpeg = found.install
    })
    afterAll(() => db?.close())

    it('[LAYOUT-1] a shared board takes the large place with the cameras in a column; unshared, it leaves', async () => {
      const row = await createRoom(db, {
        roomName: 'board live',
        roomType: 2,
        passwordHash: '',
        createUserId: 'host',
        now: Date.now(),
      })
      const host = await addMember(db, {
        ...{ roomId: row.room_id, userId: 'Hana', userName: 'Hana', userPhoto: '', role: 1 },
        ...{ enableAudio: 1, enableVideo: 1, now: Date.now() },
      })
      const board = liveBoard()
      board.doc.getMap('page:/init').set('a', box('a', 0, 0, '#e03131'))
      const opened: string[] = []
      // The studio is never attached: no program, no Janus forwards (nobody publishes here).
      const studio = new Studio(
        {
          ffmpeg,
          db,
          server: {} as JanusServer,
          ref: { id: 1, secret: '' },
          publishers: 8,
          log: quiet,
          board: async (id) => (opened.push(id), board),
        },
        row.room_id,
      )
      try {
        await studio.refresh()
        expect(studio.layout.some((slot) => slot.kind === 'board')).toBe(false)
        await updateRoom(db, row.room_id, { shareBoard: 1 }, Date.now())
        await studio.refresh()
        expect(studio.layout.map((s) => [s.kind, s.rect.width, s.rect.height])).toEqual([
          ['board', 960, 720],
        ])
        expect(opened).toEqual([row.board_id])
        const frame = new YuvFrame(1280, 720)
        studio.draw(frame)
        expect(near(pixel(frame, 480, 360), RED)).toBe(true)
        expect(near(pixel(frame, 20, 20), WHITE)).toBe(true)
        expect(host.uid).toBeTruthy()
        await updateRoom(db, row.room_id, { shareBoard: 0 }, Date.now())
        await studio.refresh()
        expect(studio.layout).toEqual([])
        expect(board.released).toBe(1)
      } finally {
        await studio.stop()
      }
    })
  })
})
