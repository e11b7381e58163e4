import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffprobe, type FfmpegInstall } from '../../../../src/server/media/compose/ffmpeg'
import { BoxReader, readMoof, readMoov, type Box } from '../../../../src/server/media/compose/fmp4'
import { liveShape } from '../../../../src/server/media/compose/live-sink'
import { LlHlsWriter } from '../../../../src/server/media/compose/ll-hls'
import { readPlaylistState } from '../../../../src/server/media/compose/ll-hls-playlist'
import { ENCODING } from '../../../../src/server/media/compose/program'
import { ffmpegInstall, fragmentedSample } from './fmp4-sample'

/** Feeds `bytes` in uneven pieces (a pipe's reads never line up with boxes). */
function feed(bytes: Buffer, take: (chunk: Buffer) => void): void {
  const sizes = [1, 7, 100, 4093, 65_536, 3]
  for (let at = 0, i = 0; at < bytes.length; i++) {
    const size = sizes[i % sizes.length]!
    take(bytes.subarray(at, at + size))
    at += size
  }
}

/** The parts and segments a playlist lists, in order. */
function listed(text: string) {
  const parts = [
    ...text.matchAll(/#EXT-X-PART:DURATION=([\d.]+),URI="([^"]+)"(,INDEPENDENT=YES)?/g),
  ]
  const segments = [...text.matchAll(/#EXTINF:([\d.]+),\n(\S+)/g)]
  return {
    parts: parts.map((m) => ({ duration: Number(m[1]), name: m[2]!, independent: !!m[3] })),
    segments: segments.map((m) => ({ duration: Number(m[1]), name: m[2]! })),
  }
}

/**
 * The AAC object type in an initialization section's `esds` (its AudioSpecificConfig), or
 * undefined when it has none: browsers need it (the codec string `mp4a.40.2`), and an empty
 * `moov` written before the first packet has none when the sound comes as ADTS.
 */
function aacObjectType(init: Buffer): number | undefined {
  const at = init.indexOf('esds')
  if (at < 0) return undefined
  const end = at - 4 + init.readUInt32BE(at - 4)
  let i = at + 8 // after the type and the version and flags
  while (i < end) {
    const tag = init[i++]!
    let size = 0
    for (let n = 0; n < 4; n++) {
      const byte = init[i++]!
      size = (size << 7) | (byte & 0x7f)
      if (!(byte & 0x80)) break
    }
    if (tag === 0x03)
      i += 3 // ES_ID, flags (none set by ffmpeg); its children follow
    else if (tag === 0x04)
      i += 13 // object type, stream type, buffer size, bitrates
    else if (tag === 0x05) return size > 0 ? init[i]! >> 3 : undefined
    else i += size
  }
  return undefined
}

describe('low-latency HLS from ffmpeg fragmented MP4', () => {
  let install: FfmpegInstall
  let sample: Buffer
  let boxes: Box[]
  const dirs: string[] = []
  const shape = liveShape()
  const frame = 1 / ENCODING.fps
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'roomcast-llhls-'))
    dirs.push(dir)
    return dir
  }

  beforeAll(() => {
    install = ffmpegInstall()
    sample = fragmentedSample(install, 4)
    boxes = new BoxReader().push(sample)
  })
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  it('the stream is an initialization section, then a moof and an mdat a part, whatever the reads', () => {
    const reader = new BoxReader()
    const pieces: Box[] = []
    feed(sample, (chunk) => pieces.push(...reader.push(chunk)))
    expect(reader.pending).toBe(0)
    expect(pieces.map((b) => b.type)).toEqual(boxes.map((b) => b.type))
    const types = boxes.map((b) => b.type).filter((t) => t !== 'mfra')
    expect(types.slice(0, 2)).toEqual(['ftyp', 'moov'])
    const fragments = types.slice(2)
    expect(fragments.length).toBeGreaterThan(20)
    fragments.forEach((type, i) => expect(type).toBe(i % 2 === 0 ? 'moof' : 'mdat'))
  })

  it('every part holds at most the part target of video, contiguous, and starts with a key frame exactly on the key-frame interval', () => {
    const moov = boxes.find((b) => b.type === 'moov')!.bytes
    // The sound's configuration is in the initialization section (AAC LC): browsers refuse
    // 'mp4a.40' without it (ffmpeg writes the moov late enough to have it: delay_moov).
    expect(aacObjectType(moov)).toBe(2)
    const tracks = readMoov(moov)
    const handlers = [...tracks.values()].map((t) => t.handler).sort()
    expect(handlers).toEqual(['soun', 'vide'])
    expect([...tracks.values()].find((t) => t.handler === 'soun')?.timescale).toBe(48_000)
    const videos = boxes
      .filter((b) => b.type === 'moof')
      .map((b) => readMoof(b.bytes, tracks).find((run) => run.handler === 'vide')!)
    let keys = 0
    let frames = 0
    videos.forEach((video, i) => {
      expect(video.duration).toBeLessThanOrEqual(shape.partTarget)
      expect(video.samples).toBeGreaterThan(0)
      expect(video.samples).toBeLessThanOrEqual(8)
      expect(video.startsWithSync).toBe(frames % ENCODING.gopFrames === 0)
      frames += video.samples
      if (video.startsWithSync) keys++
      const next = videos[i + 1]
      if (next) expect(next.start).toBeCloseTo(video.start + video.duration, 6)
    })
    // 4 s of key frames every half second.
    expect(keys).toBe(Math.round(4 / (ENCODING.gopFrames * frame)))
  })

  it('writes parts, one-second segments starting on key frames, and a playlist with the LL-HLS tags', async () => {
    const dir = tempDir()
    const writer = new LlHlsWriter({ dir, ...shape, listSize: 10 })
    feed(sample, (chunk) => writer.write(chunk))
    const open = readFileSync(writer.playlist, 'utf8')
    expect(open).toMatch(/^#EXT-X-PRELOAD-HINT:TYPE=PART,URI="p\d+\.m4s"$/m)
    writer.end()
    const text = readFileSync(writer.playlist, 'utf8')
    expect(text).toContain('#EXT-X-VERSION:9\n')
    expect(text).toContain('#EXT-X-TARGETDURATION:1\n')
    expect(text).toContain(
      '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0.80000,HOLD-BACK=3.00000\n',
    )
    expect(text).toContain('#EXT-X-PART-INF:PART-TARGET=0.26667\n')
    expect(text).toMatch(/#EXT-X-MAP:URI="init\d+\.mp4"\n/)
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true)
    expect(text).not.toContain('PRELOAD-HINT')
    const { parts, segments } = listed(text)
    expect(writer.dropped).toBe(0)
    expect(segments.length).toBe(4)
    for (const segment of segments) expect(segment.duration).toBeCloseTo(1, 4)
    // Parts: those listed are the last segments'; exactly those on a key frame are independent.
    expect(parts.length).toBeGreaterThan(8)
    let time = 0
    for (const part of parts) {
      expect(part.duration).toBeLessThanOrEqual(shape.partTarget)
      const frameIndex = Math.round(time / frame)
      expect(part.independent).toBe(frameIndex % ENCODING.gopFrames === 0)
      time += part.duration
    }
    // Each segment is its parts put together, and begins with a key frame.
    const state = readPlaylistState(text)
    expect(state.ended).toBe(true)
    const body = (name: string) => readFileSync(join(dir, name))
    const lastSegments = segments.slice(-shape.partSegments)
    let at = 0
    for (const segment of lastSegments) {
      const own: Buffer[] = []
      let sum = 0
      const first = parts[at]!
      expect(first.independent).toBe(true)
      while (sum < segment.duration - 1e-4) {
        const part = parts[at++]!
        own.push(body(part.name))
        sum += part.duration
      }
      expect(Buffer.concat(own).equals(body(segment.name))).toBe(true)
    }
    // The initialization section and the segments play as one file: both streams, 4 s.
    const map = /#EXT-X-MAP:URI="([^"]+)"/.exec(text)![1]!
    const whole = join(dir, 'whole.mp4')
    writeFileSync(whole, Buffer.concat([body(map), ...segments.map((s) => body(s.name))]))
    const probe = await ffprobe(install, whole)
    expect(probe.streams?.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])
    expect(Number(probe.format?.duration)).toBeGreaterThan(3.9)
    expect(Number(probe.format?.duration)).toBeLessThan(4.2)
    // The playlist itself plays (ffmpeg's HLS reader takes the segments).
    const listedProbe = await ffprobe(install, writer.playlist)
    expect(Number(listedProbe.format?.duration)).toBeGreaterThan(3.9)
  })

  it('keeps a window of segments and deletes the files of those long gone', () => {
    const dir = tempDir()
    const writer = new LlHlsWriter({ dir, ...shape, listSize: 2 })
    for (let round = 0; round < 3; round++) {
      feed(sample, (chunk) => writer.write(chunk))
      writer.restart()
    }
    writer.end()
    const { segments } = listed(readFileSync(writer.playlist, 'utf8'))
    expect(segments.length).toBe(2)
    const files = readdirSync(dir)
    // Listed, plus the four that left last (a player may still be reading them).
    expect(files.filter((f) => /^s\d+\.m4s$/.test(f)).length).toBe(2 + 4)
    expect(files.filter((f) => f.endsWith('.tmp'))).toEqual([])
    expect(files.filter((f) => f.startsWith('init')).length).toBeLessThanOrEqual(2)
  })

  it('a new ffmpeg: a discontinuity with its own initialization section; a stream cut mid-box loses only that box', () => {
    const dir = tempDir()
    const writer = new LlHlsWriter({ dir, ...shape, listSize: 20 })
    writer.write(sample.subarray(0, Math.floor(sample.length / 2)))
    writer.restart()
    feed(sample, (chunk) => writer.write(chunk))
    writer.end()
    const text = readFileSync(writer.playlist, 'utf8')
    expect(text.match(/#EXT-X-DISCONTINUITY\n/g)?.length).toBe(1)
    const maps = [...text.matchAll(/#EXT-X-MAP:URI="([^"]+)"/g)].map((m) => m[1])
    expect(maps.length).toBe(2)
    expect(maps[0]).not.toBe(maps[1])
    // The segment after the discontinuity begins with the new map.
    expect(text).toMatch(/#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="[^"]+"\n/)
  })

  it('a stream that starts between key frames: parts before the first key frame are dropped', () => {
    const dir = tempDir()
    const writer = new LlHlsWriter({ dir, ...shape, listSize: 10 })
    const [ftyp, moov, ...rest] = boxes
    // Without the first fragment (a key frame), the stream starts on a part that is not one.
    for (const box of [ftyp!, moov!, ...rest.slice(2)]) writer.write(box.bytes)
    writer.end()
    expect(writer.dropped).toBe(1)
    const { parts } = listed(readFileSync(writer.playlist, 'utf8'))
    expect(parts[0]?.independent).toBe(true)
  })
})
