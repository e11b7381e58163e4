import { createSocket, type Socket } from 'node:dgram'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  FfmpegProcess,
  locateFfmpeg,
  type FfmpegInstall,
} from '../../../../src/server/media/compose/ffmpeg'
import { RtpCodec } from '../../../../src/server/media/compose/rtp'
import { INGEST_VIDEO, rtpOutputArgs } from '../../../../src/server/media/ingest/rtp-out'

/** A socket on a free loopback port. */
async function bound(): Promise<Socket> {
  const socket = createSocket({ type: 'udp4', recvBufferSize: 8 << 20 })
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
  return socket
}

/**
 * Transcodes a lavfi source as an input user's picture is (`rtpOutputArgs`) and answers the
 * times of the frames that reached the SFU's side, in seconds from the first (RTP timestamps,
 * 90 kHz), one per frame.
 */
async function framesSent(ffmpeg: FfmpegInstall, source: string): Promise<number[]> {
  const rtp = await bound()
  const rtcp = await bound()
  const stamps = new Set<number>()
  rtp.on('message', (packet) => {
    if (packet.length > 12 && (packet[1]! & 0x7f) === RtpCodec.vp8.pt)
      stamps.add(packet.readUInt32BE(4))
  })
  try {
    const publisher = {
      feed: 1,
      port: rtp.address().port,
      rtcpPort: rtcp.address().port,
      ssrcs: [1000],
    }
    const run = new FfmpegProcess(
      ffmpeg.ffmpeg,
      ['-f', 'lavfi', '-i', source, ...rtpOutputArgs({ audio: false, video: true }, publisher)],
      { name: 'transcoder', stdin: false },
    )
    const exit = await run.exited
    expect(exit.code, exit.tail).toBe(0)
    // The last packets on their way through loopback.
    await new Promise((r) => setTimeout(r, 200))
  } finally {
    rtp.close()
    rtcp.close()
  }
  const sorted = [...stamps].sort((a, b) => a - b)
  return sorted.map((t) => (t - sorted[0]!) / 90_000)
}

describe('an input user’s transcoding (rtp-out)', () => {
  let ffmpeg: FfmpegInstall
  beforeAll(() => {
    const found = locateFfmpeg()
    if ('missing' in found) throw new Error(found.missing)
    ffmpeg = found.install
  })
  afterAll(() => undefined)

  it('sends a 15 fps source at 15 fps: no frame is sent twice to make 30', async () => {
    const times = await framesSent(ffmpeg, 'testsrc=size=320x240:rate=15:duration=3')
    // 45 frames made, 45 sent (the fps filter made 90, each frame twice).
    expect(times.length).toBeGreaterThanOrEqual(43)
    expect(times.length).toBeLessThanOrEqual(45)
  })

  it('sends nothing for a gap in the source: a late frame is not copied to fill it', async () => {
    // 30 fps with nothing between 1 s and 3 s (a source that stalled, then came back).
    const times = await framesSent(
      ffmpeg,
      "testsrc=size=320x240:rate=30:duration=4,select='lt(t\\,1)+gte(t\\,3)'",
    )
    expect(times.filter((t) => t > 1.05 && t < 2.95)).toEqual([])
    expect(times.length).toBeGreaterThanOrEqual(58)
    expect(times.length).toBeLessThanOrEqual(60)
  })

  it(`caps a faster source at ${INGEST_VIDEO.fps} fps`, async () => {
    const times = await framesSent(ffmpeg, 'testsrc=size=320x240:rate=60:duration=3')
    expect(times.length).toBeGreaterThanOrEqual(88)
    expect(times.length).toBeLessThanOrEqual(91)
    // Never two frames closer than a 30th of a second (less a millisecond).
    const gaps = times.slice(1).map((t, i) => t - times[i]!)
    expect(Math.min(...gaps)).toBeGreaterThan(1 / 30 - 0.002)
  })
})
