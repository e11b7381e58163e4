import { describe, expect, it } from 'vitest'
import * as C from '@streams/wire/constants'
import { ControlCode } from '@streams/wire/control'
import { PeerCmd, PeerRole, RequestAction, RequestType } from '@streams/wire/peer'
import { Role, boardIdentity, clientRole } from '@streams/wire/roles'
import {
  BOARD_COLUMN_EXTRAS,
  DEFAULT_LAYOUT,
  LAYOUTS,
  LAYOUT_PROFILES,
  MOBILE_PROFILE,
  SCREEN_PRESETS,
  nineLayoutSize,
  sizeByOthers,
} from '@streams/wire/video'
import { Cmd } from '@streams/wire/channel'

describe('spec §9 constants', () => {
  it('names every timing and limit of spec §9 with its value', () => {
    expect([C.TOAST_MS, C.WARNING_TOAST_MS, C.CHUNK_LOAD_TIMEOUT_MS, C.NAME_MAX_LENGTH]).toEqual([
      2000, 5000, 120000, 20,
    ])
    expect([C.RECORDING_MIN_SECONDS, C.LOGIN_SYSTEM_ID, C.BOARD_DEFAULT_SCALE]).toEqual([
      15, 65, 0.65,
    ])
    expect([C.PROTOCOL_VERSION, C.COUNTDOWN_REFRESH_MS, C.COUNTDOWN_FAILURE_DECREMENT]).toEqual([
      1, 600000, 5,
    ])
    expect([C.FIRST_LIVE_STATE_DELAY_MS, ...C.REDIRECT_DELAYS_MS, C.SHARE_LAYOUT_DELAY_MS]).toEqual(
      [8000, 1000, 1500, 2000, 500],
    )
    expect([C.DEFAULT_SHARE_RESOLUTION, C.SCREEN_PROFILE, DEFAULT_LAYOUT]).toEqual([
      '1080p',
      '720p_2',
      'p_all_1',
    ])
    expect([C.NETWORK_QUALITY_DEFAULT, C.RTMP_UID_LENGTH]).toEqual([1, 4])
    expect(C.MEDIA_KINDS).toEqual(['audio', 'video', 'all'])
    expect(C.RESOLUTIONS).toEqual(['480p', '4k', '1080p_3', '720p', '480p_10', '120p'])
    expect(C.VIDEO_PREFERENCES).toEqual(['balanced', 'motion', 'detail'])
    expect([C.OPEN, C.CLOSED, C.ONLINE, C.OFFLINE]).toEqual([1, 0, 1, 0])
  })

  it('[ERR-2] toasts last 2000 ms, warning toasts 5000 ms; dialog labels are confirm and reject', () => {
    expect(C.TOAST_MS).toBe(2000)
    expect(C.WARNING_TOAST_MS).toBe(5000)
    expect([C.DIALOG_CONFIRM_LABEL, C.DIALOG_REJECT_LABEL]).toEqual(['confirm', 'reject'])
  })

  it('[TRACK-7] the low stream is 500 kbps 160x120 at 120; the mic has AEC and ANS on, AGC off, mono', () => {
    expect(C.LOW_STREAM).toEqual({ width: 160, height: 120, bitrate: 500, framerate: 120 })
    expect(C.MIC_CONFIG).toEqual({ AEC: true, ANS: true, AGC: false, channelCount: 1 })
  })

  it('[LIVE-1] live states are READY 0, LIVING 1, PAUSE 2, END 3', () => {
    expect(C.LiveState).toEqual({ READY: 0, LIVING: 1, PAUSE: 2, END: 3 })
  })

  it('[REC-3] recording playback status strings are recording, finished, server preparing download, convert, save', () => {
    expect(C.RECORDING_STATUS).toEqual([
      'recording',
      'finished',
      'server preparing download',
      'convert',
      'save',
    ])
  })

  it('[MSG-10] business message types are lucky, signIn, liquorOfInviting, liquorOfRespect, cheers', () => {
    expect(C.BUSINESS_TYPES).toEqual([
      'lucky',
      'signIn',
      'liquorOfInviting',
      'liquorOfRespect',
      'cheers',
    ])
  })
})

describe('roles, requests and control codes', () => {
  it('[ROLE-1] roles are 1 host, 2 conferee, 3 CDN audience, 4 projection; client strings host and audience; board identity host or guest', () => {
    expect(Role).toEqual({ host: 1, conferee: 2, cdnAudience: 3, projection: 4 })
    expect([1, 2, 3, 4].map(clientRole)).toEqual(['host', 'audience', 'audience', 'audience'])
    expect([1, 2, 3, 4].map(boardIdentity)).toEqual(['host', 'guest', 'guest', 'guest'])
  })

  it('[APPLY-1] request types audio 1 video 2 board 3 chat 4; actions accept 1 reject 2; peer roles Approver 1 Applicant 2 Notice 3', () => {
    expect(RequestType).toEqual({ audio: 1, video: 2, board: 3, chat: 4 })
    expect(RequestAction).toEqual({ accept: 1, reject: 2 })
    expect(PeerRole).toEqual({ approver: 1, applicant: 2, notice: 3 })
  })

  it('[APPLY-5] peer message cmd 1 is an invite, 2 an apply, 4 a user-state message', () => {
    expect(PeerCmd).toEqual({ invite: 1, apply: 2, userState: 4 })
  })

  it('[APPLY-6] control codes fill exactly the ranges 101-104, 105-108, 110, 111-115, 200-201, 301-302, 401-402, 501-502', () => {
    const codes = Object.values(ControlCode).sort((a, b) => a - b)
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i)
    expect(codes).toEqual([
      ...range(101, 108),
      110,
      ...range(111, 115),
      200,
      201,
      301,
      302,
      401,
      402,
      501,
      502,
    ])
    expect([ControlCode.muteAudio, ControlCode.muteAllChat, ControlCode.unmuteAllChat]).toEqual([
      101, 501, 502,
    ])
  })

  it('[MSG-7] channel command numbers are exactly those of spec §9', () => {
    const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i)
    expect(Object.values(Cmd).sort((a, b) => a - b)).toEqual([...range(1, 31), 41])
    expect([
      Cmd.chat,
      Cmd.kickOut,
      Cmd.meetingEnd,
      Cmd.liveStateChanges,
      Cmd.answerTheQuestion,
    ]).toEqual([1, 8, 13, 27, 41])
  })

  it('[MSG-11] meeting topics 0 and 1 are base, 2 is newYear', () => {
    expect(C.TOPICS).toEqual({ 0: 'base', 1: 'base', 2: 'newYear' })
  })
})

