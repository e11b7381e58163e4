import { throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import {
  boardGrantEffect,
  boardRightsEffect,
  boardSessionEffect,
  boardShareEffect,
} from '@streams/effects/board'
import { toastEffect } from '@streams/effects/timers'
import { normalizeScenePath } from '@streams/projections/board'
import { Cmd } from '@streams/wire/channel'
import { BOARD_DEFAULT_SCALE } from '@streams/wire/constants'
import { asHost, byHost, fold, inRoom, member, msg } from '../fixtures'
import { runEffects } from './harness'

const share = (on: 0 | 1) => msg(Cmd.shareBoard, { ...byHost, kind: 'share', shareBoard: on })
const grant = (uid: string, value: 0 | 1) =>
  msg(Cmd.shareBoard, { ...byHost, kind: 'grant', uid, grantBoard: value })

describe('board share rules', () => {
  it('[BOARD-1] turning board share on first fetches boardId and boardToken', () => {
    const h = runEffects(asHost(), [boardShareEffect], (_h, at) =>
      at(0, { type: 'ui/boardShareToggled', on: true }),
    )
    expect(h.calls('rest').map((c) => c[0])).toEqual([
      'rest.loadBoard',
      'rest.updateShareBoard',
      'rest.updateBoardGrant',
    ])
    const c = h.store.getState().conference
    expect([c.boardId, c.boardToken, c.shareBoard, c.createBoardUserId]).toEqual([
      'b1',
      'bt',
      1,
      '100',
    ])
  })

  it("[BOARD-2] turning it off sets everyone's grantBoard to 0 and leaves the board session", () => {
    const on = fold(inRoom(), share(1), grant('300', 1), grant('200', 1), {
      type: 'board/joined',
      boardId: 'b1',
      writable: true,
    })
    expect(on.users.shareBoardUsers.size).toBe(2)
    const off = fold(on, share(0))
    expect(off.users.audiences.values().map((m) => m.grantBoard)).toEqual([0, 0])
    expect([off.users.shareBoardUsers.size, off.me?.grantBoard, off.board.joined]).toEqual([
      0,
      0,
      false,
    ])
    const h = runEffects(inRoom(), [boardSessionEffect], (_h, at) => {
      at(0, share(1))
      at(10, share(0))
    })
    expect(h.calls().map((c) => c[0])).toEqual(['rest.loadBoard', 'board.join', 'board.leave'])
  })

  it('[BOARD-3] grant 1 gives permission, 0 revokes it', () => {
    const s = fold(inRoom(), share(1), grant('200', 1), grant('300', 1))
    expect(s.users.audiences.get('300')?.grantBoard).toBe(1)
    const revoked = fold(s, grant('300', 0))
    expect(revoked.users.audiences.get('300')?.grantBoard).toBe(0)
  })

  it('[BOARD-4] the first grantee becomes the board creator', () => {
    const s = fold(inRoom(), share(1), grant('300', 1), grant('200', 1))
    expect(s.conference.createBoardUserId).toBe('300')
  })

  it("[BOARD-5] revoking the creator clears all sharers, sets shareBoard to 0 and the creator to '0'", () => {
    const s = fold(inRoom(), share(1), grant('300', 1), grant('200', 1), grant('300', 0))
    expect([
      s.users.shareBoardUsers.size,
      s.conference.shareBoard,
      s.conference.createBoardUserId,
    ]).toEqual([0, 0, '0'])
    expect([s.users.audiences.get('200')?.grantBoard, s.me?.grantBoard]).toEqual([0, 1])
  })

  it('[BOARD-6] revoking another user removes only that user', () => {
    const s = fold(inRoom(), share(1), grant('300', 1), grant('200', 1), grant('200', 0))
    expect(s.users.shareBoardUsers.keys()).toEqual(['300'])
    expect([s.conference.shareBoard, s.conference.createBoardUserId]).toEqual([1, '300'])
  })

  it('[BOARD-7] the creator leaving ends the board share for everyone', () => {
    const s = fold(inRoom(), share(1), grant('300', 1), grant('200', 1), {
      type: 'rtm/memberLeft',
      uid: '300',
    })
    expect([
      s.conference.shareBoard,
      s.conference.createBoardUserId,
      s.users.shareBoardUsers.size,
    ]).toEqual([0, '0', 0])
  })

  it('[BOARD-8] the token is fetched again when absent; a failure shows an error toast for 2000 ms', () => {
    const shared = fold(inRoom(), share(1))
    expect(shared.conference.boardToken).toBe('')
    const h = runEffects(inRoom(), [boardSessionEffect], (_h, at) => at(0, share(1)))
    expect(h.calls().map((c) => c[0])).toEqual(['rest.loadBoard', 'board.join'])
    const failing = runEffects(
      inRoom(),
      [boardSessionEffect, toastEffect],
      (_h, at) => at(0, share(1)),
      {
        rest: { loadBoard: () => throwError(() => new Error('no token')) },
      },
    )
    expect(failing.timed().filter((t) => !t.includes('msg/'))).toEqual([
      '0 rest/callFailed',
      '2000 timer/toastExpired',
    ])
    expect(failing.seen.find((s) => s.event.type === 'rest/callFailed')?.event).toMatchObject({
      call: 'loadBoard',
    })
  })

  it('[BOARD-9] changing board permission for an unknown user is aborted', () => {
    const s = fold(inRoom(), share(1), grant('nobody', 1))
    expect([s.users.shareBoardUsers.size, s.conference.createBoardUserId]).toEqual([0, '0'])
    const h = runEffects(asHost(), [boardGrantEffect], (_h, at) =>
      at(0, { type: 'ui/boardGrantToggled', uid: 'nobody', grant: true }),
    )
    expect(h.calls()).toEqual([])
  })

  it("[ERR-1] a failed grant is 'update board permission failed' with an error toast", () => {
    const h = runEffects(
      asHost(),
      [boardGrantEffect],
      (_h, at) => at(0, { type: 'ui/boardGrantToggled', uid: '300', grant: true }),
      {
        rest: { updateBoardGrant: () => throwError(() => new Error('x')) },
      },
    )
    expect(h.seen.at(-1)?.event).toMatchObject({
      type: 'rest/callFailed',
      message: 'update board permission failed',
    })
    expect(h.store.getState().ui.toasts.map((t) => [t.level, t.key])).toEqual([
      ['error', 'update board permission failed'],
    ])
  })
})

describe('board session', () => {
  it('[WB-1] the board handles join, leave and end-share', () => {
    let s = fold(inRoom(), { type: 'board/joined', boardId: 'b1', writable: false })
    expect(s.board).toMatchObject({ joined: true, boardId: 'b1' })
    s = fold(s, { type: 'board/left' })
    expect(s.board.joined).toBe(false)
    s = fold(s, share(1), { type: 'board/joined', boardId: 'b1', writable: false }, share(0))
    expect(s.board.joined).toBe(false)
  })

  it('[WB-2] a joiner is writable only if allowed (the host, a grantee, the creator)', () => {
    const conferee = runEffects(fold(inRoom(), share(1)), [boardSessionEffect], (_h, at) =>
      at(0, { type: 'rest/boardLoaded', boardId: 'b1', boardToken: 'bt' }),
    )
    expect(conferee.calls('board.join')[0]?.[1]).toMatchObject({
      writable: false,
      identity: 'guest',
      uid: '200',
    })
    const granted = fold(inRoom(), share(1), grant('200', 1))
    const g = runEffects(granted, [boardSessionEffect], (_h, at) =>
      at(0, { type: 'rest/boardLoaded', boardId: 'b1', boardToken: 'bt' }),
    )
    expect(g.calls('board.join')[0]?.[1]).toMatchObject({ writable: true })
    const host = runEffects(fold(asHost(), share(1)), [boardSessionEffect], (_h, at) =>
      at(0, { type: 'rest/boardLoaded', boardId: 'b1', boardToken: 'bt' }),
    )
    expect(host.calls('board.join')[0]?.[1]).toMatchObject({ writable: true, identity: 'host' })
  })

  it('[WB-3] the view mode is broadcaster for the host or creator, follower for others; it follows grants', () => {
    const joined = fold(inRoom(), share(1), {
      type: 'board/joined',
      boardId: 'b1',
      writable: false,
    })
    const h = runEffects(joined, [boardRightsEffect], (_h, at) => at(10, grant('200', 1)))
    expect(h.calls('board')).toEqual([
      ['board.setWritable', false],
      ['board.setViewMode', 'follower'],
      ['board.setWritable', true],
      ['board.setViewMode', 'broadcaster'],
    ])
  })

  it("[WB-4] the default scale is 0.65; scene paths '/' and '/init' map to '/init'", () => {
    expect(inRoom().board.scale).toBe(BOARD_DEFAULT_SCALE)
    expect(['/', '/init', '/doc/1'].map(normalizeScenePath)).toEqual(['/init', '/init', '/doc/1'])
    const s = fold(inRoom(), { type: 'board/sceneChanged', path: '/', index: 0, total: 3 })
    expect(s.board.scenePath).toBe('/init')
  })

  it('[WB-5] board locked and unlocked messages are shown to users', () => {
    const s = fold(
      inRoom(),
      { type: 'board/lockChanged', locked: true },
      { type: 'board/lockChanged', locked: false },
    )
    expect(s.ui.toasts.map((t) => t.key)).toEqual(['boardLocked', 'boardUnlocked'])
    expect(s.board.locked).toBe(false)
  })

  it('[WB-1] a change of mine too big to share is a warning naming the limit', () => {
    const s = fold(inRoom(), {
      type: 'board/changeRefused',
      reason: 'tooBig',
      limitBytes: 16 * 1024 * 1024,
    })
    expect(s.ui.toasts.map((t) => [t.level, t.key, t.params])).toEqual([
      ['warning', 'boardChangeTooBig', { mb: 16 }],
    ])
  })

  it('[ROLE-5] the board creator holds extra rights: it broadcasts and writes without a host role', () => {
    const s = fold(
      inRoom({ members: [member('100', { role: 1 }), member('300')] }),
      share(1),
      grant('200', 1),
      {
        type: 'board/joined',
        boardId: 'b1',
        writable: true,
      },
    )
    expect(s.conference.createBoardUserId).toBe('200')
    const h = runEffects(s, [boardRightsEffect], () => {})
    expect(h.calls('board')).toEqual([
      ['board.setWritable', true],
      ['board.setViewMode', 'broadcaster'],
    ])
  })
})
