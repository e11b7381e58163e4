import { describe, expect, it } from 'vitest'
import { fileNamesOf } from '../../../src/server/agora/cloud-recording-api'
import { layoutRegions, transcodingConfig } from '../../../src/server/agora/cloud-recording-layout'
import {
  agoraRecordingSettingsFromEnv,
  checkRecordingSettings,
} from '../../../src/server/agora/cloud-recording-settings'
import { settingsFromEnv } from '../../../src/server/config'
import { bucketKey, cloudFileOf } from '../../../src/server/rooms/recording-files'
import type { RoomRow } from '../../../src/server/store/rooms'
import type { Member } from '../../../streams/wire/member'

const env = {
  AGORA_CUSTOMER_ID: 'cid',
  AGORA_CUSTOMER_SECRET: 'cs',
  AGORA_RECORDING_VENDOR: '1',
  AGORA_RECORDING_REGION: '3',
  AGORA_RECORDING_BUCKET: 'b',
  AGORA_RECORDING_ACCESS_KEY: 'ak',
  AGORA_RECORDING_SECRET_KEY: 'sk',
  AGORA_RECORDING_PREFIX: 'roomcast/recordings',
  AGORA_RECORDING_PLAYBACK_URL: 'https://cdn.example.com/{file}',
}

describe('Agora cloud recording settings', () => {
  it('are read from the environment, checked, and turned into Basic auth and storageConfig', () => {
    const checked = checkRecordingSettings(agoraRecordingSettingsFromEnv(env))
    expect(checked).toEqual({
      ok: true,
      restUrl: 'https://api.agora.io',
      auth: `Basic ${Buffer.from('cid:cs').toString('base64')}`,
      storage: {
        vendor: 1,
        region: 3,
        bucket: 'b',
        accessKey: 'ak',
        secretKey: 'sk',
        fileNamePrefix: ['roomcast', 'recordings'],
      },
      playbackUrl: 'https://cdn.example.com/{file}',
    })
  })

  it('name every setting that is missing or wrong; a local server starts with them wrong', () => {
    const wrong = {
      ...env,
      AGORA_CUSTOMER_SECRET: '',
      AGORA_RECORDING_REGION: 'us-east-1',
      AGORA_RECORDING_PREFIX: 'room-cast/x',
      AGORA_RECORDING_PLAYBACK_URL: 'https://cdn.example.com/',
      AGORA_REST_URL: 'api.agora.io',
    }
    const checked = checkRecordingSettings(agoraRecordingSettingsFromEnv(wrong))
    expect(checked.ok).toBe(false)
    expect(!checked.ok && checked.problems).toEqual([
      "AGORA_REST_URL must be an http(s) URL, got 'api.agora.io'",
      'AGORA_CUSTOMER_SECRET is not set',
      "AGORA_RECORDING_REGION must be a whole number from 0 to 100, got 'us-east-1'",
      "AGORA_RECORDING_PLAYBACK_URL must be an http(s) URL with {file}, got 'https://cdn.example.com/'",
      "AGORA_RECORDING_PREFIX must be up to 5 folders of letters and digits (a/b), got 'room-cast/x'",
    ])
    expect(() => settingsFromEnv(wrong)).not.toThrow()
  })
})

describe('files and layout', () => {
  it('lists the MP4 first from either file list mode, at its key in the bucket', () => {
    expect(fileNamesOf('sid_c.m3u8')).toEqual(['sid_c.m3u8'])
    expect(
      fileNamesOf([{ filename: 'a/sid_c.m3u8' }, { fileName: 'a/sid_c_0.mp4' }, { filename: '' }]),
    ).toEqual(['a/sid_c_0.mp4', 'a/sid_c.m3u8'])
    expect(bucketKey('sid_c.mp4', 'x/y')).toBe('x/y/sid_c.mp4')
    expect(bucketKey('x/y/sid_c.mp4', 'x/y')).toBe('x/y/sid_c.mp4')
    expect(bucketKey('sid_c.mp4', undefined)).toBe('sid_c.mp4')
    const settings = agoraRecordingSettingsFromEnv(env)
    expect(cloudFileOf('sid c.mp4', settings)).toEqual({
      fileId: 'roomcast/recordings/sid c.mp4',
      url: 'https://cdn.example.com/roomcast/recordings/sid%20c.mp4',
      size: 0,
      contentType: 'video/mp4',
    })
  })

  it('[LAYOUT-1] maps the CDN layout to the composite layout: a shared screen large, cameras in the column', () => {
    const room = {
      layout: 'p_board_column',
      large_uid: '',
      main_screen_uid: '',
      layout_items: '[]',
      share_screen: 1,
    } as unknown as RoomRow
    const member = (uid: string, role: 1 | 2 | 3) => ({ uid, role }) as Member
    const regions = layoutRegions(room, [member('11', 1), member('22', 2), member('33', 3)])
    expect(regions).toEqual([
      { x_axis: 0, y_axis: 0, width: 0.75, height: 1, alpha: 1, render_mode: 1 },
      { uid: '11', x_axis: 0.75, y_axis: 0, width: 0.25, height: 0.25, alpha: 1, render_mode: 0 },
      {
        uid: '22',
        x_axis: 0.75,
        y_axis: 0.25,
        width: 0.25,
        height: 0.25,
        alpha: 1,
        render_mode: 0,
      },
    ])
  })

  it('[LAYOUT-1] a shared board takes its place under its stage uid (no name card), unless a screen is shared', () => {
    const room = {
      layout: 'p_board_column',
      large_uid: '',
      main_screen_uid: '',
      layout_items: '[]',
      share_screen: 0,
      share_board: 1,
    } as unknown as RoomRow
    const member = (uid: string, role: 1 | 2) => ({ uid, role, userName: `n${uid}` }) as Member
    const members = [member('110000', 1), member('220000', 2)]
    const regions = layoutRegions(room, members, '12345')
    expect(regions.map((r) => [r.uid, r.x_axis, r.width, r.render_mode])).toEqual([
      ['12345', 0, 0.75, 1],
      ['110000', 0.75, 0.25, 0],
      ['220000', 0.75, 0.25, 0],
    ])
    const config = transcodingConfig(
      room,
      members,
      '720p',
      'https://meet.example/media/cards',
      '12345',
    )
    const backgrounds = config.backgroundConfig as { uid: string }[]
    expect(backgrounds.map((b) => b.uid)).toEqual(['110000', '220000'])
    // No stage uid (the board is not shared): no board place, as before.
    expect(layoutRegions(room, members).map((r) => r.uid)).toEqual(['110000', '220000'])
    // A shared screen wins over the board (spec §7), its place naming no uid.
    const screen = layoutRegions({ ...room, share_screen: 1 }, members, '12345')
    expect(screen.map((r) => r.uid)).toEqual([undefined, '110000', '220000'])
  })
})
