// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Subject } from 'rxjs'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { initialState, reduce, type State } from '@streams/projections'
import { createRecorder } from '@streams/recorder/recorder'
import { Cmd } from '@streams/wire/channel'
import { byHost, entry, me, member, msg, roomDetail, roomInfo } from '../../streams/fixtures'
import { KICKER, kickSessionLog, seqOf } from './kick-log'
import {
  jumpTo,
  kickBox,
  onReplayPage,
  openLogText,
  position,
  renderReplay,
  stage,
  within,
} from './render-replay'

/** A log of these events, 1 s apart, recorded by the client's recorder. */
function logOf(events: Event[]): string {
  const envelope$ = new Subject<Envelope<Event>>()
  const recorder = createRecorder<State, Event>({
    envelope$,
    initialState,
    reduce,
    app: 'test',
    startedAt: 0,
  })
  events.forEach((event, seq) => envelope$.next({ seq, at: seq * 1000, event }))
  return recorder.toNdjson()
}

const inRoomEvents = (mobile = false): Event[] => [
  { type: 'life/appStarted', mobile, mode: 'local' },
  { type: 'rest/roomEntered', data: entry(me('200', { userName: 'Ann' }), roomInfo()) },
  { type: 'rtm/channelJoined', channel: 'ch1', members: ['100', '200'] },
  { type: 'life/entered', roomId: 'r1', uid: '200' },
  {
    type: 'rest/usersLoaded',
    users: [member('100', { role: 1, userPhoto: 'https://photos.example/100.png' })],
    total: 1,
  },
]

const fetchSpy = onReplayPage({ offline: true })