describe('layouts and video profiles', () => {
  it('[LAYOUT-1] layouts are p_board_column, p_board_row, p_all_1 (default), p_17_1, p_8_1, p_9_1', () => {
    expect(LAYOUTS).toEqual([
      'p_board_column',
      'p_board_row',
      'p_all_1',
      'p_17_1',
      'p_8_1',
      'p_9_1',
    ])
    expect(DEFAULT_LAYOUT).toBe('p_all_1')
  })

  const profile = (width: number, height: number, bitrate: number, frameRate: number) => ({
    width,
    height,
    bitrate,
    frameRate,
  })

  it('[VIDEO-1] the 17- and 8-user layouts: large 660x280 260 kbps 30 fps, other 240x100 240 kbps 15 fps', () => {
    for (const layout of ['p_17_1', 'p_8_1'] as const)
      expect(LAYOUT_PROFILES[layout]).toEqual({
        large: profile(660, 280, 260, 30),
        other: profile(240, 100, 240, 15),
      })
  })

  it('[VIDEO-2] the all-1 layout: large 720x300 310 kbps 30 fps, other 192x80 120 kbps 15 fps', () => {
    expect(LAYOUT_PROFILES.p_all_1).toEqual({
      large: profile(720, 300, 310, 30),
      other: profile(192, 80, 120, 15),
    })
  })

  it('[VIDEO-3] board column: large 1280x720 1130, other 220x120 80, extras 848x480 610, 900x500 500, 320x320 200', () => {
    expect(LAYOUT_PROFILES.p_board_column).toEqual({
      large: profile(1280, 720, 1130, 15),
      other: profile(220, 120, 80, 15),
    })
    expect(BOARD_COLUMN_EXTRAS.map((p) => [p.width, p.height, p.bitrate])).toEqual([
      [848, 480, 610],
      [900, 500, 500],
      [320, 320, 200],
    ])
  })

  it('[VIDEO-4] board row: large 848x480 610 kbps, other 220x120 80 kbps', () => {
    const { large, other } = LAYOUT_PROFILES.p_board_row
    expect([large.width, large.height, large.bitrate]).toEqual([848, 480, 610])
    expect([other.width, other.height, other.bitrate]).toEqual([220, 120, 80])
  })

  it('[VIDEO-5] mobile uses a fixed 640x480 500 kbps 15 fps', () => {
    expect(MOBILE_PROFILE).toEqual(profile(640, 480, 500, 15))
  })

  it('[VIDEO-6] size by count of others: 1 720x280, 2 360x280, 3-4 360x140, 5-6 240x140, 7-9 240x100', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map(sizeByOthers).map((s) => `${s.width}x${s.height}`),
    ).toEqual([
      '720x280',
      '360x280',
      '360x140',
      '360x140',
      '240x140',
      '240x140',
      '240x100',
      '240x100',
      '240x100',
    ])
  })

  it('[VIDEO-7] the 9-user layout: large 940x400; 2 tiles 400x240; 3-4 424x180; 5-6 455x125; >6 310x125; 600 kbps 24 fps', () => {
    expect(
      [1, 2, 3, 4, 5, 6, 7, 9].map(nineLayoutSize).map((s) => `${s.width}x${s.height}`),
    ).toEqual([
      '940x400',
      '400x240',
      '424x180',
      '424x180',
      '455x125',
      '455x125',
      '310x125',
      '310x125',
    ])
    const { large, other } = LAYOUT_PROFILES.p_9_1
    expect([large.width, large.height, large.bitrate, large.frameRate]).toEqual([940, 400, 600, 24])
    expect([other.bitrate, other.frameRate]).toEqual([600, 24])
  })

  it('[SCREEN-4] screen presets have exactly the size, fps and kbps of spec §9', () => {
    const rows = Object.values(SCREEN_PRESETS).map((p) => [
      p.name,
      `${p.width}x${p.height}`,
      p.frameRate,
      p.bitrate,
    ])
    expect(rows).toEqual([
      ['720p', '1280x720', 5, 800],
      ['720p_2', '1280x720', 24, 2000],
      ['720p_3', '1280x720', 15, 1130],
      ['1080p', '1600x900', 5, 1800],
      ['1080p_2', '1600x900', 24, 3200],
      ['1080p_3', '1600x900', 15, 2080],
    ])
  })
})
