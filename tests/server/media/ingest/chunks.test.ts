import { describe, expect, it } from 'vitest'
import { decodeAmf0, encodeAmf0 } from '../../../../src/server/media/ingest/amf0'
import { ChunkReader, chunked } from '../../../../src/server/media/ingest/chunks'

/** Reads every chunk of `bytes`; answers the messages completed and the bytes left unread. */
function readAll(reader: ChunkReader, bytes: Buffer) {
  const messages: { type: number; timestamp: number; payload: Buffer }[] = []
  let offset = 0
  for (;;) {
    const { used, message } = reader.read(bytes, offset)
    if (used === 0) break
    offset += used
    if (message) messages.push(message)
  }
  return { messages, left: bytes.length - offset }
}

describe('RTMP ingest: AMF0 and the chunk stream', () => {
  it('AMF0 commands decode as encoded (strings, numbers, objects, null, arrays)', () => {
    const values = [
      'connect',
      1,
      { app: 'live', tcUrl: 'rtmp://h/live', nested: { ok: true } },
      null,
      [1, 'x'],
    ]
    expect(decodeAmf0(encodeAmf0(...values))).toEqual(values)
    expect(() => decodeAmf0(encodeAmf0('connect').subarray(0, 4))).toThrow(/cut short/)
  })

  it('a message cut in chunks is read whole, and a chunk not all there takes nothing', () => {
    const payload = Buffer.alloc(300, 7)
    const bytes = chunked(6, 9, 1, payload, 128)
    const reader = new ChunkReader()
    expect(readAll(reader, bytes.subarray(0, 100))).toEqual({ messages: [], left: 100 })
    const { messages, left } = readAll(reader, bytes)
    expect(left).toBe(0)
    expect(messages).toHaveLength(1)
    expect(messages[0]).toMatchObject({ type: 9, timestamp: 0 })
    expect(messages[0]!.payload.equals(payload)).toBe(true)
  })

  it('type 1, 2 and 3 headers add their deltas; an extended timestamp is read', () => {
    const reader = new ChunkReader()
    // Type 0 at t=0x01000000 (extended), 2 bytes of audio.
    const first = Buffer.from([
      0x04, 0xff, 0xff, 0xff, 0x00, 0x00, 0x02, 0x08, 1, 0, 0, 0, 0x01, 0x00, 0x00, 0x00, 0xaa,
      0xbb,
    ])
    // Type 2: delta 20, same length and type.
    const second = Buffer.from([0x84, 0x00, 0x00, 0x14, 0xcc, 0xdd])
    // Type 3 starting a new message: the same delta again.
    const third = Buffer.from([0xc4, 0xee, 0xff])
    const { messages } = readAll(reader, Buffer.concat([first, second, third]))
    expect(messages.map((m) => m.timestamp)).toEqual([0x01000000, 0x01000014, 0x01000028])
    expect(messages.map((m) => m.payload.toString('hex'))).toEqual(['aabb', 'ccdd', 'eeff'])
  })

  it('a chunk stream that starts without a full header is a protocol error', () => {
    expect(() => new ChunkReader().read(Buffer.from([0xc7, 0, 0]), 0)).toThrow(/full header/)
  })
})
