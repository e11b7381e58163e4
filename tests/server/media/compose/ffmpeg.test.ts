import { describe, expect, it } from 'vitest'
import { Broadcasts } from '../../../../src/server/media/compose/broadcasts'
import { FfmpegProcess, locateFfmpeg } from '../../../../src/server/media/compose/ffmpeg'
import { reasonOf, streamKeyOf } from '../../../../src/server/media/compose/sinks'
import { quiet } from './stage'

describe('ffmpeg, located or missing', () => {
  it('answers why when ffmpeg is not there, and live and recording are off with that reason', () => {
    const found = locateFfmpeg({ PATH: '/nonexistent', FFMPEG_BIN: 'ffmpeg' })
    expect(found).toEqual({ missing: 'ffmpeg is not installed (apt-get install ffmpeg)' })
    const broadcasts = new Broadcasts({
      db: { query: () => Promise.reject(new Error('unused')) } as never,
      log: quiet,
      ffmpeg: found,
      dir: '.',
      secret: 's',
      publishers: 4,
    })
    expect(broadcasts.availability).toEqual({
      available: false,
      why: 'ffmpeg is not installed (apt-get install ffmpeg)',
    })
    expect(broadcasts.describe()).toBe(
      'live and recording: off (ffmpeg is not installed (apt-get install ffmpeg))',
    )
  })

  it('finds Debian’s ffmpeg with the encoders the pipelines use', () => {
    const found = locateFfmpeg()
    if ('missing' in found) throw new Error(found.missing)
    expect(found.install.version).toMatch(/^\d/)
  })

  it('a room’s many ffmpegs share one exit hook (a hook each made Node warn of a leak past ten)', async () => {
    const found = locateFfmpeg()
    if ('missing' in found) throw new Error(found.missing)
    const before = process.listenerCount('exit')
    const many = Array.from(
      { length: 12 },
      (_, i) =>
        new FfmpegProcess(
          found.install.ffmpeg,
          ['-f', 'lavfi', '-i', 'nullsrc', '-t', '0.1', '-f', 'null', '-'],
          {
            name: `ffmpeg ${i}`,
            stdin: false,
          },
        ),
    )
    expect(process.listenerCount('exit') - before).toBeLessThanOrEqual(1)
    const exits = await Promise.all(many.map((p) => p.exited))
    expect(exits.map((e) => e.code)).toEqual(many.map(() => 0))
  })

  it('a CDN’s stream key in ffmpeg’s words is hidden from its tail, its lines and the reason', async () => {
    const found = locateFfmpeg()
    if ('missing' in found) throw new Error(found.missing)
    // Nothing listens on port 9 of loopback: ffmpeg fails, naming the URL it could not open.
    const url = 'rtmp://127.0.0.1:9/live/very-secret-key-42'
    const lines: string[] = []
    const push = new FfmpegProcess(
      found.install.ffmpeg,
      ['-f', 'lavfi', '-i', 'nullsrc', '-t', '1', '-f', 'flv', url],
      { name: 'push', stdin: false, secrets: [streamKeyOf(url)], onLine: (l) => lines.push(l) },
    )
    const exit = await push.exited
    expect(exit.code).not.toBe(0)
    expect(exit.tail).toMatch(/refused|failed|error/i)
    expect(exit.tail).toContain('••••')
    expect([exit.tail, ...lines, reasonOf(exit)].join('\n')).not.toContain('very-secret-key-42')
    expect(streamKeyOf('rtmp://cdn.example.com/app/')).toBe('')
  })
})
