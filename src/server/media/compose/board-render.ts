import type { Image, SKRSContext2D } from '@napi-rs/canvas'
import { createCanvas } from './canvas'
import { YuvFrame } from './yuv'

const FONT = '"Liberation Sans", "DejaVu Sans", "WenQuanYi Micro Hei", sans-serif'
/** Room left around the page's drawing, in pixels of the picture. */
const MARGIN = 24
/** A page with one small stroke is not blown up past this. */
const MAX_ZOOM = 2

/** The drawing elements of a board page as the drawing surface stores them (Excalidraw JSON). */
export interface DrawnElement {
  readonly id: string
  readonly type?: unknown
  readonly x?: unknown
  readonly y?: unknown
  readonly width?: unknown
  readonly height?: unknown
  readonly angle?: unknown
  readonly isDeleted?: unknown
  readonly index?: unknown
  readonly [key: string]: unknown
}

const num = (v: unknown, fallback = 0): number =>
  typeof v === 'number' && Number.isFinite(v) ? v : fallback
const str = (v: unknown, fallback: string): string => (typeof v === 'string' ? v : fallback)
const colour = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== 'transparent' && v !== '' ? v : undefined

function pointsOf(element: DrawnElement): [number, number][] {
  const raw = element.points
  if (!Array.isArray(raw)) return []
  return raw
    .filter((p): p is [number, number] => Array.isArray(p) && p.length >= 2)
    .map((p) => [num(p[0]), num(p[1])])
}

/** The box of an element on the page (points included, for lines and strokes). */
function boundsOf(element: DrawnElement): [number, number, number, number] {
  const x = num(element.x)
  const y = num(element.y)
  const points = pointsOf(element)
  if (points.length > 0) {
    const xs = points.map((p) => x + p[0])
    const ys = points.map((p) => y + p[1])
    return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]
  }
  return [x, y, x + num(element.width), y + num(element.height)]
}

/** The elements still on the page, in their stacking order (the surface's fractional index). */
export function visibleElements(elements: Iterable<DrawnElement>): DrawnElement[] {
  return [...elements]
    .filter((e) => e.isDeleted !== true && typeof e.type === 'string')
    .sort((a, b) => {
      const ia = str(a.index, '')
      const ib = str(b.index, '')
      return ia < ib ? -1 : ia > ib ? 1 : a.id < b.id ? -1 : 1
    })
}

function drawPolyline(ctx: SKRSContext2D, points: [number, number][], closed: boolean): void {
  ctx.beginPath()
  points.forEach(([px, py], i) => (i === 0 ? ctx.moveTo(px, py) : ctx.lineTo(px, py)))
  if (closed) ctx.closePath()
}

function arrowHead(ctx: SKRSContext2D, from: [number, number], to: [number, number], size: number) {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0])
  for (const side of [-1, 1]) {
    ctx.beginPath()
    ctx.moveTo(to[0], to[1])
    ctx.lineTo(
      to[0] - size * Math.cos(angle + (side * Math.PI) / 7),
      to[1] - size * Math.sin(angle + (side * Math.PI) / 7),
    )
    ctx.stroke()
  }
}

/**
 * An image element's picture by its `fileId` (the address of a page the board stores): decoded,
 * still loading, or missing (not stored, not this board's, or not an image).
 */
export type ImageLookup = (fileId: string) => Image | 'loading' | 'missing'

/** The part of an image a cropped image element shows, in the stored image's pixels. */
function cropOf(element: DrawnElement, image: Image): [number, number, number, number] {
  const crop = element.crop as Record<string, unknown> | null | undefined
  if (!crop || typeof crop !== 'object') return [0, 0, image.width, image.height]
  // The crop is in the inserted file's pixels; the stored image may have been scaled since.
  const k = image.width / Math.max(1, num(crop.naturalWidth, image.width))
  const w = num(crop.width, image.width / k)
  const h = num(crop.height, image.height / k)
  return [num(crop.x) * k, num(crop.y) * k, w * k, h * k]
}

/** An image element: its picture (flipped as the element says), or its place while it loads. */
function drawImage(
  ctx: SKRSContext2D,
  element: DrawnElement,
  width: number,
  height: number,
  images: ImageLookup | undefined,
): void {
  const fileId = str(element.fileId, '')
  const image = fileId && images ? images(fileId) : 'missing'
  if (typeof image === 'object') {
    const scale = Array.isArray(element.scale) ? element.scale : [1, 1]
    const sx = num(scale[0], 1) < 0 ? -1 : 1
    const sy = num(scale[1], 1) < 0 ? -1 : 1
    ctx.translate(sx < 0 ? width : 0, sy < 0 ? height : 0)
    ctx.scale(sx, sy)
    ctx.drawImage(image, ...cropOf(element, image), 0, 0, width, height)
    return
  }
  if (image === 'missing') {
    // A picture that cannot be shown is marked so: a grey box crossed out.
    ctx.fillStyle = '#f1f3f5'
    ctx.fillRect(0, 0, width, height)
    ctx.strokeStyle = '#868e96'
    ctx.lineWidth = 2
    ctx.beginPath()
    ctx.moveTo(0, 0)
    ctx.lineTo(width, height)
    ctx.moveTo(width, 0)
    ctx.lineTo(0, height)
    ctx.stroke()
  } else ctx.strokeStyle = '#c0c0c8'
  ctx.strokeRect(0, 0, width, height)
}

