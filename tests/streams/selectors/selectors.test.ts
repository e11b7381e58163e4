import { describe, expect, it } from 'vitest'
import {
  selectAudienceByRole,
  selectCan,
  selectCanApplyToUnmute,
  selectCanInvite,
  selectCanMakeHost,
  selectEffectiveLayout,
  selectLargeUid,
  selectMainScreenBlocked,
  selectMyVideoProfile,
  selectRecordingState,
  selectScreenPreset,
  selectDefaultShareResolution,
  selectVideoProfile,
} from '@streams/selectors'
import { can, PERMISSIONS, ROLE_RULES, type Action } from '@streams/wire/permissions'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, inRoom, member, msg } from '../fixtures'
import type { LayoutName } from '@streams/wire/video'

const layout = (name: LayoutName) =>
  msg(Cmd.layout, { ...byHost, layout: name, positions: [], largeUid: '' })
const speaking = (n: number) => [
  member('100', { role: 1 }),
  ...Array.from({ length: n }, (_, i) => member(`${301 + i}`, { enableVideo: 1 })),
]
const size = (p: { width: number; height: number } | null) => (p ? `${p.width}x${p.height}` : null)

describe('video profiles', () => {
  it('[LAYOUT-3] the main screen (or the host when none) gets the large profile, others the other; non-publishers none', () => {
    const s = inRoom({ members: speaking(3) })
    expect(selectLargeUid(s)).toBe('100')
    expect(selectVideoProfile(s, '100')).toEqual({
      width: 720,
      height: 300,
      bitrate: 310,
      frameRate: 30,
    })
    expect(selectVideoProfile(s, '301')).toEqual({
      width: 192,
      height: 80,
      bitrate: 120,
      frameRate: 15,
    })
    expect(selectVideoProfile(s, '200')).toBeNull() // I do not publish (role, [ROLE-4])
    const main = fold(s, msg(Cmd.mainScreen, { ...byHost, mainScreenUid: '302' }))
    expect(size(selectVideoProfile(main, '302'))).toBe('720x300')
    expect(size(selectVideoProfile(main, '100'))).toBe('192x80')
  })

  it('[LAYOUT-3] while a share is active (its layout followed) the board layouts apply', () => {
    const s = fold(
      inRoom({ members: speaking(2) }),
      msg(Cmd.screenShare, { ...byHost, uid: '301', screenShare: 1 }),
    )
    expect(selectEffectiveLayout(s)).toBe('p_all_1') // the layout follows 500 ms later
    const shared = fold(s, { type: 'timer/shareLayoutDue', sharing: true })
    expect(selectEffectiveLayout(shared)).toBe('p_board_column')
    expect(size(selectVideoProfile(shared, '100'))).toBe('1280x720')
    expect(size(selectVideoProfile(shared, '301'))).toBe('220x120')
    const row = fold(shared, layout('p_board_row'))
    expect(size(selectVideoProfile(row, '100'))).toBe('848x480')
  })

  it('[VIDEO-1] [VIDEO-6] in the 17- and 8-user layouts the large tile is 660x280 and the others size by their count', () => {
    for (const name of ['p_17_1', 'p_8_1'] as const) {
      const sizes = [1, 2, 4, 6, 9].map((n) => {
        const s = fold(inRoom({ members: speaking(n) }), layout(name))
        return size(selectVideoProfile(s, '301'))
      })
      expect(sizes).toEqual(['720x280', '360x280', '360x140', '240x140', '240x100'])
      const s = fold(inRoom({ members: speaking(3) }), layout(name))
      expect(selectVideoProfile(s, '100')).toEqual({
        width: 660,
        height: 280,
        bitrate: 260,
        frameRate: 30,
      })
      expect(selectVideoProfile(s, '301')).toMatchObject({ bitrate: 240, frameRate: 15 })
    }
  })

  it('[VIDEO-2] the all-1 layout gives 720x300 310 kbps 30 fps large and 192x80 120 kbps 15 fps others', () => {
    const s = inRoom({ members: speaking(1) })
    expect(selectVideoProfile(s, '100')).toEqual({
      width: 720,
      height: 300,
      bitrate: 310,
      frameRate: 30,
    })
    expect(selectVideoProfile(s, '301')).toEqual({
      width: 192,
      height: 80,
      bitrate: 120,
      frameRate: 15,
    })
  })

  it('[VIDEO-3] [VIDEO-4] board column and row layouts give their large and other profiles', () => {
    const column = fold(inRoom({ members: speaking(1) }), layout('p_board_column'))
    expect([
      size(selectVideoProfile(column, '100')),
      selectVideoProfile(column, '100')?.bitrate,
    ]).toEqual(['1280x720', 1130])
    expect([
      size(selectVideoProfile(column, '301')),
      selectVideoProfile(column, '301')?.bitrate,
    ]).toEqual(['220x120', 80])
    const row = fold(inRoom({ members: speaking(1) }), layout('p_board_row'))
    expect([size(selectVideoProfile(row, '100')), selectVideoProfile(row, '100')?.bitrate]).toEqual(
      ['848x480', 610],
    )
  })

  it('[VIDEO-5] a mobile client publishes the fixed 640x480 500 kbps 15 fps profile', () => {
    const s = inRoom({ mobile: true, me: { enableVideo: 1 }, members: speaking(2) })
    expect(selectMyVideoProfile(s)).toEqual({
      width: 640,
      height: 480,
      bitrate: 500,
      frameRate: 15,
    })
    expect(
      size(selectMyVideoProfile(inRoom({ me: { enableVideo: 1 }, members: speaking(2) }))),
    ).toBe('192x80')
  })

  it('[VIDEO-7] the 9-user layout sizes the other tiles by tile count, all 600 kbps 24 fps', () => {
    const sizes = [1, 2, 3, 5, 7].map((n) =>
      size(selectVideoProfile(fold(inRoom({ members: speaking(n) }), layout('p_9_1')), '301')),
    )
    // tiles = publishers, the host included
    expect(sizes).toEqual(['400x240', '424x180', '424x180', '455x125', '310x125'])
    const s = fold(inRoom({ members: speaking(2) }), layout('p_9_1'))
    expect(selectVideoProfile(s, '100')).toEqual({
      width: 940,
      height: 400,
      bitrate: 600,
      frameRate: 24,
    })
    expect(selectVideoProfile(s, '301')).toMatchObject({ bitrate: 600, frameRate: 24 })
  })

  it('[SCREEN-4] the screen profile is 720p_2 and the default share resolution setting 1080p', () => {
    expect(selectScreenPreset()).toEqual({
      name: '720p_2',
      width: 1280,
      height: 720,
      frameRate: 24,
      bitrate: 2000,
    })
    expect(selectDefaultShareResolution()).toEqual({
      name: '1080p',
      width: 1600,
      height: 900,
      frameRate: 5,
      bitrate: 1800,
    })
  })
})

