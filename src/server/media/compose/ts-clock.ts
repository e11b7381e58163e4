const PACKET = 188
const PTS_HZ = 90_000

/** The PTS (90 kHz) of an MPEG-TS packet that starts a video PES, if it is one. */
export function videoPts(p: Buffer): number | undefined {
  if (p[0] !== 0x47 || !(p[1]! & 0x40)) return undefined
  const control = (p[3]! >> 4) & 3
  if (!(control & 1)) return undefined
  const at = control === 3 ? 5 + p[4]! : 4
  if (at + 14 > PACKET || p[at] !== 0 || p[at + 1] !== 0 || p[at + 2] !== 1) return undefined
  if ((p[at + 3]! & 0xf0) !== 0xe0 || !(p[at + 7]! & 0x80)) return undefined
  const b = p.subarray(at + 9, at + 14)
  return (
    ((b[0]! >> 1) & 0x07) * 2 ** 30 +
    ((b[1]! << 7) | (b[2]! >> 1)) * 2 ** 15 +
    ((b[3]! << 7) | (b[4]! >> 1))
  )
}

/**
 * How far an encoder's MPEG-TS output has come: the seconds of picture since its first one,
 * read from the video PTS of what it writes (a packet may be split between chunks).
 */
export class TsClock {
  private rest = Buffer.alloc(0)
  private first: number | undefined
  /** Seconds of picture out so far (undefined before the first picture). */
  seconds: number | undefined

  write(chunk: Buffer): void {
    const data = this.rest.length > 0 ? Buffer.concat([this.rest, chunk]) : chunk
    let at = 0
    for (; at + PACKET <= data.length; at += PACKET) {
      // Joined in the middle of a packet: on to the next sync byte.
      while (at + PACKET <= data.length && data[at] !== 0x47) at++
      if (at + PACKET > data.length) break
      const pts = videoPts(data.subarray(at, at + PACKET))
      if (pts === undefined) continue
      this.first ??= pts
      this.seconds = (pts - this.first) / PTS_HZ
    }
    this.rest = Buffer.from(data.subarray(at))
  }
}
