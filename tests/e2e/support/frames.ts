import type { Page } from '@playwright/test'

/**
 * Frames a tile's video presented over `ms` (the tile is the figure named `tile`), from
 * requestVideoFrameCallback's `presentedFrames`: on a busy machine the page calls back less often
 * than frames are shown (26 callbacks for 33 frames in 1.5 s with CPU hogs beside the run), so
 * counting callbacks fell short of the frames shown. Never awaits play(), which hangs when no
 * frame comes. -1 when the tile has no video.
 */
export function framesIn(page: Page, tile: string, ms = 1500): Promise<number> {
  return page.evaluate(
    ([tile, ms]) =>
      new Promise<number>((resolve) => {
        const video = [...document.querySelectorAll('figure')]
          .find((f) => f.getAttribute('aria-label') === tile)
          ?.querySelector('video')
        if (!video) return resolve(-1)
        let first: number | undefined
        let last = 0
        const count = (_now: number, frame: VideoFrameCallbackMetadata) => {
          first ??= frame.presentedFrames
          last = frame.presentedFrames
          video.requestVideoFrameCallback(count)
        }
        video.requestVideoFrameCallback(count)
        // The first callback's frame and every one presented after it.
        setTimeout(() => resolve(first === undefined ? 0 : last - first + 1), ms)
      }),
    [tile, ms] as const,
  )
}
