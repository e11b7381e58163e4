/** RTMP's chunk stream: messages cut into chunks with compressed headers, both ways. */

/** A larger message is refused (a 1080p key frame is well under 1 MB). */
export const MAX_MESSAGE = 8 * 1024 * 1024

export interface RtmpMessage {
  readonly type: number
  readonly timestamp: number
  readonly payload: Buffer
}

interface ChunkStream {
  timestamp: number
  delta: number
  length: number
  type: number
  streamId: number
  extended: boolean
  parts: Buffer[]
  received: number
}

/**
 * Reads a peer's chunks: basic headers of 1 to 3 bytes, message headers of types 0 to 3 (a
 * type 3 starting a message repeats the last delta, after a type 0 its timestamp), extended
 * timestamps, and the chunk size the peer set.
 */
export class ChunkReader {
  chunkSize = 128
  private readonly streams = new Map<number, ChunkStream>()

  /** Drops a message half read (the peer's Abort). */
  abort(csid: number): void {
    const stream = this.streams.get(csid)
    if (stream) {
      stream.parts = []
      stream.received = 0
    }
  }

  /**
   * Reads one chunk at `offset`: answers the bytes it used (0 when the chunk is not whole yet,
   * and nothing changes) and the message it completed, if any.
   */
  read(b: Buffer, offset: number): { used: number; message?: RtmpMessage } {
    const avail = b.length - offset
    const none = { used: 0 }
    let p = offset
    if (avail < 1) return none
    const first = b[p++]!
    const fmt = first >> 6
    let csid = first & 0x3f
    if (csid === 0) {
      if (avail < 2) return none
      csid = 64 + b[p++]!
    } else if (csid === 1) {
      if (avail < 3) return none
      csid = 64 + b[p]! + b[p + 1]! * 256
      p += 2
    }
    const headerLength = [11, 7, 3, 0][fmt]!
    if (offset + avail < p + headerLength) return none
    const prev = this.streams.get(csid)
    if (!prev && fmt !== 0) throw new Error(`chunk stream ${csid} starts without a full header`)
    const stream: ChunkStream = prev ?? {
      timestamp: 0,
      delta: 0,
      length: 0,
      type: 0,
      streamId: 0,
      extended: false,
      parts: [],
      received: 0,
    }
    const tsField = fmt <= 2 ? b.readUIntBE(p, 3) : 0
    const length = fmt <= 1 ? b.readUIntBE(p + 3, 3) : stream.length
    const type = fmt <= 1 ? b[p + 6]! : stream.type
    const streamId = fmt === 0 ? b.readUInt32LE(p + 7) : stream.streamId
    p += headerLength
    const extended = fmt <= 2 ? tsField === 0xffffff : stream.extended
    let ts = tsField
    if (extended) {
      if (offset + avail < p + 4) return none
      ts = b.readUInt32BE(p)
      p += 4
    }
    if (length > MAX_MESSAGE) throw new Error(`a message of ${length} bytes is too large`)
    const starting = fmt !== 3 || stream.received === 0
    const received = starting ? 0 : stream.received
    const take = Math.min(this.chunkSize, length - received)
    if (offset + avail < p + take) return none
    // The whole chunk is here: commit its header.
    if (fmt === 0) {
      stream.timestamp = ts
      stream.delta = ts
    } else if (fmt === 1 || fmt === 2) {
      stream.delta = ts
      stream.timestamp = (stream.timestamp + ts) >>> 0
    } else if (starting) stream.timestamp = (stream.timestamp + stream.delta) >>> 0
    stream.length = length
    stream.type = type
    stream.streamId = streamId
    stream.extended = extended
    if (starting) stream.parts = []
    stream.parts.push(Buffer.from(b.subarray(p, p + take)))
    stream.received = received + take
    this.streams.set(csid, stream)
    if (stream.received >= length) {
      const payload = stream.parts.length === 1 ? stream.parts[0]! : Buffer.concat(stream.parts)
      stream.parts = []
      stream.received = 0
      return { used: p + take - offset, message: { type, timestamp: stream.timestamp, payload } }
    }
    return { used: p + take - offset }
  }
}

/** One message as chunks of `chunkSize` (a type 0 header, then type 3 ones). */
export function chunked(
  csid: number,
  type: number,
  streamId: number,
  payload: Buffer,
  chunkSize: number,
): Buffer {
  const header = Buffer.alloc(12)
  header.writeUInt8(csid & 0x3f, 0)
  header.writeUIntBE(0, 1, 3)
  header.writeUIntBE(payload.length, 4, 3)
  header.writeUInt8(type, 7)
  header.writeUInt32LE(streamId, 8)
  const parts: Buffer[] = [header]
  for (let at = 0; at < payload.length; at += chunkSize) {
    if (at > 0) parts.push(Buffer.from([0xc0 | (csid & 0x3f)]))
    parts.push(payload.subarray(at, at + chunkSize))
  }
  return Buffer.concat(parts)
}
