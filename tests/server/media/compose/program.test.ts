import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { freePort } from '../../../../src/server/media/janus/supervisor'
import { describe, expect, it } from 'vitest'
import { ffprobe, FfmpegProcess } from '../../../../src/server/media/compose/ffmpeg'
import { HlsSink, RtmpSink, type SinkState } from '../../../../src/server/media/compose/sinks'
import { yuvOf } from '../../../../src/server/media/compose/yuv'
import { until } from '../werift-peer'
import { composeScratch, quiet, sine, tonedProgram } from './scratch'

describe('the program: one encode, copied to HLS and RTMP', () => {
  const scratch = composeScratch('program')
  const { dir, ffmpeg, cleanup } = scratch

  /** A program whose picture changes colour every frame, with a tone in the mix. */
  function program() {
    let n = 0
    return tonedProgram(
      scratch,
      (frame) => {
        n++
        frame.fill(
          { x: 0, y: 0, width: frame.width, height: frame.height },
          yuvOf(n % 255, 80, 160),
        )
      },
      { tone: sine(440, 8000) },
    )
  }

  it('writes a live HLS window of whole one-second segments with H.264 and AAC, and ends the playlist', async () => {
    const p = program()
    const hls = new HlsSink(ffmpeg, quiet, 'live', {
      dir: join(dir, 'live'),
      segmentSeconds: 1,
      listSize: 4,
    })
    p.add(hls)
    hls.start()
    p.start()
    await until(
      () => readdirSync(join(dir, 'live')).filter((f) => f.endsWith('.ts')).length >= 3,
      30_000,
      'segments',
    )
    const probe = await ffprobe(ffmpeg, hls.playlist)
    expect(probe.streams?.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])
    expect(probe.streams?.find((s) => s.codec_name === 'h264')).toMatchObject({
      width: 1280,
      height: 720,
    })
    await p.stop()
    await hls.end()
    expect(readFileSync(hls.playlist, 'utf8')).toContain('#EXT-X-ENDLIST')
    expect(hls.state.kind).toBe('ended')
  })

  it('pushes to an RTMP receiver, and keeps trying an unreachable one with the reason', async () => {
    const port = await freePort()
    const received = join(dir, 'received.flv')
    // The receiver reports how much it has written (its output clock, in microseconds).
    let receivedUs = 0
    const receiver = new FfmpegProcess(
      ffmpeg.ffmpeg,
      [
        ...['-listen', '1', '-i', `rtmp://127.0.0.1:${port}/live/key`],
        ...['-progress', 'pipe:2', '-c', 'copy', '-y', received],
      ],
      {
        name: 'receiver',
        stdin: false,
        onLine: (line) => {
          const us = /^out_time_us=(\d+)$/.exec(line.trim())?.[1]
          if (us) receivedUs = Math.max(receivedUs, Number(us))
        },
      },
    )
    cleanup.push(() => receiver.stop())
    const p = program()
    const push = new RtmpSink(ffmpeg, quiet, 'push', `rtmp://127.0.0.1:${port}/live/key`)
    const states: SinkState[] = []
    push.onState = (s) => states.push(s)
    const dead = new RtmpSink(ffmpeg, quiet, 'dead', 'rtmp://127.0.0.1:9/live/nobody')
    const deadStates: SinkState[] = []
    dead.onState = (s) => deadStates.push(s)
    p.add(push)
    p.add(dead)
    p.start()
    push.start()
    dead.start()
    await until(() => push.state.kind === 'running', 30_000, 'the push connected')
    await until(
      () => deadStates.some((s) => s.kind === 'retrying'),
      30_000,
      'the dead one retrying',
    )
    expect(deadStates.find((s) => s.kind === 'retrying')).toMatchObject({
      reason: expect.stringMatching(/refused/i),
    })
    // Until the receiver has written 2 s of the program (more than the 1.5 s asked below).
    await until(() => receivedUs > 2_000_000, 30_000, 'two seconds received')
    await push.end()
    await dead.end()
    await receiver.exited
    const probe = await ffprobe(ffmpeg, received)
    expect(probe.streams?.map((s) => s.codec_name).sort()).toEqual(['aac', 'h264'])
    expect(Number(probe.format?.duration)).toBeGreaterThan(1.5)
  })
})
