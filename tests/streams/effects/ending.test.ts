import { of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { departureEffect, endedEffect, kickedEffect } from '@streams/effects/lifecycle'
import { endMeetingEffect, kickEffect } from '@streams/effects/moderation'
import { countdownFetchEffect, countdownTimerEffect, redirectEffect } from '@streams/effects/timers'
import type { Event } from '@streams/events'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, inRoom, msg } from '../fixtures'
import { runEffects, testScheduler, fakeDeps } from './harness'

const lifecycle = [kickedEffect, endedEffect, departureEffect, redirectEffect]

describe('room end', () => {
  it('[END-1] a room-info change to state 0 leaves messaging and media and clears the hosts', () => {
    const h = runEffects(inRoom(), lifecycle, (_h, at) =>
      at(0, msg(Cmd.roomInfo, { ...byHost, state: 0 })),
    )
    expect(h.types().slice(0, 3)).toEqual(['msg/roomInfoChanged', 'life/ended', 'life/exited'])
    expect(h.calls().map((c) => c[0])).toEqual([
      'messaging.leave',
      'messaging.logout',
      'board.leave',
      'media.leave',
    ])
    const ended = fold(inRoom(), msg(Cmd.roomInfo, { ...byHost, state: 0 }), {
      type: 'life/ended',
      reason: 'roomState',
      live: false,
    })
    expect(ended.users.hosts.size).toBe(0)
    expect(ended.room?.state).toBe(0)
  })

  it("[END-2] it shows 'meeting ended' and redirects after 1500 ms; on mobile a dialog and 2000 ms; 'live ended' while live", () => {
    const desktop = runEffects(inRoom(), lifecycle, (_h, at) =>
      at(100, msg(Cmd.roomInfo, { ...byHost, state: 0 })),
    )
    expect(desktop.timed().filter((t) => t.includes('redirect'))).toEqual([
      '1600 timer/redirectDue',
    ])
    const mid = fold(inRoom(), msg(Cmd.roomInfo, { ...byHost, state: 0 }), {
      type: 'life/ended',
      reason: 'roomState',
      live: false,
    })
    expect(mid.ui.toasts.map((t) => t.key)).toEqual(['meetingEnded'])
    expect(mid.ui.redirect).toMatchObject({ to: '/home', delay: 1500, due: false })

    const mobile = runEffects(inRoom({ mobile: true }), lifecycle, (_h, at) =>
      at(0, msg(Cmd.meetingEnd, { ...byHost })),
    )
    expect(mobile.timed().filter((t) => t.includes('redirect'))).toEqual(['2000 timer/redirectDue'])
    expect(mobile.store.getState().ui.dialogs.map((d) => d.kind)).toEqual(['meetingEnded'])
    expect(mobile.store.getState().ui.redirect).toMatchObject({ to: '/home', due: true })

    const live = fold(inRoom(), { type: 'life/ended', reason: 'meetingEnd', live: true })
    expect(live.ui.toasts.map((t) => t.key)).toEqual(['liveEnded'])
  })

  it('[END-2] the redirect is a marble in virtual time: 1500 ms after the end', () => {
    const scheduler = testScheduler()
    scheduler.run(({ cold, expectObservable }) => {
      const ended = fold(inRoom(), { type: 'life/ended', reason: 'roomState', live: false })
      const state$ = cold('a', { a: ended })
      const id = ended.ui.redirect?.id ?? -1
      expectObservable(redirectEffect(of<Event>(), state$, fakeDeps(scheduler))).toBe('1500ms r', {
        r: { type: 'timer/redirectDue', id },
      })
    })
  })

  it('[END-3] ending a meeting sets state 0 and sends the changed room state (Agora mode)', () => {
    const h = runEffects(
      asHost(),
      [endMeetingEffect],
      (_h, at) => at(0, { type: 'ui/endMeetingClicked' }),
      { mode: 'agora' },
    )
    expect(h.calls().map((c) => c[0])).toEqual([
      'rest.updateRoomState',
      'messaging.sendChannelMessage',
    ])
    expect(h.calls('rest')[0]).toEqual(['rest.updateRoomState', 'r1', 0])
    const sent = JSON.parse(h.calls('messaging')[0]?.[1] as string)
    expect(sent).toMatchObject({ cmd: 3, version: 1, data: { state: 0, userId: 'user-100' } })
    expect(h.types()).toEqual([
      'ui/endMeetingClicked',
      'rest/roomStateUpdated',
      'msg/announced',
      'life/ended',
    ])
  })

  it("[END-4] a non-meeting room type (lecture hall) updates the room state with '2'", () => {
    const h = runEffects(asHost({ room: { roomType: 2 } }), [endMeetingEffect], (_h, at) =>
      at(0, { type: 'ui/endMeetingClicked' }),
    )
    expect(h.calls('rest')).toEqual([
      ['rest.updateRoomStateOfType', 'room-uuid-1', '2'],
      ['rest.updateRoomState', 'r1', 0],
    ])
  })
})

