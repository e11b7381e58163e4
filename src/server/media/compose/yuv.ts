/** A colour in limited-range BT.601 YCbCr, what ffmpeg's yuv420p frames hold. */
export interface Yuv {
  readonly y: number
  readonly u: number
  readonly v: number
}

export interface Rect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** BT.601 limited range, as ffmpeg converts by default. */
export function yuvOf(r: number, g: number, b: number): Yuv {
  return {
    y: Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255),
    u: Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255),
    v: Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255),
  }
}

const even = (n: number) => n & ~1

/**
 * A planar YUV 4:2:0 picture (ffmpeg's yuv420p): the luma plane, then the two chroma planes at
 * half width and height, in one buffer, exactly as a rawvideo pipe carries it.
 */
export class YuvFrame {
  readonly data: Buffer
  readonly uOffset: number
  readonly vOffset: number

  constructor(
    readonly width: number,
    readonly height: number,
    data?: Buffer,
  ) {
    if (width % 2 || height % 2) throw new Error(`odd frame size ${width}x${height}`)
    const size = YuvFrame.bytes(width, height)
    if (data && data.length !== size)
      throw new Error(`a ${width}x${height} frame has ${size} bytes`)
    this.data = data ?? Buffer.alloc(size)
    this.uOffset = width * height
    this.vOffset = this.uOffset + (width * height) / 4
  }

  static bytes(width: number, height: number): number {
    return (width * height * 3) / 2
  }

  /**
   * An opaque RGBA picture (a rendered board) as a frame, alpha ignored: the same BT.601 limited
   * range as `yuvOf`, in integers, chroma from the top-left pixel of each 2x2 block (as `blend`).
   */
  static fromRgba(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): YuvFrame {
    const frame = new YuvFrame(width, height)
    const { data, uOffset, vOffset } = frame
    const half = width >> 1
    for (let row = 0; row < height; row++)
      for (let col = 0; col < width; col++) {
        const p = (row * width + col) * 4
        const r = rgba[p]!
        const g = rgba[p + 1]!
        const b = rgba[p + 2]!
        data[row * width + col] = (16829 * r + 33039 * g + 6416 * b + 1081344) >> 16
        if ((row & 1) === 0 && (col & 1) === 0) {
          const j = (row >> 1) * half + (col >> 1)
          data[uOffset + j] = (-9714 * r - 19070 * g + 28784 * b + 8421376) >> 16
          data[vOffset + j] = (28784 * r - 24103 * g - 4681 * b + 8421376) >> 16
        }
      }
    return frame
  }

  /** Paints a rectangle (clipped to the frame; corners rounded down to even pixels). */
  fill(rect: Rect, colour: Yuv): void {
    const x0 = Math.max(0, even(rect.x))
    const y0 = Math.max(0, even(rect.y))
    const x1 = Math.min(this.width, even(rect.x + rect.width))
    const y1 = Math.min(this.height, even(rect.y + rect.height))
    if (x1 <= x0 || y1 <= y0) return
    const { data, width } = this
    for (let row = y0; row < y1; row++) data.fill(colour.y, row * width + x0, row * width + x1)
    const half = width / 2
    for (let row = y0 / 2; row < y1 / 2; row++) {
      const start = row * half + x0 / 2
      const end = row * half + x1 / 2
      data.fill(colour.u, this.uOffset + start, this.uOffset + end)
      data.fill(colour.v, this.vOffset + start, this.vOffset + end)
    }
  }

  /**
   * Copies a picture in at (x, y), clipped to this frame, or to `clip` (a place in it): a picture
   * of another size than its place shows centred in it until one of the right size comes.
   */
  blit(src: YuvFrame, x: number, y: number, clip?: Rect): void {
    const cx0 = Math.max(0, clip ? even(clip.x) : 0)
    const cy0 = Math.max(0, clip ? even(clip.y) : 0)
    const cx1 = Math.min(this.width, clip ? even(clip.x + clip.width) : this.width)
    const cy1 = Math.min(this.height, clip ? even(clip.y + clip.height) : this.height)
    const dx = even(x)
    const dy = even(y)
    const sx = Math.max(0, cx0 - dx)
    const sy = Math.max(0, cy0 - dy)
    const tx = Math.max(cx0, dx)
    const ty = Math.max(cy0, dy)
    const w = Math.min(src.width - sx, cx1 - tx)
    const h = Math.min(src.height - sy, cy1 - ty)
    if (w <= 0 || h <= 0) return
    for (let row = 0; row < h; row++)
      src.data.copy(
        this.data,
        (ty + row) * this.width + tx,
        (sy + row) * src.width + sx,
        (sy + row) * src.width + sx + w,
      )
    const dw = this.width / 2
    const sw = src.width / 2
    for (let row = 0; row < h / 2; row++) {
      const to = (ty / 2 + row) * dw + tx / 2
      const from = (sy / 2 + row) * sw + sx / 2
      src.data.copy(this.data, this.uOffset + to, src.uOffset + from, src.uOffset + from + w / 2)
      src.data.copy(this.data, this.vOffset + to, src.vOffset + from, src.vOffset + from + w / 2)
    }
  }

  /**
   * Draws an RGBA picture (a rendered label or board) in at (x, y), blending by its alpha: fully
   * transparent pixels leave the frame as it is.
   */
  blend(rgba: Uint8Array | Uint8ClampedArray, w: number, h: number, x: number, y: number): void {
    const x0 = even(x)
    const y0 = even(y)
    for (let row = 0; row < h; row++) {
      const ty = y0 + row
      if (ty < 0 || ty >= this.height) continue
      for (let col = 0; col < w; col++) {
        const tx = x0 + col
        if (tx < 0 || tx >= this.width) continue
        const p = (row * w + col) * 4
        const a = rgba[p + 3]!
        if (a === 0) continue
        const c = yuvOf(rgba[p]!, rgba[p + 1]!, rgba[p + 2]!)
        const i = ty * this.width + tx
        this.data[i] = (c.y * a + this.data[i]! * (255 - a)) / 255
        if ((row & 1) === 0 && (col & 1) === 0) {
          const j = (ty >> 1) * (this.width >> 1) + (tx >> 1)
          const u = this.uOffset + j
          const v = this.vOffset + j
          this.data[u] = (c.u * a + this.data[u]! * (255 - a)) / 255
          this.data[v] = (c.v * a + this.data[v]! * (255 - a)) / 255
        }
      }
    }
  }
}
