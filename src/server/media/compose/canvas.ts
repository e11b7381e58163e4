import { createRequire } from 'node:module'
import type * as Canvas from '@napi-rs/canvas'

let loaded: typeof Canvas | undefined

/**
 * @napi-rs/canvas, loaded the first time the server draws (a name card, a slate, the board in the
 * live picture): Skia holds about 28 MB resident once loaded, which an idle server or one that
 * never composes a live picture does not carry (docs/server.md "Where an idle server's memory
 * goes").
 */
export function canvas(): typeof Canvas {
  return (loaded ??= createRequire(import.meta.url)('@napi-rs/canvas') as typeof Canvas)
}

export function createCanvas(width: number, height: number): Canvas.Canvas {
  return canvas().createCanvas(width, height)
}

export function loadImage(source: Buffer): Promise<Canvas.Image> {
  return canvas().loadImage(source)
}