describe('permissions', () => {
  const hostOnly: Action[] = [
    'muteAll',
    'endMeeting',
    'kick',
    'setHost',
    'cancelHost',
    'setMainScreen',
    'grantBoard',
    'invite',
    'answerApplication',
    'closeShareScreen',
  ]

  it('[ROLE-2] only a host may mute all, end, kick, set or cancel a host, set the main screen, grant the board, invite, answer, close a share', () => {
    for (const action of hostOnly) {
      expect([1, 2, 3, 4].map((role) => can(role, action))).toEqual([true, false, false, false])
      expect(selectCan(asHost(), action)).toBe(true)
      expect(selectCan(inRoom(), action)).toBe(false)
    }
    expect(can(2, 'applyMedia')).toBe(true)
    expect(can(3, 'sendChat')).toBe(false)
    expect(ROLE_RULES.getsRedPacketTools).not.toContain(1)
    expect(Object.keys(PERMISSIONS).length).toBeGreaterThan(hostOnly.length)
  })

  it('[ROLE-3] only a host sees the recording state and gets the countdown', () => {
    expect(selectRecordingState(asHost())).toBe(0)
    expect(selectRecordingState(inRoom())).toBeNull()
    expect([1, 2, 3, 4].map((role) => can(role, 'countdown'))).toEqual([true, false, false, false])
  })

  it('[MAIN-3] the main screen is blocked while the board is shared too', () => {
    expect(selectMainScreenBlocked(asHost())).toBe(false)
    expect(
      selectMainScreenBlocked(
        fold(asHost(), msg(Cmd.shareBoard, { ...byHost, kind: 'share', shareBoard: 1 })),
      ),
    ).toBe(true)
  })

  it('[MUTE-6] applying to unmute needs me a non-host, mute-all 2 and a host', () => {
    const two = msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 2 })
    expect(selectCanApplyToUnmute(fold(inRoom(), two))).toBe(true)
    expect(selectCanApplyToUnmute(inRoom())).toBe(false)
    expect(selectCanApplyToUnmute(fold(asHost(), two))).toBe(false)
  })

  it('[APPLY-4] only a host may invite, and not itself', () => {
    expect(selectCanInvite(asHost(), '200')).toBe(true)
    expect(selectCanInvite(asHost(), '100')).toBe(false)
    expect(selectCanInvite(inRoom(), '300')).toBe(false)
  })

  it('[HOST-5] a new host must be in the audience list', () => {
    expect(selectCanMakeHost(asHost(), '200')).toBe(true)
    expect(selectCanMakeHost(asHost(), '999')).toBe(false)
  })
})

describe('member counts', () => {
  it('[ROLE-1] a CDN audience member (role 3) is counted as audience, not as a conferee (role 2)', () => {
    const s = inRoom({
      members: [
        member('100', { role: 1 }),
        member('301', { role: 2 }),
        member('302', { role: 3 }),
        member('303', { role: 3 }),
      ],
    })
    // Me ('200', a conferee) and '301'.
    expect(selectAudienceByRole(s)).toEqual({ conferees: 2, cdnAudience: 2 })
    expect(selectAudienceByRole(s)).toBe(selectAudienceByRole(s))
  })
})
