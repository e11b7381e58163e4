import { throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { mainScreenEffect } from '@streams/effects/layout'
import { shareLayoutEffect } from '@streams/effects/timers'
import { RestFailure } from '@streams/ports/rest'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, inRoom, msg } from '../fixtures'
import { runEffects } from './harness'

describe('main screen', () => {
  it('[MAIN-1] choosing the host itself as main screen clears the main screen', () => {
    const s = fold(asHost(), { type: 'rest/mainScreenSet', mainScreenUid: '300' })
    const h = runEffects(s, [mainScreenEffect], (_h, at) =>
      at(0, { type: 'ui/mainScreenChosen', uid: '100' }),
    )
    expect(h.calls('rest')).toEqual([['rest.setMainScreen', 'r1', '']])
    expect(h.store.getState().conference.mainScreenUid).toBe('')
    expect(
      fold(s, msg(Cmd.mainScreen, { ...byHost, mainScreenUid: '100' })).conference.mainScreenUid,
    ).toBe('')
  })

  it('[MAIN-3] setting the main screen is blocked while someone shares, with the alert', () => {
    const sharing = fold(asHost(), msg(Cmd.screenShare, { ...byHost, uid: '300', screenShare: 1 }))
    const h = runEffects(sharing, [mainScreenEffect], (_h, at) =>
      at(0, { type: 'ui/mainScreenChosen', uid: '300' }),
    )
    expect(h.calls()).toEqual([])
    expect(h.store.getState().ui.dialogs.map((d) => [d.kind, d.params.message])).toEqual([
      ['alert', 'There is someone sharing or sharing the whiteboard, cannot set main screen'],
    ])
  })

  it('[MAIN-4] a main-screen target that is not a known audience is silently ignored', () => {
    const h = runEffects(asHost(), [mainScreenEffect], (_h, at) =>
      at(0, { type: 'ui/mainScreenChosen', uid: 'nobody' }),
    )
    expect(h.calls()).toEqual([])
    expect(h.types()).toEqual(['ui/mainScreenChosen'])
  })

  it("[MAIN-5] the main-screen call must answer code 0, else 'set main screen failed'", () => {
    const h = runEffects(
      asHost(),
      [mainScreenEffect],
      (_h, at) => at(0, { type: 'ui/mainScreenChosen', uid: '300' }),
      {
        rest: { setMainScreen: () => throwError(() => new RestFailure('busy', 1, 200)) },
      },
    )
    expect(h.seen.at(-1)?.event).toMatchObject({
      type: 'rest/callFailed',
      call: 'setMainScreen',
      message: 'set main screen failed',
    })
    expect(h.store.getState().conference.mainScreenUid).toBe('')
    const ok = runEffects(asHost(), [mainScreenEffect], (_h, at) =>
      at(0, { type: 'ui/mainScreenChosen', uid: '300' }),
    )
    expect(ok.store.getState().conference.mainScreenUid).toBe('300')
  })

  it('[MAIN-2] a share layout update follows 500 ms after a share change', () => {
    const h = runEffects(inRoom(), [shareLayoutEffect], (_h, at) => {
      at(1000, msg(Cmd.screenShare, { ...byHost, uid: '300', screenShare: 1 }))
      at(3000, msg(Cmd.screenShare, { ...byHost, uid: '300', screenShare: 0 }))
      // a change undone within 500 ms is no layout change at all
      at(5000, msg(Cmd.shareBoard, { ...byHost, kind: 'share', shareBoard: 1 }))
      at(5200, msg(Cmd.shareBoard, { ...byHost, kind: 'share', shareBoard: 0 }))
    })
    expect(h.timed().filter((t) => t.includes('timer'))).toEqual([
      '1500 timer/shareLayoutDue',
      '3500 timer/shareLayoutDue',
    ])
    expect(
      h.seen.filter((s) => s.event.type === 'timer/shareLayoutDue').map((s) => s.event),
    ).toEqual([
      { type: 'timer/shareLayoutDue', sharing: true },
      { type: 'timer/shareLayoutDue', sharing: false },
    ])
    expect(h.store.getState().layout.sharing).toBe(false)
  })
})
