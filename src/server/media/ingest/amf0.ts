/**
 * AMF0, the encoding of RTMP's commands and metadata: numbers, booleans, strings, objects,
 * null and undefined, ECMA and strict arrays (what publishers send: OBS, ffmpeg, hardware
 * encoders). Dates decode to their milliseconds; anything else is refused.
 */
export type Amf = number | boolean | string | null | undefined | Amf[] | { [key: string]: Amf }

const enum Marker {
  number = 0,
  boolean = 1,
  string = 2,
  object = 3,
  null = 5,
  undefined = 6,
  ecmaArray = 8,
  objectEnd = 9,
  strictArray = 10,
  date = 11,
  longString = 12,
}

export class AmfError extends Error {}

class Reader {
  offset = 0
  constructor(private readonly buf: Buffer) {}

  get done(): boolean {
    return this.offset >= this.buf.length
  }

  private need(n: number): void {
    if (this.offset + n > this.buf.length) throw new AmfError('AMF0 value cut short')
  }

  u8(): number {
    this.need(1)
    return this.buf.readUInt8(this.offset++)
  }

  shortString(): string {
    this.need(2)
    const n = this.buf.readUInt16BE(this.offset)
    this.need(2 + n)
    const s = this.buf.toString('utf8', this.offset + 2, this.offset + 2 + n)
    this.offset += 2 + n
    return s
  }

  value(depth = 0): Amf {
    if (depth > 16) throw new AmfError('AMF0 nested too deep')
    const marker = this.u8()
    switch (marker) {
      case Marker.number: {
        this.need(8)
        const n = this.buf.readDoubleBE(this.offset)
        this.offset += 8
        return n
      }
      case Marker.boolean:
        return this.u8() !== 0
      case Marker.string:
        return this.shortString()
      case Marker.longString: {
        this.need(4)
        const n = this.buf.readUInt32BE(this.offset)
        this.need(4 + n)
        const s = this.buf.toString('utf8', this.offset + 4, this.offset + 4 + n)
        this.offset += 4 + n
        return s
      }
      case Marker.null:
        return null
      case Marker.undefined:
        return undefined
      case Marker.ecmaArray:
        this.need(4)
        this.offset += 4 // an advisory count; the properties end with the end marker
        return this.properties(depth)
      case Marker.object:
        return this.properties(depth)
      case Marker.strictArray: {
        this.need(4)
        const n = this.buf.readUInt32BE(this.offset)
        this.offset += 4
        if (n > 65536) throw new AmfError('AMF0 array too long')
        return Array.from({ length: n }, () => this.value(depth + 1))
      }
      case Marker.date: {
        this.need(10)
        const ms = this.buf.readDoubleBE(this.offset)
        this.offset += 10
        return ms
      }
      default:
        throw new AmfError(`AMF0 type ${marker} is not supported`)
    }
  }

  private properties(depth: number): { [key: string]: Amf } {
    const out: { [key: string]: Amf } = {}
    for (;;) {
      const key = this.shortString()
      if (key === '') {
        if (this.u8() !== Marker.objectEnd) throw new AmfError('AMF0 object without its end')
        return out
      }
      out[key] = this.value(depth + 1)
    }
  }
}

/** Every value in the buffer, in order (a command: name, transaction id, arguments). */
export function decodeAmf0(buf: Buffer): Amf[] {
  const reader = new Reader(buf)
  const values: Amf[] = []
  while (!reader.done) values.push(reader.value())
  return values
}

function encodeOne(value: Amf, parts: Buffer[]): void {
  if (value === null) parts.push(Buffer.from([Marker.null]))
  else if (value === undefined) parts.push(Buffer.from([Marker.undefined]))
  else if (typeof value === 'number') {
    const b = Buffer.alloc(9)
    b.writeUInt8(Marker.number, 0)
    b.writeDoubleBE(value, 1)
    parts.push(b)
  } else if (typeof value === 'boolean') parts.push(Buffer.from([Marker.boolean, value ? 1 : 0]))
  else if (typeof value === 'string') {
    const s = Buffer.from(value, 'utf8')
    const head = Buffer.alloc(3)
    head.writeUInt8(Marker.string, 0)
    head.writeUInt16BE(s.length, 1)
    parts.push(head, s)
  } else if (Array.isArray(value)) {
    const head = Buffer.alloc(5)
    head.writeUInt8(Marker.strictArray, 0)
    head.writeUInt32BE(value.length, 1)
    parts.push(head)
    for (const v of value) encodeOne(v, parts)
  } else {
    parts.push(Buffer.from([Marker.object]))
    for (const [key, v] of Object.entries(value)) {
      const k = Buffer.from(key, 'utf8')
      const len = Buffer.alloc(2)
      len.writeUInt16BE(k.length, 0)
      parts.push(len, k)
      encodeOne(v, parts)
    }
    parts.push(Buffer.from([0, 0, Marker.objectEnd]))
  }
}

export function encodeAmf0(...values: Amf[]): Buffer {
  const parts: Buffer[] = []
  for (const v of values) encodeOne(v, parts)
  return Buffer.concat(parts)
}
