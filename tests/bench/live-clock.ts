// Part of `npm run bench:live`: a camera whose picture is the wall clock, and a reader of it.
// The camera (an ffmpeg lavfi source) is paced to real time by the `realtime` filter, then stamps
// every frame with the time it was made (setpts=RTCTIME) and draws that time as a bar code: 16 vertical bars, bar i white when bit i of
// the time in hundredths of a second (mod 2^16, 655 s) is set, black otherwise. The bars fill the
// middle three quarters of the picture's width, which is exactly what a 16:9 camera keeps when
// the composition crops it to fill a 4:3 place (the large place of the default layout).
// Reading the bars back from the CDN's HLS stream at the moment a frame is shown gives the
// glass-to-glass latency of that frame: the time since it was made, to 10 ms.

/** Bars in the code. */
export const BITS = 16
const MODULO = 2 ** BITS

/** The lavfi source of a `width`x`height` camera at `fps` that shows the clock. */
export function clockCamera(width = 320, height = 180, fps = 15): string {
  const left = width / 8
  const bar = (width * 3) / 4 / BITS
  return [
    `color=c=black:s=${width}x${height}:r=${fps}`,
    // Paced here, before the stamp: the stamp replaces the timestamps `-re` would pace by, and a
    // source left unpaced makes frames as fast as it can (they pile up in the sender's encoder
    // and the clock burned in runs ahead of real time). Such a source must be read without `-re`.
    'realtime',
    // The frame's time is the wall clock in ms when the source makes it.
    'settb=1/1000',
    'setpts=RTCTIME/1000',
    // One white box per set bit (a box's expression is reckoned once a frame: a tenth of the
    // time of a per-pixel `geq`, so a busy machine starves the camera less).
    ...Array.from(
      { length: BITS },
      (_, i) =>
        `drawbox=x=${left + i * bar}:y=0:w=${bar}:h=ih:color=white:t=fill:enable='bitand(floor(t*100),${2 ** i})'`,
    ),
  ].join(',')
}

/**
 * The ffmpeg video filter that turns the place holding the clock (`rect` in the composed
 * picture) into `BITS` gray bytes a frame: its top quarter (clear of the name label), averaged
 * over each bar.
 */
export function clockReaderFilter(rect: {
  x: number
  y: number
  width: number
  height: number
}): string {
  const h = Math.floor(rect.height / 4)
  return `crop=${rect.width}:${h}:${rect.x}:${rect.y},scale=${BITS}:1:flags=area,format=gray`
}

/** The time a frame of the clock was made (hundredths of a second, mod 2^16), or undefined when
 *  a bar is neither black nor white (a frame blurred by the encoder, or not the clock). */
export function readClock(bars: Uint8Array): number | undefined {
  let value = 0
  for (let i = 0; i < BITS; i++) {
    const gray = bars[i]!
    if (gray > 64 && gray < 192) return undefined
    if (gray >= 192) value += 2 ** i
  }
  return value
}

/** How old a frame made at `stamp` (from `readClock`) is at `now` (ms since the epoch), in ms. */
export function clockAge(stamp: number, now: number): number {
  const current = Math.floor(now / 10) % MODULO
  return ((current - stamp + MODULO) % MODULO) * 10
}

/**
 * The clock's bars as `readClock` takes them, read straight from a decoded picture's luma (the
 * composition's own copy of the camera at its place, before the encoder): the top quarter of
 * each bar's columns, averaged, its edges left out.
 */
export function barsOfPicture(picture: { data: Uint8Array; width: number; height: number }) {
  const bars = new Uint8Array(BITS)
  const bar = picture.width / BITS
  const rows = Math.floor(picture.height / 4)
  for (let i = 0; i < BITS; i++) {
    const x0 = Math.floor(i * bar + bar / 4)
    const x1 = Math.floor((i + 1) * bar - bar / 4)
    let sum = 0
    for (let y = 0; y < rows; y++)
      for (let x = x0; x < x1; x++) sum += picture.data[y * picture.width + x]!
    bars[i] = Math.round(sum / (rows * (x1 - x0)))
  }
  return bars
}