describe('the replay screen: the meeting as the user saw it', () => {
  it('[ROUTE-15] [KICK-4] opens a log from the file picker; the kick box naming the kicker is there at the kick, gone a step back, and nothing is fetched', async () => {
    renderReplay()
    expect(screen.getByRole('heading', { name: 'Session replay', level: 2 })).toBeTruthy()
    await openLogText(kickSessionLog())
    expect(position()).toBe('start · step 0 of 19 · 0:00.000')

    await jumpTo(seqOf('life/kicked'))
    const box = await screen.findByRole('alertdialog', { name: 'Removed' })
    expect(box.textContent).toContain(`${KICKER} removed you from the meeting.`)
    // not modal in a replay: the replay's controls stay usable around it
    expect(box.getAttribute('aria-modal')).toBe('false')
    // the real meeting screen is behind it: the room's name, its member list
    expect(within(stage()).getByRole('heading', { name: 'Room one' })).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Step back' }))
    await waitFor(() => expect(kickBox()).toBeNull())
    expect(position()).toMatch(/^event #16 · step 17 of 19 · 1:02\.500$/)
    // a click in the replay changes nothing: the box's OK is no event
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }))
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirm' }),
    )
    expect(kickBox()).not.toBeNull()
    expect(fetchSpy()).not.toHaveBeenCalled()
    expect(screen.queryByText('navigated away')).toBeNull()
  })

  it('[ROUTE-15] before the room: the session phase, and the entry error worded as the home form words it', async () => {
    renderReplay()
    await openLogText(kickSessionLog())
    await jumpTo(seqOf('ui/joinSubmitted'))
    const panel = within(stage())
    expect(panel.getByRole('heading', { name: 'Not in a room at this step' })).toBeTruthy()
    expect(panel.getByText('Session phase: idle (the home form)')).toBeTruthy()
    expect(panel.getByRole('alert').textContent).toBe('Entry error: Please enter the room password')
    await jumpTo(seqOf('ui/joinSubmitted') + 1)
    expect(panel.getByText('Session phase: entering the room')).toBeTruthy()
    expect(panel.getByText('No entry error.')).toBeTruthy()
  })

  it('[ROUTE-15] never navigates: a due redirect and an exit stay on /replay; no export is offered', async () => {
    renderReplay()
    await openLogText(
      logOf([
        ...inRoomEvents(),
        // a call answered "log in again" while in the room: a redirect to /login, due at once
        { type: 'auth/loginRequired', call: 'room/users' },
        { type: 'life/exited', reason: 'leave' },
        // a late answer after leaving: the room again, the phase still exited
        { type: 'rest/roomLoaded', room: roomDetail() },
      ]),
    )
    await jumpTo(5)
    expect(within(stage()).getByRole('heading', { name: 'Room one' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Export session log' })).toBeNull()
    await jumpTo(7)
    expect(within(stage()).getByRole('heading', { name: 'Room one' })).toBeTruthy()
    // still the replay, at that step: nothing navigated
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByText('navigated away')).toBeNull()
    expect(position()).toMatch(/^event #7 · step 8 of 8/)
    expect(window.location.pathname).toBe('/replay')
    expect(fetchSpy()).not.toHaveBeenCalled()
  })

  it('[ROUTE-15] the whiteboard shows a note instead of connecting; video tiles show initials, no photo is loaded', async () => {
    renderReplay()
    await openLogText(
      logOf([...inRoomEvents(), msg(Cmd.shareBoard, { ...byHost, kind: 'share', shareBoard: 1 })]),
    )
    await jumpTo(5)
    const board = within(stage()).getByRole('region', { name: 'Whiteboard' })
    expect(board.textContent).toContain('this log recorded none of its drawing')
    expect(stage().querySelector('[data-video="on"]')).toBeNull()
    expect(within(stage()).getByRole('figure', { name: 'Name 100' })).toBeTruthy()
    expect(stage().querySelector('img')).toBeNull()
    expect(fetchSpy()).not.toHaveBeenCalled()
  })

  it('shows the phone screen for a phone session', async () => {
    renderReplay()
    await openLogText(logOf(inRoomEvents(true)))
    await jumpTo(4)
    expect(within(stage()).getByRole('tab', { name: 'Chat' })).toBeTruthy()
    expect(within(stage()).getByRole('tab', { name: 'Members' })).toBeTruthy()
  })
})

describe('the replay screen: moving', () => {
  it('steps with the buttons and the arrow keys, jumps to an event, seeks to a time', async () => {
    renderReplay()
    await openLogText(kickSessionLog())
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }))
    expect(position()).toBe('event #0 · step 1 of 19 · 0:00.000')
    fireEvent.keyDown(document.body, { key: 'ArrowRight' })
    fireEvent.keyDown(document.body, { key: 'ArrowRight' })
    expect(position()).toBe('event #2 · step 3 of 19 · 0:04.200')
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' })
    expect(position()).toBe('event #1 · step 2 of 19 · 0:00.000')
    // in a text field the arrows move the caret, not the replay
    fireEvent.keyDown(screen.getByLabelText('Jump to event'), { key: 'ArrowRight' })
    expect(position()).toBe('event #1 · step 2 of 19 · 0:00.000')

    await jumpTo(10)
    expect(position()).toBe('event #10 · step 11 of 19 · 0:11.020')

    fireEvent.change(screen.getByLabelText('Seek to time'), { target: { value: '0:30' } })
    fireEvent.click(screen.getByRole('button', { name: 'Seek' }))
    expect(position()).toBe('event #13 · step 14 of 19 · 0:30.000')
    fireEvent.change(screen.getByLabelText('Seek to time'), { target: { value: '33.3' } })
    fireEvent.click(screen.getByRole('button', { name: 'Seek' }))
    expect(position()).toBe('event #13 · step 14 of 19 · 0:30.000')
    fireEvent.change(screen.getByLabelText('Seek to time'), { target: { value: 'soon' } })
    fireEvent.click(screen.getByRole('button', { name: 'Seek' }))
    expect(screen.getByText('Give seconds, or m:ss.mmm (seconds below 60)')).toBeTruthy()
    expect(position()).toBe('event #13 · step 14 of 19 · 0:30.000')
    // out of range: a message, and the position stays (never clamped)
    fireEvent.change(screen.getByLabelText('Seek to time'), { target: { value: '1:99' } })
    fireEvent.click(screen.getByRole('button', { name: 'Seek' }))
    expect(screen.getByText('Give seconds, or m:ss.mmm (seconds below 60)')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Seek to time'), { target: { value: '100' } })
    fireEvent.click(screen.getByRole('button', { name: 'Seek' }))
    expect(screen.getByText(/^1:40\.000 is after the end of the log \(/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Jump to event'), { target: { value: '99999' } })
    fireEvent.click(screen.getByRole('button', { name: 'Jump' }))
    expect(
      screen.getByText('Event #99999 is outside the log: its events go from #0 to #18'),
    ).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Jump to event'), { target: { value: '-1' } })
    fireEvent.click(screen.getByRole('button', { name: 'Jump' }))
    expect(
      screen.getByText('Event #-1 is outside the log: its events go from #0 to #18'),
    ).toBeTruthy()
    expect(position()).toBe('event #13 · step 14 of 19 · 0:30.000')
  })

  it('plays at 16× keeping the gaps, and pauses', async () => {
    renderReplay()
    await openLogText(kickSessionLog())
    await jumpTo(10)
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '16' } })
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    // 4.5 s of the log (the next chat line) pass in about 0.3 s
    await waitFor(() => expect(position()).toMatch(/^event #11 /))
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    const paused = position()
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)))
    expect(position()).toBe(paused)
  })

  it('skips inactivity: a quiet stretch over 2 s of the log jumps to the next event while playing', async () => {
    renderReplay()
    await openLogText(kickSessionLog())
    // #15 (0:35.333), then 27 s of nothing before the host removes Ann (#16, 1:02.500)
    await jumpTo(15)
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    await act(() => new Promise((resolve) => setTimeout(resolve, 500)))
    expect(position()).toMatch(/^event #15 /)
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Skip inactivity' }))
    fireEvent.click(screen.getByRole('button', { name: 'Play' }))
    // at 1×, without the skip, 27 s; with it, the next frames
    await waitFor(() => expect(position()).toMatch(/^event #1[678] /), { timeout: 5000 })
  })

  it('[ROUTE-15] keeps the position in the hash: #seq=N opens that step, and moving rewrites it in place', async () => {
    const kicked = seqOf('life/kicked')
    window.history.replaceState(null, '', `/replay#seq=${kicked}`)
    const before = window.history.length
    renderReplay()
    await openLogText(kickSessionLog())
    expect(position()).toMatch(new RegExp(`^event #${kicked} `))
    expect((await screen.findByRole('alertdialog')).textContent).toContain(KICKER)
    fireEvent.click(screen.getByRole('button', { name: 'Step back' }))
    await waitFor(() => expect(window.location.hash).toBe(`#seq=${kicked - 1}`))
    expect(window.history.length).toBe(before)
    // a hash edited by hand moves the cursor
    window.location.hash = '#seq=3'
    await waitFor(() => expect(position()).toMatch(/^event #3 /))
  })
})
