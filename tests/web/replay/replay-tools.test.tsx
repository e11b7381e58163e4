// @vitest-environment jsdom
import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { replayNdjson } from '@streams/replay/engine'
import { stepOfSeq } from '@streams/replay/query'
import { stateToJson } from '@streams/replay/state-json'
import { kickSessionLog, seqOf } from './kick-log'
import { jumpTo, onReplayPage, openLogText, position, renderReplay, within } from './render-replay'

const run = promisify(execFile)

const events = () => screen.getByRole('listbox', { name: 'Events' })
const rows = () => within(events()).getAllByRole('option')
const count = () => screen.getByText(/ of 19 events$/).textContent

onReplayPage()

describe('the event list', () => {
  it('lists every event (seq, time, type, who), highlights the current one and seeks on a click', async () => {
    renderReplay()
    await openLogText(kickSessionLog())
    expect(rows()).toHaveLength(19)
    expect(rows()[12]?.textContent).toBe(
      '#12 0:21.250 msg/memberChanged server, user-100, Name 100',
    )
    expect(rows().filter((r) => r.getAttribute('aria-selected') === 'true')).toEqual([])
    fireEvent.click(rows()[15] as HTMLElement)
    expect(position()).toBe('event #15 · step 16 of 19 · 0:35.333')
    expect(rows()[15]?.getAttribute('aria-selected')).toBe('true')
    // Up and Down in the list pick the neighbours
    fireEvent.keyDown(events(), { key: 'ArrowDown' })
    expect(position()).toMatch(/^event #16 /)
    fireEvent.keyDown(events(), { key: 'ArrowUp' })
    fireEvent.keyDown(events(), { key: 'ArrowUp' })
    expect(position()).toMatch(/^event #14 /)
  })

  it('filters by source, type and user, and the current event stays highlighted when it is kept', async () => {
    renderReplay()
    await openLogText(kickSessionLog())
    const source = screen.getByLabelText('Source') as HTMLSelectElement
    expect([...source.options].map((o) => o.value)).toEqual([
      '',
      'device',
      'life',
      'msg',
      'rest',
      'rtc',
      'rtm',
      'rule',
      'timer',
      'ui',
    ])
    fireEvent.change(source, { target: { value: 'msg' } })
    await waitFor(() => expect(count()).toBe('4 of 19 events'))
    const typeOf = (row: HTMLElement) => row.textContent?.split(' ')[2]
    expect(rows().map(typeOf)).toEqual([
      'msg/chatReceived',
      'msg/memberChanged',
      'msg/roomInfoChanged',
      'msg/kickedOut',
    ])
    fireEvent.click(rows()[3] as HTMLElement)
    expect(position()).toMatch(new RegExp(`^event #${seqOf('msg/kickedOut')} `))
    expect(rows()[3]?.getAttribute('aria-selected')).toBe('true')

    fireEvent.change(source, { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'joinsub' } })
    await waitFor(() => expect(count()).toBe('2 of 19 events'))
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: '' } })
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'name 300' } })
    await waitFor(() =>
      expect(rows().map((r) => r.textContent)).toEqual([
        '#11 0:15.500 msg/chatReceived 300, user-300, Name 300',
      ]),
    )
    fireEvent.change(screen.getByLabelText('User'), { target: { value: 'nobody' } })
    expect(await screen.findByText('No event matches the filter.')).toBeTruthy()
  })
})

describe('the step detail', () => {
  it("shows the step's event as JSON and the state diff it caused (path, before → after)", async () => {
    renderReplay()
    await openLogText(kickSessionLog())
    expect(screen.getByText('The starting state: no event folded yet.')).toBeTruthy()
    await jumpTo(seqOf('msg/roomInfoChanged'))
    const detail = screen.getByRole('region', { name: 'Step detail' })
    await waitFor(() =>
      expect(within(detail).getByRole('table', { name: 'What it changed' })).toBeTruthy(),
    )
    const json = within(detail).getByLabelText(`Event #${seqOf('msg/roomInfoChanged')}`)
    expect(JSON.parse(json.textContent ?? '')).toMatchObject({
      type: 'msg/roomInfoChanged',
      data: { muteAllAudio: 1 },
    })
    const change = (path: string) =>
      within(detail).getByRole('rowheader', { name: path }).closest('tr')?.textContent
    expect(change('conference.muteAllAudio')).toBe('conference.muteAllAudio0 → 1')
    expect(change('users.audiences.300.enableAudio')).toBe('users.audiences.300.enableAudio1 → 0')
    await jumpTo(seqOf('rtc/joined') + 0)
    expect(within(detail).queryByRole('table')).not.toBeNull()
  })
})

