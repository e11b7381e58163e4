import type { Page } from '@playwright/test'

/**
 * Frames a tile's video shows over `ms` (the tile is the figure named `tile`):
 * requestVideoFrameCallback, never awaiting play(), which hangs when no frame comes. -1 when the
 * tile has no video.
 */
export function framesIn(page: Page, tile: string, ms = 1500): Promise<number> {
  return page.evaluate(
    ([tile, ms]) =>
      new Promise<number>((resolve) => {
        const video = [...document.querySelectorAll('figure')]
          .find((f) => f.getAttribute('aria-label') === tile)
          ?.querySelector('video')
        if (!video) return resolve(-1)
        let frames = 0
        const count = () => {
          frames++
          video.requestVideoFrameCallback(count)
        }
        video.requestVideoFrameCallback(count)
        setTimeout(() => resolve(frames), ms)
      }),
    [tile, ms] as const,
  )
}
