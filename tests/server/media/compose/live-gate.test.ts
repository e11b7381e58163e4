import { describe, expect, it } from 'vitest'
import { LiveGate } from '../../../../src/server/media/compose/live-gate'
import {
  frameOf,
  ivfFrame,
  ivfHeader,
  RtpReorder,
  Vp8Assembler,
  type Vp8Frame,
} from '../../../../src/server/media/compose/vp8-frames'

/** A VP8 frame: a key frame's tag and start code with its size, or an inter frame's tag. */
function vp8(key: boolean, bytes = 40, shown = true): Buffer {
  const data = Buffer.alloc(bytes, 7)
  data[0] = (key ? 0 : 1) | (shown ? 0x10 : 0)
  if (key) {
    data.set([0x9d, 0x01, 0x2a], 3)
    data.writeUInt16LE(320, 6)
    data.writeUInt16LE(180, 8)
  }
  return data
}

const frame = (key: boolean): Vp8Frame => frameOf(vp8(key))

/** A gate with its decoder played by the test: what it was handed, and the key frames asked. */
function gate() {
  const written: { key: boolean; pts: number }[] = []
  let asked = 0
  const g = new LiveGate(
    {
      write: (f, pts) => written.push({ key: f.key, pts }),
      wantKeyframe: () => asked++,
    },
    { window: 3, maxWaitMs: 300, startWindow: 5 },
  )
  return { g, written, asked: () => asked }
}

describe('the live gate between a camera and its decoder', () => {
  it('starts at a key frame, and keeps at most its window of frames in the decoder', () => {
    const { g, written } = gate()
    g.push(frame(false), 0)
    expect(written).toEqual([])
    for (let i = 0; i < 8; i++) g.push(frame(i === 0), i * 10)
    // Before the decoder's first picture it may take a few more (ffmpeg reads some to start).
    expect(written.map((w) => w.pts)).toEqual([0, 1, 2, 3, 4])
    g.decoded(2, 80)
    expect(g.decoding).toBe(3)
    // Frame 2 came at 20 ms and left the decoder at 80 ms.
    expect(g.lags).toEqual([60])
    expect(written.map((w) => w.pts)).toEqual([0, 1, 2, 3, 4, 5])
    g.decoded(5, 90)
    expect(written.map((w) => w.pts)).toEqual([0, 1, 2, 3, 4, 5, 6, 7])
    expect(g.decoding).toBe(2)
    expect(g.dropped).toBe(1)
  })

  it('drops frames that waited too long for a decoder that fell behind, and asks for a key frame, instead of queueing them', () => {
    const { g, written, asked } = gate()
    g.push(frame(true), 0)
    g.decoded(0, 10)
    // The decoder stalls: a camera at 30 fps goes on for 10 s.
    for (let i = 1; i <= 300; i++) g.push(frame(false), i * 33)
    // Bounded: never more than the window in the decoder, nothing older than 300 ms waiting.
    expect(g.decoding).toBe(3)
    expect(written).toHaveLength(4)
    expect(g.queued).toBe(0)
    expect(g.dropped).toBe(300 - 3)
    expect(asked()).toBeGreaterThanOrEqual(1)
    // The decoder catches up; inter frames are refused until a key frame, which goes in at once.
    g.decoded(3, 10_000)
    g.push(frame(false), 10_010)
    expect(written).toHaveLength(4)
    g.push(frame(true), 10_040)
    expect(written.at(-1)).toEqual({ key: true, pts: 4 })
  })

  it('never hands the decoder a frame that waited longer than its limit, however slow the decoder is', () => {
    const arrival = new Map<Vp8Frame, number>()
    const ages: number[] = []
    const inDecoder: number[] = []
    let now = 0
    const g = new LiveGate(
      {
        write: (f, pts) => {
          ages.push(now - arrival.get(f)!)
          inDecoder.push(pts)
        },
        wantKeyframe: () => undefined,
      },
      { window: 3, maxWaitMs: 300, startWindow: 5 },
    )
    // A camera at 30 fps with a key frame a second; a decoder that takes 50 ms a frame (slower
    // than the camera) and stalls for 2 s every 5 s.
    let busyUntil = 0
    let stalls = 0
    for (now = 0; now < 30_000; now++) {
      if (now % 33 === 0) {
        const f = frame(now % 990 === 0)
        arrival.set(f, now)
        g.push(f, now)
      }
      if (now < busyUntil || inDecoder.length === 0) continue
      const stall = Math.floor(now / 5000) > stalls
      if (stall) stalls++
      busyUntil = now + (stall ? 2000 : 50)
      g.decoded(inDecoder.shift()!, now)
    }
    expect(ages.length).toBeGreaterThan(100)
    expect(Math.max(...ages)).toBeLessThanOrEqual(300)
    expect(g.dropped).toBeGreaterThan(100)
  })

  it('replaces frames still waiting with a key frame that arrives (nothing before it is needed)', () => {
    const { g, written } = gate()
    g.push(frame(true), 0)
    g.decoded(0, 1)
    for (let i = 1; i <= 5; i++) g.push(frame(false), i)
    expect(g.queued).toBe(2)
    g.push(frame(true), 6)
    expect(g.queued).toBe(1)
    expect(g.dropped).toBe(2)
    g.decoded(3, 7)
    expect(written.at(-1)).toEqual({ key: true, pts: 4 })
  })

  it('after a lost packet waits for a key frame and asks for one', () => {
    const { g, written, asked } = gate()
    g.push(frame(true), 0)
    g.lost()
    expect(asked()).toBe(1)
    g.push(frame(false), 1)
    expect(written).toHaveLength(1)
    g.push(frame(true), 2)
    expect(written).toHaveLength(2)
  })
})

