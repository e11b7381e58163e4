import { throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import {
  answerEffect,
  applyEffect,
  cancelApplyEffect,
  inviteAcceptedEffect,
  inviteEffect,
} from '@streams/effects/requests'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, inRoom, member, msg, peerIn } from '../fixtures'
import { runEffects } from './harness'

const sentPeers = (calls: unknown[][]) =>
  calls
    .filter((c) => c[0] === 'messaging.sendPeerMessage')
    .map((c) => [c[1], JSON.parse(c[2] as string)])

const agora = { mode: 'agora' } as const

describe('media requests (Agora mode: peer messages)', () => {
  it('[APPLY-3] an audience can apply for mic, camera, chat or board; the request goes to the first host', () => {
    const h = runEffects(
      inRoom(),
      [applyEffect],
      (_h, at) => {
        at(0, { type: 'ui/applyClicked', requestType: 1 })
        at(1, { type: 'ui/applyClicked', requestType: 2 })
        at(2, { type: 'ui/applyClicked', requestType: 4 })
        at(3, { type: 'ui/applyClicked', requestType: 3 })
      },
      agora,
    )
    expect(
      sentPeers(h.calls()).map(([to, m]) => [to, m.cmd, m.data.type, m.data.role, m.data.uid]),
    ).toEqual([
      ['100', 2, 1, 1, '200'],
      ['100', 2, 2, 1, '200'],
      ['100', 2, 4, 1, '200'],
      ['100', 2, 3, 1, '200'],
    ])
    expect(h.store.getState().requests.sent.keys().sort()).toEqual([
      '100:1',
      '100:2',
      '100:3',
      '100:4',
    ])
    // a host does not apply
    expect(
      runEffects(
        asHost(),
        [applyEffect],
        (_h, at) => at(0, { type: 'ui/applyClicked', requestType: 1 }),
        agora,
      ).calls(),
    ).toEqual([])
  })

  it('[MUTE-6] applying to unmute needs me a non-host, mute-all 2 and a host; it goes to the first host', () => {
    const forced = fold(inRoom(), msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 1 }))
    expect(
      runEffects(
        forced,
        [applyEffect],
        (_h, at) => at(0, { type: 'ui/applyClicked', requestType: 1 }),
        agora,
      ).calls(),
    ).toEqual([])
    const two = fold(
      inRoom({ members: [member('150', { role: 1 }), member('100', { role: 1 })] }),
      msg(Cmd.roomInfo, { ...byHost, muteAllAudio: 2 }),
    )
    const h = runEffects(
      two,
      [applyEffect],
      (_h, at) => at(0, { type: 'ui/applyClicked', requestType: 1 }),
      agora,
    )
    expect(sentPeers(h.calls()).map(([to]) => to)).toEqual(['100'])
    const hostless = fold(two, { type: 'life/ended', reason: 'roomState', live: false })
    expect(
      runEffects(
        hostless,
        [applyEffect],
        (_h, at) => at(0, { type: 'ui/applyClicked', requestType: 1 }),
        agora,
      ).calls(),
    ).toEqual([])
  })

  it('[BOARD-11] a board request goes to the board creator', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.shareBoard, { ...byHost, kind: 'share', shareBoard: 1 }),
      msg(Cmd.shareBoard, { ...byHost, kind: 'grant', uid: '300', grantBoard: 1 }),
    )
    const h = runEffects(
      s,
      [applyEffect],
      (_h, at) => at(0, { type: 'ui/applyClicked', requestType: 3 }),
      agora,
    )
    expect(sentPeers(h.calls()).map(([to, m]) => [to, m.data.type])).toEqual([['300', 3]])
  })

  it('[BOARD-10] cancelling a board request is allowed only for the requester or the creator', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.shareBoard, { ...byHost, kind: 'share', shareBoard: 1 }),
      msg(Cmd.shareBoard, { ...byHost, kind: 'grant', uid: '300', grantBoard: 1 }),
    )
    // nothing requested yet: nothing to cancel
    expect(
      runEffects(
        s,
        [cancelApplyEffect],
        (_h, at) => at(0, { type: 'ui/applyCancelled' }),
        agora,
      ).calls(),
    ).toEqual([])
    const h = runEffects(
      s,
      [applyEffect, cancelApplyEffect],
      (_h, at) => {
        at(0, { type: 'ui/applyClicked', requestType: 3 })
        at(1, { type: 'ui/applyCancelled' })
      },
      agora,
    )
    expect(sentPeers(h.calls()).map(([to, m]) => [to, m.data.role])).toEqual([
      ['300', 1],
      ['300', 3],
    ])
    expect(h.store.getState().requests.sent.size).toBe(0)
    // someone else's request: only the creator may drop it
    expect(
      runEffects(
        s,
        [cancelApplyEffect],
        (_h, at) => at(0, { type: 'ui/applyCancelled', uid: '400' }),
        agora,
      ).calls(),
    ).toEqual([])
    // the creator receives a request, then the requester withdraws it
    const creator = fold(
      inRoom({ me: { uid: '300' }, members: [member('100', { role: 1 }), member('200')] }),
      msg(Cmd.shareBoard, { ...byHost, kind: 'share', shareBoard: 1 }),
      msg(Cmd.shareBoard, { ...byHost, kind: 'grant', uid: '300', grantBoard: 1 }),
      peerIn('peer/applyReceived', '200', { type: 3, role: 1 }),
    )
    expect(creator.requests.applications.keys()).toEqual(['200:3'])
    expect(creator.ui.dialogs.map((d) => d.kind)).toEqual(['apply'])
    const withdrawn = fold(creator, peerIn('peer/applyReceived', '200', { type: 3, role: 3 }))
    expect([withdrawn.requests.applications.size, withdrawn.ui.dialogs.length]).toEqual([0, 0])
    const dropped = runEffects(
      creator,
      [cancelApplyEffect],
      (_h, at) => at(0, { type: 'ui/applyCancelled', uid: '200' }),
      agora,
    )
    expect(sentPeers(dropped.calls()).map(([to, m]) => [to, m.data.role])).toEqual([['200', 3]])
  })

  it('[BOARD-12] apply-board and cancel-board failures are re-thrown to the caller (the user sees them)', () => {
    const h = runEffects(
      inRoom(),
      [applyEffect],
      (_h, at) => at(0, { type: 'ui/applyClicked', requestType: 3 }),
      {
        mode: 'agora',
        messaging: { sendPeerMessage: () => throwError(() => new Error('peer offline')) },
      },
    )
    expect(h.seen.at(-1)?.event).toEqual({
      type: 'peer/sendFailed',
      to: '100',
      cmd: 2,
      message: 'peer offline',
    })
    expect(h.store.getState().ui.toasts.map((t) => [t.level, t.params.message])).toEqual([
      ['error', 'peer offline'],
    ])
  })

  it('[MSG-2] a peer message without a receiver fails with the bad-params text and nothing is sent', () => {
    const hostless = fold(inRoom(), { type: 'life/ended', reason: 'roomState', live: false })
    const h = runEffects(
      hostless,
      [applyEffect],
      (_h, at) => at(0, { type: 'ui/applyClicked', requestType: 2 }),
      agora,
    )
    expect(h.calls()).toEqual([])
    expect(h.seen.at(-1)?.event).toMatchObject({
      type: 'peer/sendFailed',
      message: 'sending peer message failed, bad params',
    })
  })

  it('[APPLY-4] only a host may send an invite, and not to themselves', () => {
    const h = runEffects(
      asHost(),
      [inviteEffect],
      (_h, at) => {
        at(0, { type: 'ui/inviteClicked', uid: '300', requestType: 2 })
        at(1, { type: 'ui/inviteClicked', uid: '100', requestType: 2 })
      },
      agora,
    )
    expect(sentPeers(h.calls()).map(([to, m]) => [to, m.cmd, m.data.role])).toEqual([['300', 1, 1]])
    expect(
      runEffects(
        inRoom(),
        [inviteEffect],
        (_h, at) => at(0, { type: 'ui/inviteClicked', uid: '300', requestType: 2 }),
        agora,
      ).calls(),
    ).toEqual([])
  })

  it('[APPLY-2] accept turns the requested state on; accepting a board request grants the board', () => {
    const withRequests = fold(
      asHost(),
      peerIn('peer/applyReceived', '300', { type: 1, role: 1 }),
      peerIn('peer/applyReceived', '200', { type: 3, role: 1 }),
    )
    expect(withRequests.ui.dialogs.map((d) => [d.kind, d.params.uid])).toEqual([
      ['apply', '300'],
      ['apply', '200'],
    ])
    const h = runEffects(
      withRequests,
      [answerEffect],
      (_h, at) => {
        at(0, { type: 'ui/requestAnswered', uid: '300', requestType: 1, invite: false, action: 1 })
        at(1, { type: 'ui/requestAnswered', uid: '200', requestType: 3, invite: false, action: 1 })
      },
      agora,
    )
    expect(h.calls('rest')).toEqual([
      ['rest.updateUserMedia', 'r1', '300', 'enableAudio', 1],
      ['rest.updateBoardGrant', 'r1', '200', 1],
    ])
    const s = h.store.getState()
    expect([
      s.users.audiences.get('300')?.enableAudio,
      s.users.audiences.get('200')?.grantBoard,
    ]).toEqual([1, 1])
    expect([s.requests.applications.size, s.ui.dialogs.length]).toEqual([0, 0])
    expect(sentPeers(h.calls()).map(([to, m]) => [to, m.data.role, m.data.action])).toEqual([
      ['300', 2, 1],
      ['200', 2, 1],
    ])
    // an invitee accepts: the host turns it on; the applicant sees the answer
    const invited = runEffects(
      asHost(),
      [inviteAcceptedEffect],
      (_h, at) => at(0, peerIn('peer/inviteReceived', '300', { type: 2, role: 2, action: 1 })),
      agora,
    )
    expect(invited.calls('rest')).toEqual([['rest.updateUserMedia', 'r1', '300', 'enableVideo', 1]])
    const answered = fold(
      inRoom(),
      peerIn('peer/applyReceived', '100', { type: 1, role: 2, action: 2 }),
    )
    expect(answered.ui.toasts.map((t) => t.key)).toEqual(['apply.rejected'])
  })
})
