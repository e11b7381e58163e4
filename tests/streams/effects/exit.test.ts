import { throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { exitEffect } from '@streams/effects/lifecycle'
import { RestFailure } from '@streams/ports/rest'
import { asHost, fold, inRoom } from '../fixtures'
import { runEffects } from './harness'

describe('exit', () => {
  it('[EXIT-1] exit resets the room state but keeps session info, media state, device selection and own base info', () => {
    let s = inRoom()
    s = fold(
      s,
      { type: 'device/listChanged', devices: [{ deviceId: 'cam1', label: 'Cam', kind: 'camera' }] },
      { type: 'ui/noiseReductionToggled', on: true },
      {
        type: 'msg/chatReceived',
        from: '100',
        timestamp: 1,
        data: { userId: 'user-100', userName: 'H', message: 'hi' },
      },
      { type: 'life/exited', reason: 'leave' },
    )
    expect([s.room, s.me, s.users.audiences.size, s.chat.messages.size]).toEqual([null, null, 0, 0])
    expect(s.session.info).toMatchObject({ roomId: 'r1', roomName: 'Room one', channelName: 'ch1' })
    expect(s.media.noiseReduction).toBe(true)
    expect(s.devices.chosen.camera).toBe('cam1')
    expect(s.profile).toEqual({ userId: 'user-200', userName: 'Name 200', userPhoto: '' })
  })

  it("[EXIT-2] exit fails with 'exit meeting backend request error' when the exit call answers a non-zero code", () => {
    const h = runEffects(inRoom(), [exitEffect], (_h, at) => at(0, { type: 'ui/leaveClicked' }), {
      rest: { exitRoom: () => throwError(() => new RestFailure('nope', 1004, 200)) },
    })
    expect(h.seen.at(-1)?.event).toMatchObject({
      type: 'rest/callFailed',
      call: 'exitRoom',
      message: 'exit meeting backend request error',
    })
    expect(h.calls('messaging')).toEqual([])
    expect(h.store.getState().session.phase).toBe('inRoom')
    expect(h.store.getState().ui.toasts.map((t) => t.key)).toEqual([
      'exit meeting backend request error',
    ])
  })

  it('[EXIT-3] errors from the messaging or media channel on exit are ignored: the exit completes', () => {
    const h = runEffects(inRoom(), [exitEffect], (_h, at) => at(0, { type: 'ui/leaveClicked' }), {
      messaging: { leave: () => throwError(() => new Error('gone')) },
      media: { leave: () => throwError(() => new Error('gone')) },
    })
    expect(h.calls().map((c) => c[0])).toEqual([
      'rest.exitRoom',
      'messaging.leave',
      'messaging.logout',
      'board.leave',
      'media.leave',
    ])
    expect(h.types()).toEqual(['ui/leaveClicked', 'rest/roomExited', 'life/exited'])
    expect(h.store.getState().session.phase).toBe('exited')
  })

  it('[BOARD-7] [SCREEN-2] the board creator ends its share and a screen sharer stops it when leaving', () => {
    const s = fold(
      asHost(),
      { type: 'rest/shareBoardUpdated', value: 1 },
      { type: 'rest/boardGrantUpdated', uid: '100', grant: 1 },
      {
        type: 'msg/screenShareChanged',
        from: 'server',
        timestamp: 1,
        data: { userId: '', userName: '', uid: '100', screenShare: 1 },
      },
    )
    expect(s.conference.createBoardUserId).toBe('100')
    const h = runEffects(s, [exitEffect], (_h, at) => at(0, { type: 'ui/leaveClicked' }))
    expect(
      h
        .calls()
        .map((c) => c[0])
        .slice(0, 4),
    ).toEqual([
      'rest.updateShareBoard',
      'media.stopScreenShare',
      'rest.updateScreenShare',
      'rest.exitRoom',
    ])
  })
})