describe('Copy state', () => {
  it('writes stateToJson of the state at the cursor, the text `npm run replay -- --at N --json` prints', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    renderReplay()
    const log = kickSessionLog()
    await openLogText(log)
    const seq = seqOf('life/kicked')
    await jumpTo(seq)
    fireEvent.click(screen.getByRole('button', { name: 'Copy state' }))
    await screen.findByText(`The state after event #${seq} is on the clipboard`)
    const replay = replayNdjson(log)
    const copied = writeText.mock.calls[0] as unknown as [string]
    expect(copied[0]).toBe(stateToJson(replay.stateAt(stepOfSeq(replay.envelopes, seq))))
    // the command line, on the same log and position
    const dir = await mkdtemp(join(tmpdir(), 'replay-'))
    await writeFile(join(dir, 'kick.ndjson'), log)
    const { stdout } = await run(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/cli/replay.ts',
        join(dir, 'kick.ndjson'),
        '--at',
        String(seq),
        '--json',
      ],
      { maxBuffer: 64 * 2 ** 20 },
    )
    expect(stdout).toBe(`${copied[0]}\n`)
  })
})

describe('the timeline', () => {
  it('is a slider over the log: a click seeks to that time, the keys step, markers by kind with a legend', async () => {
    renderReplay()
    await openLogText(kickSessionLog())
    const slider = screen.getByRole('slider', { name: 'Timeline' })
    expect(slider.getAttribute('aria-valuemax')).toBe('19')
    expect(slider.getAttribute('aria-valuenow')).toBe('0')
    slider.getBoundingClientRect = () =>
      ({ left: 100, width: 1000, top: 0, height: 40, right: 1100, bottom: 40 }) as DOMRect
    // halfway through 62.501 s: everything up to 0:31.250
    fireEvent.pointerDown(slider, { clientX: 600, pointerId: 1 })
    expect(slider.getAttribute('aria-valuenow')).toBe('14')
    expect(slider.getAttribute('aria-valuetext')).toBe('event #13 at 0:30.000')
    fireEvent.keyDown(slider, { key: 'ArrowRight' })
    expect(position()).toMatch(/^event #14 /)
    fireEvent.keyDown(slider, { key: 'End' })
    expect(slider.getAttribute('aria-valuenow')).toBe('19')
    fireEvent.keyDown(slider, { key: 'Home' })
    expect(position()).toBe('start · step 0 of 19 · 0:00.000')

    const legend = screen.getByRole('list', { name: 'Markers' })
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((i) => i.textContent),
    ).toEqual([
      'Joins and leaves',
      'Errors',
      'Boxes',
      'Role changes',
      'Chat',
      'Mute all',
      'Grants',
      'Failed REST calls',
      'Reconnections',
      'Missing events',
    ])
    const kinds = [...slider.querySelectorAll('[data-kind]')].map((m) =>
      m.getAttribute('data-kind'),
    )
    expect(new Set(kinds)).toEqual(new Set(['join', 'error', 'dialog', 'role', 'chat', 'muteAll']))
  })

  it('keeps the focus on the control that moved, when a box opens at that step', async () => {
    renderReplay()
    await openLogText(kickSessionLog())
    await jumpTo(seqOf('life/kicked') - 1)
    const forward = screen.getByRole('button', { name: 'Step forward' })
    forward.focus()
    fireEvent.click(forward)
    await screen.findByRole('alertdialog')
    await waitFor(() => expect(document.activeElement).toBe(forward))
  })
})