/** One element, in page coordinates (the caller has set the page-to-picture transform). */
function drawElement(ctx: SKRSContext2D, element: DrawnElement, images?: ImageLookup): void {
  const x = num(element.x)
  const y = num(element.y)
  const width = num(element.width)
  const height = num(element.height)
  const stroke = colour(element.strokeColor) ?? '#1e1e1e'
  const fill = colour(element.backgroundColor)
  ctx.save()
  ctx.globalAlpha = Math.min(1, Math.max(0, num(element.opacity, 100) / 100))
  ctx.translate(x + width / 2, y + height / 2)
  ctx.rotate(num(element.angle))
  ctx.translate(-width / 2, -height / 2)
  ctx.strokeStyle = stroke
  ctx.lineWidth = num(element.strokeWidth, 2)
  ctx.lineCap = 'round'
  ctx.lineJoin = 'round'
  const paint = () => {
    if (fill) {
      ctx.fillStyle = fill
      ctx.fill()
    }
    ctx.stroke()
  }
  switch (element.type) {
    case 'rectangle':
    case 'frame':
      ctx.beginPath()
      ctx.rect(0, 0, width, height)
      paint()
      break
    case 'ellipse':
      ctx.beginPath()
      ctx.ellipse(
        width / 2,
        height / 2,
        Math.abs(width / 2),
        Math.abs(height / 2),
        0,
        0,
        2 * Math.PI,
      )
      paint()
      break
    case 'diamond':
      drawPolyline(
        ctx,
        [
          [width / 2, 0],
          [width, height / 2],
          [width / 2, height],
          [0, height / 2],
        ],
        true,
      )
      paint()
      break
    case 'line':
    case 'arrow':
    case 'freedraw': {
      // Points are relative to the element's x and y (the origin here).
      const points = pointsOf(element)
      if (points.length === 0) break
      if (element.type === 'freedraw') ctx.lineWidth = num(element.strokeWidth, 2) * 1.5
      drawPolyline(ctx, points, false)
      if (element.type === 'line' && fill && points.length > 2) {
        ctx.fillStyle = fill
        ctx.fill()
      }
      ctx.stroke()
      if (element.type === 'arrow' && points.length >= 2 && element.endArrowhead !== null)
        arrowHead(ctx, points.at(-2)!, points.at(-1)!, 8 + ctx.lineWidth * 3)
      break
    }
    case 'text': {
      const size = num(element.fontSize, 20)
      const lineHeight = size * num(element.lineHeight, 1.25)
      ctx.font = `${size}px ${FONT}`
      ctx.fillStyle = stroke
      ctx.textBaseline = 'top'
      const align = str(element.textAlign, 'left')
      ctx.textAlign = align === 'center' ? 'center' : align === 'right' ? 'right' : 'left'
      const at = align === 'center' ? width / 2 : align === 'right' ? width : 0
      str(element.text, '')
        .split('\n')
        .forEach((line, i) => ctx.fillText(line, at, i * lineHeight))
      break
    }
    case 'image':
      drawImage(ctx, element, width, height, images)
      break
    default:
      break
  }
  ctx.restore()
}

/** A converted document's page image, under the page's strokes at (0, 0) in page units. */
export interface PageBackground {
  readonly image: Image
  readonly width: number
  readonly height: number
}

/**
 * A board page as the live picture shows it: white, its page image (a converted document's)
 * and its elements scaled to fit the place (the whole drawing in view, centred, never magnified
 * more than 2x), images inserted on the page drawn from the board's stored images (`images`), as
 * a yuv420p frame of `width` x `height`.
 */
export function renderBoardPage(
  elements: Iterable<DrawnElement>,
  width: number,
  height: number,
  background?: PageBackground,
  images?: ImageLookup,
): YuvFrame {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#ffffff'
  ctx.fillRect(0, 0, width, height)
  const shown = visibleElements(elements)
  if (shown.length > 0 || background) {
    let [x0, y0, x1, y1] = background
      ? [0, 0, background.width, background.height]
      : [Infinity, Infinity, -Infinity, -Infinity]
    for (const element of shown) {
      const [a, b, c, d] = boundsOf(element)
      x0 = Math.min(x0, a)
      y0 = Math.min(y0, b)
      x1 = Math.max(x1, c)
      y1 = Math.max(y1, d)
    }
    const zoom = Math.min(
      MAX_ZOOM,
      (width - 2 * MARGIN) / Math.max(1, x1 - x0),
      (height - 2 * MARGIN) / Math.max(1, y1 - y0),
    )
    ctx.translate(width / 2, height / 2)
    ctx.scale(zoom, zoom)
    ctx.translate(-(x0 + x1) / 2, -(y0 + y1) / 2)
    if (background) ctx.drawImage(background.image, 0, 0, background.width, background.height)
    for (const element of shown) drawElement(ctx, element, images)
  }
  return YuvFrame.fromRgba(ctx.getImageData(0, 0, width, height).data, width, height)
}
