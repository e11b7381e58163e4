import { describe, expect, it } from 'vitest'
import { Broadcasts } from '../../../../src/server/media/compose/broadcasts'
import { locateFfmpeg } from '../../../../src/server/media/compose/ffmpeg'
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
})
