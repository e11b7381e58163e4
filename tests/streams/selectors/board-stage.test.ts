import { describe, expect, it } from 'vitest'
import { selectLivePush, selectPublishesBoardStage } from '@streams/selectors/live-push'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, member, msg } from '../fixtures'
import { living, published, setting } from '../live-push-fixtures'

const shareBoard = { type: 'rest/shareBoardUpdated', value: 1 } as const

describe('the shared board in the Agora picture', () => {
  it('[LAYOUT-1] the board takes its place under its stage uid, the people beside it', () => {
    const board = fold(living(), shareBoard)
    const push = selectLivePush(board, setting(1), '12345')!
    expect(push.tiles.map((t) => [t.uid, t.x, t.y, t.width, t.height, t.zOrder])).toEqual([
      ['12345', 0, 0, 960, 720, 1],
      ['100', 960, 0, 320, 180, 2],
      ['200', 960, 180, 320, 180, 2],
    ])
    // Without the stage uid, its place is the background's.
    expect(selectLivePush(board, setting(1))!.tiles.map((t) => t.uid)).toEqual(['100', '200'])
  })

  it('my client publishes the board while it is the share shown and I push the live', () => {
    expect(selectPublishesBoardStage(living())).toBe(false)
    expect(selectPublishesBoardStage(fold(living(), shareBoard))).toBe(true)
    // A screen being published wins over the board: the board is not in the picture.
    const screen = fold(
      living(),
      shareBoard,
      msg(Cmd.screenShare, { ...byHost, uid: '200', screenShare: 1 }),
      published('2001', 'video'),
    )
    expect(selectPublishesBoardStage(screen)).toBe(false)
    // Not the first host: another client pushes.
    const second = fold(
      asHost({ me: { uid: '150' }, members: [member('120', { role: 1 }), member('200')] }),
      { type: 'rtc/joined', uid: '150' },
      { type: 'rest/liveSettingLoaded', setting: setting(1) },
      shareBoard,
    )
    expect(selectPublishesBoardStage(second)).toBe(false)
  })

  it('[REC-2] while the room records, the first host in the media channel publishes it without a live', () => {
    const host = fold(asHost(), { type: 'rtc/joined', uid: '100' }, shareBoard)
    expect(selectPublishesBoardStage(host)).toBe(false)
    const recording = fold(host, msg(Cmd.recordingStateChange, { ...byHost, recordingState: 1 }))
    expect(selectPublishesBoardStage(recording)).toBe(true)
    // Abnormal (2) or stopped (0): no longer.
    for (const state of [0, 2])
      expect(
        selectPublishesBoardStage(
          fold(recording, msg(Cmd.recordingStateChange, { ...byHost, recordingState: state })),
        ),
      ).toBe(false)
    // Out of the media channel: no.
    expect(selectPublishesBoardStage(fold(recording, { type: 'rtc/left' }))).toBe(false)
  })
})
