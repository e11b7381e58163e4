import { of, throwError } from 'rxjs'
import { RestFailure } from '@streams/ports/rest'
import { describe, expect, it } from 'vitest'
import {
  answerEffect,
  applyEffect,
  cancelApplyEffect,
  inviteAcceptedEffect,
  inviteEffect,
} from '@streams/effects/requests'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, inRoom, msg, peerIn } from '../fixtures'
import { runEffects } from './harness'

describe('media requests (local mode: through the server)', () => {
  it('[APPLY-3] an application goes to the server, which delivers it; the request is open until answered', () => {
    const h = runEffects(inRoom(), [applyEffect], (_h, at) => {
      at(0, { type: 'ui/applyClicked', requestType: 2 })
      at(1, { type: 'ui/applyClicked', requestType: 3 })
    })
    expect(h.calls()).toEqual([
      ['rest.sendApply', 'r1', 2, 1],
      ['rest.sendApply', 'r1', 3, 1],
    ])
    expect(h.store.getState().requests.sent.keys().sort()).toEqual(['100:2', '100:3'])
    const answered = fold(
      h.store.getState(),
      peerIn('peer/applyReceived', '100', { type: 2, role: 2, action: 1 }),
    )
    expect(answered.requests.sent.keys()).toEqual(['100:3'])
    expect(answered.ui.toasts.map((t) => t.key)).toEqual(['apply.accepted'])
  })

  it('[APPLY-4] a host invites through the server; never itself', () => {
    const h = runEffects(asHost(), [inviteEffect], (_h, at) => {
      at(0, { type: 'ui/inviteClicked', uid: '300', requestType: 1 })
      at(1, { type: 'ui/inviteClicked', uid: '100', requestType: 1 })
    })
    expect(h.calls()).toEqual([['rest.sendInvite', 'r1', '300', 1, 1]])
    expect(h.store.getState().requests.sent.keys()).toEqual(['300:1'])
  })

  it('[APPLY-2] an accepted application is answered through the server, which turns the state on; no client grant call', () => {
    const s = fold(asHost(), peerIn('peer/applyReceived', '300', { type: 3, role: 1 }))
    const h = runEffects(s, [answerEffect], (_h, at) =>
      at(0, { type: 'ui/requestAnswered', uid: '300', requestType: 3, invite: false, action: 1 }),
    )
    expect(h.calls()).toEqual([['rest.sendApply', 'r1', 3, 1, '300']])
    expect(h.store.getState().requests.applications.size).toBe(0)
    // the server's announcement then grants the board
    const granted = fold(
      h.store.getState(),
      msg(Cmd.shareBoard, { ...byHost, kind: 'grant', uid: '300', grantBoard: 1 }),
    )
    expect(granted.users.audiences.get('300')?.grantBoard).toBe(1)
    // an invitee answers the host through the server too
    const invited = fold(inRoom(), peerIn('peer/inviteReceived', '100', { type: 1, role: 1 }))
    const answer = runEffects(invited, [answerEffect, inviteAcceptedEffect], (_h, at) =>
      at(0, { type: 'ui/requestAnswered', uid: '100', requestType: 1, invite: true, action: 1 }),
    )
    expect(answer.calls()).toEqual([['rest.sendInvite', 'r1', '100', 1, 1]])
    expect(answer.store.getState().requests.invitations.size).toBe(0)
  })

  it('[BOARD-10] the requester withdraws its board request through the server', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.shareBoard, { ...byHost, kind: 'share', shareBoard: 1 }),
      msg(Cmd.shareBoard, { ...byHost, kind: 'grant', uid: '300', grantBoard: 1 }),
    )
    const h = runEffects(
      s,
      [applyEffect, cancelApplyEffect],
      (_h, at) => {
        at(0, { type: 'ui/applyClicked', requestType: 3 })
        at(1, { type: 'ui/applyCancelled' })
      },
      { rest: { sendApply: () => of({ to: '300', delivered: true }) } },
    )
    expect(h.calls()).toEqual([
      ['rest.sendApply', 'r1', 3, 1],
      ['rest.sendApply', 'r1', 3, 3],
    ])
    expect(h.store.getState().requests.sent.size).toBe(0)
  })

  it('[BOARD-12] a refused application reaches the user as an error', () => {
    const h = runEffects(
      inRoom(),
      [applyEffect],
      (_h, at) => at(0, { type: 'ui/applyClicked', requestType: 3 }),
      {
        rest: { sendApply: () => throwError(() => new RestFailure('no host to ask', 1004, 200)) },
      },
    )
    expect(h.seen.at(-1)?.event).toMatchObject({
      type: 'rest/callFailed',
      call: 'sendApply',
      message: 'no host to ask',
    })
    expect(h.store.getState().ui.toasts.map((t) => [t.level, t.params.reason])).toEqual([
      ['error', 'no host to ask'],
    ])
  })
})