describe('projection display', () => {
  it('[PROJ-3] a display whose address is deleted leaves messaging and media, then goes home after 2000 ms', () => {
    const display = inRoom({ me: { uid: '900', role: 4, screenId: 'p1' } })
    const h = runEffects(display, lifecycle, (_h, at) =>
      at(0, msg(Cmd.deleteProjection, { ...byHost, projectionId: 'p1' })),
    )
    expect(h.calls().map((c) => c[0])).toEqual([
      'messaging.leave',
      'messaging.logout',
      'board.leave',
      'media.leave',
    ])
    expect(h.types()).toContain('life/exited')
    expect(h.store.getState().session.phase).toBe('exited')
    expect(h.store.getState().ui.redirect).toMatchObject({ to: '/home', delay: 2000 })
    // Another display's address, or a conferee, stays.
    const other = runEffects(display, lifecycle, (_h, at) =>
      at(0, msg(Cmd.deleteProjection, { ...byHost, projectionId: 'p2' })),
    )
    expect(other.calls()).toEqual([])
    const conferee = runEffects(inRoom(), lifecycle, (_h, at) =>
      at(0, msg(Cmd.deleteProjection, { ...byHost, projectionId: 'p1' })),
    )
    expect(conferee.calls()).toEqual([])
  })
})

describe('kicking', () => {
  it('[KICK-1] the host calls exit with reason kickUserBy, then sends kickOut (Agora mode)', () => {
    const h = runEffects(
      asHost(),
      [kickEffect],
      (_h, at) => at(0, { type: 'ui/kickClicked', uid: '300' }),
      { mode: 'agora' },
    )
    expect(h.calls('rest')).toEqual([['rest.exitRoom', 'r1', '300', 2, 'kickUserBy']])
    expect(JSON.parse(h.calls('messaging')[0]?.[1] as string)).toMatchObject({
      cmd: 8,
      data: { uid: '300', userName: 'Name 100', reason: 'kickUserBy' },
    })
    expect(h.store.getState().users.audiences.has('300')).toBe(false)
  })

  it('[KICK-2] a member dropped by the server is removed with reason serverTimeOut', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.memberChanged, {
        userId: '',
        userName: '',
        type: 'leave',
        reason: 'serverTimeOut',
        member: { ...inRoom().users.audiences.get('300')! },
      }),
    )
    expect(s.users.audiences.has('300')).toBe(false)
  })

  it('[KICK-3] the kicked user leaves messaging and media; an audience on CDN watch skips the media exit', () => {
    const kick = msg(Cmd.kickOut, { ...byHost, uid: '200', reason: 'kickUserBy' })
    const h = runEffects(inRoom(), lifecycle, (_h, at) => at(0, kick))
    expect(h.calls().map((c) => c[0])).toEqual([
      'messaging.leave',
      'messaging.logout',
      'board.leave',
      'media.leave',
    ])
    expect(h.types().slice(0, 3)).toEqual(['msg/kickedOut', 'life/kicked', 'life/exited'])
    const cdn = runEffects(inRoom({ me: { role: 3 } }), lifecycle, (_h, at) => at(0, kick))
    expect(cdn.calls().map((c) => c[0])).toEqual([
      'messaging.leave',
      'messaging.logout',
      'board.leave',
    ])
  })

  it('[KICK-4] the kicked user sees a box naming the kicker', () => {
    const h = runEffects(inRoom(), lifecycle, (_h, at) =>
      at(0, msg(Cmd.kickOut, { ...byHost, uid: '200' })),
    )
    expect(h.store.getState().ui.dialogs.map((d) => [d.kind, d.params.by])).toEqual([
      ['kicked', 'Name 100'],
    ])
    // another member's kick is not mine
    const other = runEffects(inRoom(), lifecycle, (_h, at) =>
      at(0, msg(Cmd.kickOut, { ...byHost, uid: '300' })),
    )
    expect(other.types()).toEqual(['msg/kickedOut'])
  })

  it('a login elsewhere (ABORTED, REMOTE_LOGIN) kicks me out with its own box', () => {
    const h = runEffects(inRoom(), lifecycle, (_h, at) =>
      at(0, { type: 'rtm/connectionStateChanged', state: 'ABORTED', reason: 'REMOTE_LOGIN' }),
    )
    expect(h.types()).toContain('life/kicked')
    expect(h.store.getState().ui.dialogs.map((d) => d.kind)).toEqual(['loginElsewhere'])
  })
})

