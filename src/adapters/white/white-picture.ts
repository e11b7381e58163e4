import {
  asyncScheduler,
  interval,
  merge,
  type Observable,
  type SchedulerLike,
  type Subscription,
} from 'rxjs'
import type { Camera } from 'white-web-sdk'
import type { WhiteRoom } from './white-sdk'

/**
 * The board's picture in the CDN program (Agora mode): a 16:9 canvas, redrawn at a few frames a
 * second (strokes are no room state) and at each room state change (a page turned, the view
 * moved).
 */
export const WHITE_PICTURE = { width: 1280, height: 720, fps: 5 } as const
/** A scene whose images have not loaded in this time is drawn without them. */
export const SCREENSHOT_TIMEOUT_MS = 1000

/** What the picture reads of the board: its room (none while not joined) and its changes. */
export interface WhitePictureBoard {
  room(): WhiteRoom | undefined
  readonly changes$: Observable<unknown>
}

export interface WhitePictureOptions {
  /** A canvas (the page's by default; tests pass their own). */
  readonly createCanvas?: () => HTMLCanvasElement
  readonly scheduler?: SchedulerLike
}

/**
 * The camera that shows in the picture what the board's own view shows (the host's: followers
 * see the same), scaled from the view's size to the picture's.
 */
export function pictureCamera(
  camera: WhiteRoom['state']['cameraState'],
  width: number,
  height: number,
): Camera {
  const fit =
    camera.width > 0 && camera.height > 0
      ? Math.min(width / camera.width, height / camera.height)
      : 1
  return { centerX: camera.centerX, centerY: camera.centerY, scale: camera.scale * fit }
}

/**
 * The board's picture source: white-web-sdk's screenshot of the current scene
 * (`screenshotToCanvasAsync`) drawn into a scratch canvas on white, then copied whole into the
 * canvas whose capture is the track (so no half-drawn frame is sent). One drawing at a time; a
 * change during one draws again after it. While the room is away the last picture stays.
 */
export class WhitePicture {
  private output: HTMLCanvasElement | undefined
  private scratch: HTMLCanvasElement | undefined
  private track: MediaStreamTrack | undefined
  private redraws: Subscription | undefined
  private drawing = false
  private again = false

  constructor(
    private readonly board: WhitePictureBoard,
    private readonly options: WhitePictureOptions = {},
  ) {}

  /** Starts drawing: the capture's video track (the same one until stopped). */
  start(): MediaStreamTrack {
    if (this.track) return this.track
    const create = this.options.createCanvas ?? (() => document.createElement('canvas'))
    const { width, height, fps } = WHITE_PICTURE
    const output = create()
    const scratch = create()
    for (const canvas of [output, scratch]) {
      canvas.width = width
      canvas.height = height
    }
    const track = output.captureStream(fps).getVideoTracks()[0]
    if (!track) throw new Error('the board picture gave no video track')
    this.output = output
    this.scratch = scratch
    this.track = track
    const steady = interval(1000 / fps, this.options.scheduler ?? asyncScheduler)
    this.redraws = merge(steady, this.board.changes$).subscribe(() => this.draw())
    this.draw()
    return track
  }

  /** Stops drawing and the track. */
  stop(): void {
    this.redraws?.unsubscribe()
    this.redraws = undefined
    this.track?.stop()
    this.track = undefined
    this.output = undefined
    this.scratch = undefined
  }

  private draw(): void {
    if (this.drawing) {
      this.again = true
      return
    }
    const room = this.board.room()
    const output = this.output?.getContext('2d')
    const scratch = this.scratch
    const context = scratch?.getContext('2d')
    if (!room || !output || !scratch || !context) return
    const { width, height } = WHITE_PICTURE
    this.drawing = true
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, width, height)
    const camera = pictureCamera(room.state.cameraState, width, height)
    room
      .screenshotToCanvasAsync(
        context,
        room.state.sceneState.scenePath,
        width,
        height,
        camera,
        1,
        SCREENSHOT_TIMEOUT_MS,
      )
      .then(() => {
        if (this.scratch === scratch) output.drawImage(scratch, 0, 0)
      })
      .catch(() => undefined)
      .finally(() => {
        this.drawing = false
        if (this.again && this.track) {
          this.again = false
          this.draw()
        }
      })
  }
}
