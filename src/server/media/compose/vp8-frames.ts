/** One whole VP8 frame put together from its RTP packets. */
export interface Vp8Frame {
  readonly data: Buffer
  /** A key frame: it decodes on its own (every other frame needs the ones before it). */
  readonly key: boolean
  /** Shown when decoded (a hidden frame only updates the references, and gives no picture). */
  readonly shown: boolean
  /** A key frame's picture size (0 for other frames). */
  readonly width: number
  readonly height: number
}

/**
 * What a packet brought: `lost` when a frame before it (or the one it belonged to) lost a packet,
 * `frame` when it completed one.
 */
export interface Vp8Step {
  readonly lost: boolean
  readonly frame?: Vp8Frame
}

/** The payload of an RTP packet (RFC 3550): after the header, CSRCs and extension, less padding. */
export function rtpPayload(packet: Buffer): Buffer | undefined {
  if (packet.length < 12 || packet[0]! >> 6 !== 2) return undefined
  let offset = 12 + (packet[0]! & 0x0f) * 4
  if (packet[0]! & 0x10) {
    if (packet.length < offset + 4) return undefined
    offset += 4 + packet.readUInt16BE(offset + 2) * 4
  }
  let end = packet.length
  if (packet[0]! & 0x20) end -= packet[end - 1]!
  return end > offset ? packet.subarray(offset, end) : undefined
}

/** Where the VP8 data starts after the payload descriptor (RFC 7741 §4.2), and its start flag. */
function descriptor(payload: Buffer): { start: boolean; offset: number } | undefined {
  const first = payload[0]!
  let offset = 1
  if (first & 0x80) {
    const ext = payload[offset++]
    if (ext === undefined) return undefined
    if (ext & 0x80) offset += payload[offset]! & 0x80 ? 2 : 1 // picture id, 7 or 15 bits
    if (ext & 0x40) offset++ // TL0PICIDX
    if (ext & 0x30) offset++ // TID, Y, KEYIDX
  }
  if (offset >= payload.length) return undefined
  // The first packet of a frame: the start of partition 0.
  return { start: (first & 0x10) !== 0 && (first & 0x07) === 0, offset }
}

/**
 * Puts VP8 frames together from the RTP packets of one stream (RFC 7741): a frame is the
 * packets of one timestamp from the one that starts it to the one with the marker bit. A packet
 * missing (a gap in the sequence numbers) loses the frame it belongs to: that is reported, so
 * the caller waits for a key frame (later frames refer to the lost one).
 */
export class Vp8Assembler {
  private parts: Buffer[] = []
  private timestamp = -1
  private lastSeq = -1
  /** The frame being put together lost a packet: the rest of it is ignored. */
  private broken = false

  push(packet: Buffer): Vp8Step | undefined {
    if (packet.length < 12) return undefined
    const seq = packet.readUInt16BE(2)
    const gap = this.lastSeq >= 0 && seq !== ((this.lastSeq + 1) & 0xffff)
    this.lastSeq = seq
    // A packet of padding only (a sender probing the bandwidth) keeps the count, and that is all.
    const payload = rtpPayload(packet)
    if (!payload) return gap ? this.loseFrame() : undefined
    const timestamp = packet.readUInt32BE(4)
    const marker = (packet[1]! & 0x80) !== 0
    const vp8 = descriptor(payload)
    if (!vp8) return undefined
    let lost = false
    if (vp8.start) {
      // Packets missing before this frame, or a frame left without its last packet: lost.
      lost = gap || this.parts.length > 0
      this.parts = [payload.subarray(vp8.offset)]
      this.timestamp = timestamp
      this.broken = false
    } else if (!this.broken) {
      if (gap || this.parts.length === 0 || timestamp !== this.timestamp) {
        lost = true
        this.broken = true
        this.parts = []
      } else this.parts.push(payload.subarray(vp8.offset))
    }
    if (!marker || this.broken) return lost ? { lost } : undefined
    const data = Buffer.concat(this.parts)
    this.parts = []
    return { lost, frame: frameOf(data) }
  }

  private loseFrame(): Vp8Step {
    this.parts = []
    this.broken = true
    return { lost: true }
  }
}

/**
 * Puts a stream's RTP packets back in the order of their sequence numbers: a packet that comes
 * early waits for the ones before it, up to `depth` packets; then the missing ones are given up
 * (the jump in sequence numbers tells what follows that they are lost). A late packet, after its
 * place was given up, is dropped; a jump far away (a new stream) starts again from it.
 */
export class RtpReorder {
  private expected = -1
  private readonly held = new Map<number, Buffer>()

  constructor(private readonly depth = 8) {}

  /** The packets that can go on now, in order. */
  push(packet: Buffer): Buffer[] {
    if (packet.length < 12) return []
    const seq = packet.readUInt16BE(2)
    const ahead = (seq - this.expected) & 0xffff
    if (this.expected < 0 || (ahead > 1000 && ahead < 0x10000 - 1000)) {
      this.held.clear()
      this.expected = seq
    } else if (ahead >= 0x8000) return []
    this.held.set(seq, packet)
    const out: Buffer[] = []
    while (this.held.size > 0) {
      const next = this.held.get(this.expected)
      if (next) {
        this.held.delete(this.expected)
        out.push(next)
        this.expected = (this.expected + 1) & 0xffff
      } else if (this.held.size > this.depth) {
        // Waited long enough for the missing one: go on from the first held after it.
        let nearest = 0x10000
        for (const held of this.held.keys())
          nearest = Math.min(nearest, (held - this.expected) & 0xffff)
        this.expected = (this.expected + nearest) & 0xffff
      } else break
    }
    return out
  }
}

/** A frame's kind and, for a key frame, its size (RFC 6386 §9.1: the frame tag and start code). */
export function frameOf(data: Buffer): Vp8Frame {
  const tag = data[0] ?? 1
  const key = (tag & 0x01) === 0
  const shown = (tag & 0x10) !== 0
  const sized = key && data.length >= 10 && data[3] === 0x9d && data[4] === 0x01 && data[5] === 0x2a
  return {
    data,
    key: key && sized,
    shown,
    width: sized ? data.readUInt16LE(6) & 0x3fff : 0,
    height: sized ? data.readUInt16LE(8) & 0x3fff : 0,
  }
}

/** The 32-byte header of an IVF stream of VP8 (what ffmpeg's `-f ivf` reads), time base 1/`rate`. */
export function ivfHeader(width: number, height: number, rate = 30): Buffer {
  const header = Buffer.alloc(32)
  header.write('DKIF', 0, 'latin1')
  header.writeUInt16LE(0, 4)
  header.writeUInt16LE(32, 6)
  header.write('VP80', 8, 'latin1')
  header.writeUInt16LE(width, 12)
  header.writeUInt16LE(height, 14)
  header.writeUInt32LE(rate, 16)
  header.writeUInt32LE(1, 20)
  return header
}

/** One frame of an IVF stream: its 12-byte header (size, timestamp) then the frame. */
export function ivfFrame(data: Buffer, pts: number): Buffer {
  const header = Buffer.alloc(12)
  header.writeUInt32LE(data.length, 0)
  header.writeBigUInt64LE(BigInt(pts), 4)
  return Buffer.concat([header, data])
}