/** RTP packets of one VP8 frame (RFC 7741), `size` bytes of it each, the last with the marker. */
function packets(data: Buffer, seq: number, timestamp: number, size = 16): Buffer[] {
  const out: Buffer[] = []
  for (let at = 0; at < data.length; at += size) {
    const chunk = data.subarray(at, at + size)
    const header = Buffer.alloc(12)
    header[0] = 0x80
    header[1] = 96 | (at + size >= data.length ? 0x80 : 0)
    header.writeUInt16BE((seq + out.length) & 0xffff, 2)
    header.writeUInt32BE(timestamp, 4)
    header.writeUInt32BE(1234, 8)
    // The descriptor with a 15-bit picture id, then the frame's bytes.
    const descriptor = Buffer.from([at === 0 ? 0x90 : 0x80, 0x80, 0x80 | 1, 2])
    out.push(Buffer.concat([header, descriptor, chunk]))
  }
  return out
}

describe('VP8 frames from RTP packets', () => {
  it('puts a frame together from its packets, and tells a key frame and its size', () => {
    const assembler = new Vp8Assembler()
    const key = vp8(true, 50)
    const steps = packets(key, 65534, 9000).map((p) => assembler.push(p))
    expect(steps.slice(0, -1).every((s) => s === undefined)).toBe(true)
    const last = steps.at(-1)!
    expect(last.lost).toBe(false)
    expect(last.frame).toMatchObject({ key: true, shown: true, width: 320, height: 180 })
    expect(last.frame!.data.equals(key)).toBe(true)
    // The sequence numbers wrapped; the next frame follows on.
    const next = packets(vp8(false, 20), 2, 12_000).map((p) => assembler.push(p))
    expect(next.at(-1)).toMatchObject({ lost: false, frame: { key: false } })
  })

  it('reports a frame that lost a packet as lost, and goes on with the next whole one', () => {
    const assembler = new Vp8Assembler()
    const first = packets(vp8(true, 50), 10, 0)
    first.splice(1, 1)
    expect(first.map((p) => assembler.push(p)).filter((s) => s?.lost)).toHaveLength(1)
    const second = packets(vp8(false, 30), 14, 3000).map((p) => assembler.push(p))
    expect(second.at(-1)).toMatchObject({ lost: false, frame: { key: false } })
    // Packets missing between two frames: said at the next frame's first packet.
    const third = packets(vp8(false, 30), 40, 6000).map((p) => assembler.push(p))
    expect(third[0]).toEqual({ lost: true })
    expect(third.at(-1)).toMatchObject({ lost: false, frame: { key: false } })
  })

  it('puts packets back in order, gives up a missing one after a few, and drops it when it comes late', () => {
    const reorder = new RtpReorder(3)
    const rtp = (seq: number) => {
      const p = Buffer.alloc(13)
      p[0] = 0x80
      p.writeUInt16BE(seq & 0xffff, 2)
      return p
    }
    const seqs = (out: Buffer[]) => out.map((p) => p.readUInt16BE(2))
    expect(seqs(reorder.push(rtp(65535)))).toEqual([65535])
    expect(seqs(reorder.push(rtp(1)))).toEqual([])
    expect(seqs(reorder.push(rtp(0)))).toEqual([0, 1])
    // 2 never comes: after 3 more held, the rest goes on without it.
    expect(seqs(reorder.push(rtp(3)))).toEqual([])
    expect(seqs(reorder.push(rtp(4)))).toEqual([])
    expect(seqs(reorder.push(rtp(5)))).toEqual([])
    expect(seqs(reorder.push(rtp(6)))).toEqual([3, 4, 5, 6])
    expect(seqs(reorder.push(rtp(2)))).toEqual([])
    // A new stream far away starts again.
    expect(seqs(reorder.push(rtp(30_000)))).toEqual([30_000])
  })

  it('writes IVF as ffmpeg reads it: a 32-byte header, then each frame with its size and number', () => {
    const header = ivfHeader(320, 180)
    expect(header.subarray(0, 4).toString('latin1')).toBe('DKIF')
    expect(header.subarray(8, 12).toString('latin1')).toBe('VP80')
    expect([header.readUInt16LE(12), header.readUInt16LE(14)]).toEqual([320, 180])
    const out = ivfFrame(Buffer.from([1, 2, 3]), 7)
    expect(out.readUInt32LE(0)).toBe(3)
    expect(out.readBigUInt64LE(4)).toBe(7n)
  })
})
