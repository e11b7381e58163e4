import { of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { endedEffect, departureEffect } from '@streams/effects/lifecycle'
import { likeEffect, loginFlowEffect, recordingEffect } from '@streams/effects/session'
import { liveStateDelayEffect, redirectEffect, toastEffect } from '@streams/effects/timers'
import { chatEffect } from '@streams/effects/chat'
import { chatMessage } from '@streams/projections/chat'
import type { Event } from '@streams/events'
import { RestFailure } from '@streams/ports/rest'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, inRoom, msg } from '../fixtures'
import { fakeDeps, runEffects, testScheduler } from './harness'

describe('calls and errors', () => {
  it('[API-2] a body code 10011 or 20003 rejects the call and starts the login flow; any other code only fails', () => {
    const failing = (code: number) =>
      runEffects(
        asHost(),
        [likeEffect, loginFlowEffect, redirectEffect],
        (_h, at) => at(0, { type: 'ui/likeClicked' }),
        {
          rest: { like: () => throwError(() => new RestFailure('not logged in', code, 200)) },
        },
      )
    for (const code of [10011, 20003]) {
      const h = failing(code)
      expect(h.types()).toEqual(['ui/likeClicked', 'rest/callFailed', 'auth/loginRequired'])
      expect(h.store.getState().ui.redirect).toMatchObject({ to: '/login', due: true })
    }
    const other = failing(500)
    expect(other.types()).toEqual(['ui/likeClicked', 'rest/callFailed'])
    expect(other.seen[1]?.event).toMatchObject({
      type: 'rest/callFailed',
      call: 'like',
      message: 'not logged in',
      code: 500,
    })
  })

  it('[ERR-1] a failure without a server message is "request failed"', () => {
    const h = runEffects(asHost(), [likeEffect], (_h, at) => at(0, { type: 'ui/likeClicked' }), {
      rest: { like: () => throwError(() => ({ status: 0 })) },
    })
    expect(h.seen.at(-1)?.event).toMatchObject({ message: 'request failed' })
  })

  it('[ERR-2] toasts expire after 2000 ms, warnings after 5000 ms', () => {
    const h = runEffects(inRoom(), [toastEffect], (_h, at) => {
      at(100, msg(Cmd.nxBusiness, { userId: 'u3', userName: 'Cat', type: 'cheers' }))
      at(200, { type: 'rule/refused', action: 'stopRecording', message: 'recording too short' })
    })
    expect(h.timed()).toEqual([
      '100 msg/businessReceived',
      '200 rule/refused',
      '2100 timer/toastExpired',
      '5200 timer/toastExpired',
    ])
    expect(h.store.getState().ui.toasts).toEqual([])
  })

  it('[ERR-2] the toast timer is a marble in virtual time', () => {
    const scheduler = testScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const s = fold(inRoom(), {
        type: 'rule/refused',
        action: 'setHost',
        message: 'no matching audience',
      })
      const id = s.ui.toasts[0]?.id ?? -1
      expect(s.ui.toasts[0]).toMatchObject({ level: 'warning', duration: 5000 })
      expectObservable(toastEffect(of<Event>(), cold('a', { a: s }), fakeDeps(scheduler))).toBe(
        '5000ms t',
        {
          t: { type: 'timer/toastExpired', id },
        },
      )
    })
  })
})