describe('inactive room', () => {
  it('[INACTIVE-1] a confirm message shows the warning that the user will be exited', () => {
    const s = fold(inRoom(), msg(Cmd.confirmInactiveRoom, { userId: '', userName: '' }))
    expect(s.ui.dialogs.map((d) => [d.kind, d.confirmLabel, d.rejectLabel])).toEqual([
      ['inactiveWarning', 'confirm', 'reject'],
    ])
  })

  it('[INACTIVE-2] a cancel message hides it', () => {
    const s = fold(
      inRoom(),
      msg(Cmd.confirmInactiveRoom, { userId: '', userName: '' }),
      msg(Cmd.cancelPopupOfInactiveRoom, { userId: '', userName: '' }),
    )
    expect(s.ui.dialogs).toEqual([])
  })

  it('[INACTIVE-3] an exit message forces everyone out and redirects after 1000 ms', () => {
    const h = runEffects(inRoom(), lifecycle, (_h, at) =>
      at(0, msg(Cmd.exitInactiveRoom, { userId: '', userName: '' })),
    )
    expect(h.timed()).toEqual([
      '0 msg/inactiveExited',
      '0 life/ended',
      '0 life/exited',
      '1000 timer/redirectDue',
    ])
    expect(h.store.getState().session.phase).toBe('exited')
    expect(h.store.getState().ui.redirect).toMatchObject({ to: '/home', due: true })
  })
})

describe('remaining-time countdown', () => {
  it('[COUNT-1] hosts only: the remaining time is refreshed every 600000 ms', () => {
    const host = runEffects(asHost(), [countdownTimerEffect, countdownFetchEffect], () => {}, {
      until: 1_300_000,
    })
    expect(host.timed().filter((t) => t.includes('countdownDue'))).toEqual([
      '0 timer/countdownDue',
      '600000 timer/countdownDue',
      '1200000 timer/countdownDue',
    ])
    expect(host.calls('rest')).toEqual([
      ['rest.loadSurplus', 'room-uuid-1'],
      ['rest.loadSurplus', 'room-uuid-1'],
      ['rest.loadSurplus', 'room-uuid-1'],
    ])
    expect(host.store.getState().conference.remainingMinutes).toBe(30)
    const conferee = runEffects(inRoom(), [countdownTimerEffect, countdownFetchEffect], () => {}, {
      until: 1_300_000,
    })
    expect(conferee.seen).toEqual([])
  })

  it('[COUNT-3] on a failed fetch, 5 is subtracted', () => {
    let n = 0
    const h = runEffects(asHost(), [countdownTimerEffect, countdownFetchEffect], () => {}, {
      until: 1_300_000,
      rest: { loadSurplus: () => (n++ === 0 ? of(12) : throwError(() => new Error('down'))) },
    })
    expect(h.store.getState().conference.remainingMinutes).toBe(2)
    expect(h.types().filter((t) => t.startsWith('rest'))).toEqual([
      'rest/surplusLoaded',
      'rest/callFailed',
      'rest/callFailed',
    ])
  })

  it('[COUNT-1] a room without a time limit has no countdown, and a failed fetch leaves it so', () => {
    let n = 0
    const h = runEffects(asHost(), [countdownTimerEffect, countdownFetchEffect], () => {}, {
      until: 1_300_000,
      rest: { loadSurplus: () => (n++ === 0 ? of(null) : throwError(() => new Error('down'))) },
    })
    expect(h.types().filter((t) => t.startsWith('rest'))).toEqual([
      'rest/surplusLoaded',
      'rest/callFailed',
      'rest/callFailed',
    ])
    expect(h.store.getState().conference.remainingMinutes).toBeNull()
    expect(h.types()).not.toContain('life/ended')
  })

  it("[COUNT-2] at 0 the meeting ends and a 'Meeting has ended' box shows", () => {
    const h = runEffects(
      asHost(),
      [countdownTimerEffect, countdownFetchEffect, endedEffect, departureEffect, endMeetingEffect],
      () => {},
      { until: 10_000, rest: { loadSurplus: () => of(0) } },
    )
    expect(h.types()).toEqual([
      'timer/countdownDue',
      'rest/surplusLoaded',
      'life/ended',
      'life/exited',
      'rest/roomStateUpdated',
    ])
    expect(h.calls('rest.updateRoomState')).toEqual([['rest.updateRoomState', 'r1', 0]])
    expect(h.store.getState().ui.dialogs.map((d) => d.kind)).toEqual(['meetingHasEnded'])
  })
})
