// @vitest-environment jsdom
import { VirtualTimeScheduler } from 'rxjs'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { FakeWhiteSdk, roomTokenWith } from './fake-white-sdk'

// white-web-sdk reads the 2D canvas context's prototype when it loads; jsdom has none.
globalThis.CanvasRenderingContext2D ??= class {} as unknown as typeof CanvasRenderingContext2D
const { ViewMode } = await import('white-web-sdk')
const { WhiteBoard } = await import('../../../src/adapters/white/white-board')
const { pictureCamera, SCREENSHOT_TIMEOUT_MS, WHITE_PICTURE } =
  await import('../../../src/adapters/white/white-picture')

/** A canvas as far as the picture uses it: its size, a 2D context that records, its capture. */
function fakeCanvas() {
  const drawn: unknown[][] = []
  const track = { kind: 'video', stop: vi.fn() } as unknown as MediaStreamTrack
  const context = {
    fillStyle: '',
    fillRect: (...a: unknown[]) => drawn.push(['fillRect', ...a]),
    fillText: (...a: unknown[]) => drawn.push(['fillText', ...a]),
    drawImage: (...a: unknown[]) => drawn.push(['drawImage', ...a]),
  }
  const canvas = {
    width: 0,
    height: 0,
    drawn,
    track,
    getContext: () => context,
    captureStream: vi.fn(() => ({ getVideoTracks: () => [track] })),
  }
  return canvas
}
type FakeCanvas = ReturnType<typeof fakeCanvas>

let fake: FakeWhiteSdk
let canvases: FakeCanvas[]
let scheduler: VirtualTimeScheduler

async function joinedPicture() {
  const board = new WhiteBoard({ appIdentifier: 'app', region: 'us-sv', createSdk: fake.create })
  await board.join({
    boardId: 'room-uuid',
    boardToken: roomTokenWith('admin'),
    uid: '123456',
    userName: 'Hana',
    identity: 'host',
    writable: true,
  })
  const picture = board.picture({
    createCanvas: () => {
      const canvas = fakeCanvas()
      canvases.push(canvas)
      return canvas as unknown as HTMLCanvasElement
    },
    scheduler,
  })
  return { board, picture, room: fake.room }
}

/** Lets the screenshot's promise chain settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
const advance = (ms: number) => {
  scheduler.maxFrames = scheduler.frame + ms
  scheduler.flush()
}
/** One steady frame after another, each drawing settled before the next. */
async function frames(n: number) {
  for (let i = 0; i < n; i++) {
    advance(1000 / WHITE_PICTURE.fps)
    await settle()
  }
}

beforeEach(() => {
  fake = new FakeWhiteSdk(ViewMode.Freedom)
  canvases = []
  scheduler = new VirtualTimeScheduler()
})

describe("WhitePicture: the Netless board's scene as a video track", () => {
  it('draws the current scene (screenshotToCanvasAsync) on white into a scratch canvas, then copies it whole into the captured one', async () => {
    const { picture, room } = await joinedPicture()
    const track = picture.start()
    const [output, scratch] = canvases as [FakeCanvas, FakeCanvas]
    expect(track).toBe(output.track)
    expect(output.captureStream).toHaveBeenCalledWith(WHITE_PICTURE.fps)
    expect([output.width, output.height, scratch.width, scratch.height]).toEqual([
      1280, 720, 1280, 720,
    ])
    // The view is 800x600 at scale 1: the picture shows the same, 1.2 times larger.
    expect(room.called('screenshotToCanvasAsync')).toEqual([
      ['/init', 1280, 720, { centerX: 0, centerY: 0, scale: 1.2 }, 1, SCREENSHOT_TIMEOUT_MS],
    ])
    expect(scratch.drawn).toEqual([['fillRect', 0, 0, 1280, 720]])
    expect(output.drawn).toEqual([])
    await settle()
    expect(scratch.drawn).toEqual([
      ['fillRect', 0, 0, 1280, 720],
      ['fillText', '/init', 0, 0],
    ])
    expect(output.drawn).toEqual([['drawImage', scratch, 0, 0]])
  })

  it(`redraws ${WHITE_PICTURE.fps} times a second and at each room state change (a page turned), one drawing at a time`, async () => {
    const { picture, room } = await joinedPicture()
    picture.start()
    await settle()
    await frames(WHITE_PICTURE.fps)
    expect(room.called('screenshotToCanvasAsync')).toHaveLength(1 + WHITE_PICTURE.fps)
    // A slow screenshot (images loading): changes meanwhile make one drawing after it.
    let loaded = () => undefined as void
    room.screenshot = new Promise<void>((resolve) => (loaded = resolve))
    room.state = { ...room.state, sceneState: { ...room.state.sceneState, scenePath: '/doc/2' } }
    room.callbacks.onRoomStateChanged?.({ sceneState: room.state.sceneState })
    advance(1000)
    room.callbacks.onRoomStateChanged?.({ cameraState: room.state.cameraState })
    const calls = room.called('screenshotToCanvasAsync')
    expect(calls).toHaveLength(2 + WHITE_PICTURE.fps)
    expect(calls.at(-1)?.[0]).toBe('/doc/2')
    room.screenshot = Promise.resolve()
    loaded()
    await settle()
    expect(room.called('screenshotToCanvasAsync')).toHaveLength(3 + WHITE_PICTURE.fps)
  })

  it('stop ends the drawing and the track; while the room is away the last picture stays', async () => {
    const { board, picture, room } = await joinedPicture()
    picture.start()
    await settle()
    const output = canvases[0]!
    await board.leave()
    advance(1000)
    await settle()
    expect(room.called('screenshotToCanvasAsync')).toHaveLength(1)
    expect(output.drawn).toHaveLength(1)
    picture.stop()
    expect(output.track.stop).toHaveBeenCalledTimes(1)
    advance(1000)
    expect(room.called('screenshotToCanvasAsync')).toHaveLength(1)
  })

  it('the camera fits the board view into the picture', () => {
    const view = { centerX: 10, centerY: -5, scale: 0.65, width: 1000, height: 500 }
    expect(pictureCamera(view, 1280, 720)).toEqual({ centerX: 10, centerY: -5, scale: 0.65 * 1.28 })
    expect(pictureCamera({ ...view, width: 0 }, 1280, 720).scale).toBe(0.65)
  })
})
