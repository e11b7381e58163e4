import type { Canvas } from '@napi-rs/canvas'
import { LABEL_NAME_MAX, labelHeight } from '@streams/wire/card-urls'
import { createCanvas } from './canvas'
import { YuvFrame, yuvOf, type Yuv } from './yuv'

const FONT = '"Liberation Sans", "DejaVu Sans", "WenQuanYi Micro Hei", sans-serif'

/** The picture's background: the same dark grey as the meeting's stage. */
export const BACKGROUND: Yuv = yuvOf(24, 24, 28)

/** A rendered overlay: RGBA pixels to blend over the frame. */
export interface Overlay {
  readonly rgba: Uint8ClampedArray
  readonly width: number
  readonly height: number
}

const HUES = [210, 160, 20, 280, 340, 45, 190, 100]

/** The same colour for a person everywhere: a hue from their uid. */
function hueOf(uid: string): number {
  let h = 0
  for (const c of uid) h = (h * 31 + c.charCodeAt(0)) >>> 0
  return HUES[h % HUES.length]!
}

function fit(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * A name under a tile: white text on a translucent dark bar, as the meeting shows it, as wide
 * as the name (at most the tile).
 */
export function drawLabel(name: string, tileWidth: number): Canvas {
  const height = labelHeight(tileWidth)
  const size = height - 10
  const probe = createCanvas(8, 8).getContext('2d')
  probe.font = `${size}px ${FONT}`
  const text = fit(name, LABEL_NAME_MAX)
  const width = Math.min(tileWidth, 2 * Math.ceil((probe.measureText(text).width + 20) / 2))
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = 'rgba(0, 0, 0, 0.55)'
  ctx.fillRect(0, 0, width, height)
  ctx.font = `${size}px ${FONT}`
  ctx.fillStyle = '#ffffff'
  ctx.textBaseline = 'middle'
  ctx.fillText(text, 10, height / 2 + 1, width - 20)
  return canvas
}

/** The name label as RGBA pixels to blend over a frame (rendered once per name and size). */
export function nameLabel(name: string, tileWidth: number): Overlay {
  const canvas = drawLabel(name, tileWidth)
  const { width, height } = canvas
  return { rgba: canvas.getContext('2d').getImageData(0, 0, width, height).data, width, height }
}

/** An RGBA picture as a yuv420p frame (opaque; even sizes). */
export function frameOf(rgba: Uint8ClampedArray, width: number, height: number): YuvFrame {
  const frame = new YuvFrame(width, height)
  frame.fill({ x: 0, y: 0, width, height }, BACKGROUND)
  frame.blend(rgba, width, height, 0, 0)
  return frame
}

/**
 * A tile for someone whose camera is off: their initial in a coloured circle on the dark
 * background (their name is the label below, as on a video tile).
 */
export function drawCard(uid: string, name: string, width: number, height: number): Canvas {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = 'rgb(36, 36, 42)'
  ctx.fillRect(0, 0, width, height)
  const radius = Math.max(12, Math.round(Math.min(width, height) * 0.22))
  ctx.fillStyle = `hsl(${hueOf(uid)}, 55%, 45%)`
  ctx.beginPath()
  ctx.arc(width / 2, height / 2, radius, 0, Math.PI * 2)
  ctx.fill()
  ctx.fillStyle = '#ffffff'
  ctx.font = `${Math.round(radius * 1.1)}px ${FONT}`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillText([...(name.trim() || '?')][0]!.toUpperCase(), width / 2, height / 2 + 2)
  return canvas
}

/** A full picture with one line of text: the live stream's "paused" screen. */
export function drawSlate(text: string, width: number, height: number): Canvas {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = 'rgb(24, 24, 28)'
  ctx.fillRect(0, 0, width, height)
  ctx.fillStyle = '#ffffff'
  ctx.font = `${Math.round(height / 14)}px ${FONT}`
  ctx.textAlign = 'center'
  ctx.textBaseline = 'middle'
  ctx.fillText(text, width / 2, height / 2, width - 80)
  return canvas
}

const frameOfCanvas = (canvas: Canvas): YuvFrame =>
  frameOf(
    canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data,
    canvas.width,
    canvas.height,
  )

/** The name card as a frame of the program. */
export function nameCard(uid: string, name: string, width: number, height: number): YuvFrame {
  return frameOfCanvas(drawCard(uid, name, width, height))
}

/** The slate as a frame of the program. */
export function slate(text: string, width: number, height: number): YuvFrame {
  return frameOfCanvas(drawSlate(text, width, height))
}
