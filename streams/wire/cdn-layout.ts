import type { LayoutName } from './video'

/**
 * The CDN picture's layout ([LAYOUT-1]): where each person, screen share or board goes in the
 * live stream. One definition for both engines: local mode's server composition draws it
 * (src/server/media/compose/), Agora mode's live transcoding places its users by it.
 */

/** A rectangle of the picture, in pixels from its top left corner. */
export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/**
 * The program every push carries, in both engines: 720p at 30 fps, H.264 at 2,500 kbps with a
 * key frame every 15 frames, AAC stereo at 48 kHz, 128 kbps (the server's `ENCODING`).
 */
export const CDN_PROGRAM = {
  width: 1280,
  height: 720,
  fps: 30,
  videoKbps: 2500,
  gopFrames: 15,
  audioKbps: 128,
  audioSampleRate: 48000,
  audioChannels: 2,
  /** What shows where nobody is: the composition's background, RGB (24, 24, 28). */
  background: 0x18181c,
} as const

/** The composed picture: 720p, what the live stream and the recordings carry. */
export const CANVAS = { width: CDN_PROGRAM.width, height: CDN_PROGRAM.height } as const

/** Where a person's tile goes in the all-1 layout (the layout's `infoTypeVoList`). */
export type Position = 'inner' | 'right'

/** What the picture is made of: the room's CDN layout and who is in it now. */
export interface Scene {
  readonly layout: LayoutName
  /** Camera tiles (member uids) in the order they are placed: hosts first, then by arrival. */
  readonly people: readonly string[]
  /** Who is large: the layout's large uid, else the main screen, else the first person. */
  readonly large: string
  readonly positions: Readonly<Record<string, Position>>
  /** What is shared: a screen (the member uid sharing it) or the board; null when nothing is. */
  readonly share:
    { readonly kind: 'screen'; readonly uid: string } | { readonly kind: 'board' } | null
}

/** One place in the picture. Screen and board letterbox; cameras fill (cropped). */
export interface Slot {
  /** A member uid for a camera, `screen:{uid}` for a screen share, `board` for the board. */
  readonly key: string
  readonly kind: 'camera' | 'screen' | 'board'
  readonly rect: Rect
}

const W = CANVAS.width
const H = CANVAS.height
const rect = (x: number, y: number, width: number, height: number): Rect => ({
  x,
  y,
  width,
  height,
})

/** A grid of `cols` x `rows` cells over an area, as even pixel rectangles, row by row. */
function grid(area: Rect, cols: number, rows: number): Rect[] {
  const cells: Rect[] = []
  const xs = Array.from(
    { length: cols + 1 },
    (_, i) => area.x + 2 * Math.round((area.width * i) / cols / 2),
  )
  const ys = Array.from(
    { length: rows + 1 },
    (_, i) => area.y + 2 * Math.round((area.height * i) / rows / 2),
  )
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      cells.push(rect(xs[c]!, ys[r]!, xs[c + 1]! - xs[c]!, ys[r + 1]! - ys[r]!))
  return cells
}

const camera = (key: string, r: Rect): Slot => ({ key, kind: 'camera', rect: r })

/** The places of a large picture and the small tiles around it, in the layout's shape. */
function around(layout: LayoutName, small: readonly string[], positions: Scene['positions']) {
  switch (layout) {
    case 'p_8_1': {
      // 4x4 cells of 320x180: the large one covers 3x3, seven small ones the rest.
      const cells = grid(rect(0, 0, W, H), 4, 4)
      const free = [3, 7, 11, 12, 13, 14, 15].map((i) => cells[i]!)
      return {
        large: rect(0, 0, 960, 540),
        slots: small.slice(0, 7).map((k, i) => camera(k, free[i]!)),
      }
    }
    case 'p_17_1': {
      // 5x5 cells of 256x144: the large one covers 3x3, sixteen small ones the rest.
      const cells = grid(rect(0, 0, W, H), 5, 5)
      const free = cells.filter((_, i) => !(i % 5 < 3 && Math.floor(i / 5) < 3))
      return {
        large: rect(0, 0, 768, 432),
        slots: small.slice(0, 16).map((k, i) => camera(k, free[i]!)),
      }
    }
    case 'p_9_1': {
      // A 3x3 grid of equals, the large one first.
      const cells = grid(rect(0, 0, W, H), 3, 3)
      return { large: cells[0]!, slots: small.slice(0, 8).map((k, i) => camera(k, cells[i + 1]!)) }
    }
    default: {
      // p_all_1 (and the board layouts without a share): the large one fills the picture;
      // 'right' tiles make a column at the right, 'inner' ones sit inside at the bottom.
      const right = small.filter((k) => positions[k] !== 'inner').slice(0, 4)
      const inner = small.filter((k) => positions[k] === 'inner').slice(0, 3)
      const large = right.length > 0 ? rect(0, 0, 960, H) : rect(0, 0, W, H)
      const column = right.map((k, i) => camera(k, rect(960, i * 180, 320, 180)))
      const pip = inner.map((k, i) =>
        camera(k, rect(large.width - (i + 1) * 272, H - 160, 256, 144)),
      )
      return { large, slots: [...column, ...pip] }
    }
  }
}

/**
 * The CDN picture of a scene ([LAYOUT-1]): a share (screen or board) takes the large place in the
 * board layouts' shape (a column of cameras at the right, or a row below for p_board_row);
 * otherwise the large person does, with the others placed as the layout says. Tiles beyond a
 * layout's places are left out of the picture (their audio is still mixed).
 */
export function composeLayout(scene: Scene): Slot[] {
  const people = scene.people
  if (scene.share) {
    const key = scene.share.kind === 'board' ? 'board' : `screen:${scene.share.uid}`
    const kind = scene.share.kind
    if (scene.layout === 'p_board_row') {
      const row = people.slice(0, 4).map((k, i) => camera(k, rect(i * 320, 540, 320, 180)))
      return [{ key, kind, rect: rect(160, 0, 960, 540) }, ...row]
    }
    const column = people.slice(0, 4).map((k, i) => camera(k, rect(960, i * 180, 320, 180)))
    return [{ key, kind, rect: rect(0, 0, 960, H) }, ...column]
  }
  if (people.length === 0) return []
  const large = people.includes(scene.large) ? scene.large : people[0]!
  const small = people.filter((k) => k !== large)
  const placed = around(scene.layout, small, scene.positions)
  return [camera(large, placed.large), ...placed.slots]
}