describe('live', () => {
  it('[LIVE-1] only PAUSE (2) and END (3) are applied', () => {
    const s = asHost()
    expect(fold(s, msg(Cmd.liveStateChanges, { ...byHost, liveState: 1 })).live.liveState).toBe(0)
    expect(fold(s, msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 })).live.liveState).toBe(2)
    expect(fold(s, msg(Cmd.liveStateChanges, { ...byHost, liveState: 3 })).live.liveState).toBe(3)
  })

  it('[LIVE-2] END for a non-host publisher resets the room to the ended state', () => {
    const speaker = inRoom({ me: { enableAudio: 1 } })
    const h = runEffects(speaker, [endedEffect, departureEffect], (_h, at) =>
      at(0, msg(Cmd.liveStateChanges, { ...byHost, liveState: 3 })),
    )
    expect(h.types()).toEqual(['msg/liveStateChanged', 'life/ended', 'life/exited'])
    expect(h.seen[1]?.event).toMatchObject({ reason: 'liveEnd' })
    const host = runEffects(asHost(), [endedEffect], (_h, at) =>
      at(0, msg(Cmd.liveStateChanges, { ...byHost, liveState: 3 })),
    )
    expect(host.types()).toEqual(['msg/liveStateChanged'])
  })

  it('[LIVE-3] for an audience, END is applied after 8000 ms on first play, otherwise at once', () => {
    const h = runEffects(inRoom(), [liveStateDelayEffect], (_h, at) =>
      at(1000, msg(Cmd.liveStateChanges, { ...byHost, liveState: 3 })),
    )
    expect(h.timed()).toEqual(['1000 msg/liveStateChanged', '9000 timer/liveStateDue'])
    expect(h.store.getState().live.liveState).toBe(3)
    const first = fold(inRoom(), msg(Cmd.liveStateChanges, { ...byHost, liveState: 3 }))
    expect([first.live.liveState, first.live.pending]).toEqual([0, 3])
    const later = fold(
      inRoom(),
      msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 }),
      msg(Cmd.liveStateChanges, { ...byHost, liveState: 3 }),
    )
    expect(later.live.liveState).toBe(3)
  })

  it('[OPEN-1] a live-type message toggles the open-live flag; ignored when equal or from self', () => {
    const s = fold(inRoom(), msg(Cmd.liveTypeChanged, { ...byHost, openLive: 1 }))
    expect(s.live.openLive).toBe(1)
    const same = fold(s, msg(Cmd.liveTypeChanged, { ...byHost, openLive: 1 }))
    expect(same.live).toBe(s.live)
    const mine = fold(
      s,
      msg(Cmd.liveTypeChanged, { userId: 'user-200', userName: 'Me', openLive: 0 }),
    )
    expect(mine.live.openLive).toBe(1)
  })

  it('[LIKE-1] the like total and hot number are shown and updated by like (9) and hot (24); my like answers the total', () => {
    let s = fold(inRoom(), msg(Cmd.giveLike, { userId: 'u', userName: 'n', likeTotal: 10 }))
    s = fold(s, msg(Cmd.usersAmountAndHotChange, { userId: '', userName: '', hotNum: 77 }))
    expect([s.live.likeTotal, s.live.hotNum]).toEqual([10, 77])
    const h = runEffects(s, [likeEffect], (_h, at) => at(0, { type: 'ui/likeClicked' }))
    expect(h.calls('rest')).toEqual([['rest.like', 'room-uuid-1']])
    expect(h.store.getState().live.likeTotal).toBe(7)
  })
})

describe('recording', () => {
  it("[REC-1] recording state 2 gives the host a 'Recording failed' confirm box", () => {
    const host = fold(
      asHost(),
      msg(Cmd.recordingStateChange, { userId: '', userName: '', recordingState: 2 }),
    )
    expect(host.ui.dialogs.map((d) => [d.kind, d.confirmLabel, d.rejectLabel])).toEqual([
      ['recordingFailed', 'confirm', null],
    ])
    const conferee = fold(
      inRoom(),
      msg(Cmd.recordingStateChange, { userId: '', userName: '', recordingState: 2 }),
    )
    expect(conferee.ui.dialogs).toEqual([])
  })

  it("[REC-2] cloud recording shorter than 15 seconds is refused with 'recording too short'", () => {
    const h = runEffects(asHost(), [recordingEffect], (_h, at) => {
      at(1000, { type: 'ui/recordingToggled', on: true })
      at(15_999, { type: 'ui/recordingToggled', on: false })
      at(16_000, { type: 'ui/recordingToggled', on: false })
    })
    expect(h.calls('rest').map((c) => c[0])).toEqual(['rest.startRecording', 'rest.stopRecording'])
    expect(h.seen.map((s) => s.event.type)).toContain('rule/refused')
    expect(h.seen.find((s) => s.event.type === 'rule/refused')).toMatchObject({
      at: 15_999,
      event: { message: 'recording too short' },
    })
  })
})

describe('chat sending', () => {
  it('sends my chat line as cmd 1 with my identity, and adds it once sent', () => {
    const h = runEffects(inRoom(), [chatEffect], (_h, at) =>
      at(5, { type: 'ui/chatSubmitted', text: '  hello  ' }),
    )
    const sent = JSON.parse(h.calls('messaging')[0]?.[1] as string)
    expect(sent).toEqual({
      cmd: 1,
      version: 1,
      timestamp: 5,
      data: { userId: 'user-200', userName: 'Name 200', message: 'hello', id: 'id1' },
    })
    expect(
      h.store
        .getState()
        .chat.messages.toArray()
        .map(chatMessage)
        .map((m) => [m.text, m.sender]),
    ).toEqual([['hello', true]])
    const muted = fold(inRoom(), msg(Cmd.roomInfo, { ...byHost, muteAllChat: 1 }))
    expect(
      runEffects(muted, [chatEffect], (_h, at) =>
        at(0, { type: 'ui/chatSubmitted', text: 'hi' }),
      ).calls(),
    ).toEqual([])
  })
})
