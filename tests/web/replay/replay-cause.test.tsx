// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { kickSessionLog, seqOf } from './kick-log'
import {
  jumpTo,
  kickBox,
  onReplayPage,
  openLogText,
  position,
  renderReplay,
  within,
} from './render-replay'

/** The kick log as the live store records it: the kick box and the exit carry their causes. */
function withCauses(): string {
  const kickedOut = seqOf('msg/kickedOut')
  const kicked = seqOf('life/kicked')
  return (
    kickSessionLog()
      .trimEnd()
      .split('\n')
      .map((line, i) => {
        if (i === 0) return line
        const envelope = JSON.parse(line) as { seq: number; cause?: object }
        if (envelope.seq === kicked) envelope.cause = { by: 'kickedEffect', seq: kickedOut }
        if (envelope.seq === kicked + 1) envelope.cause = { by: 'exitEffect', seq: kicked }
        if (envelope.seq === kickedOut) envelope.cause = { by: 'adapterEventsEffect' }
        return JSON.stringify(envelope)
      })
      .join('\n') + '\n'
  )
}

const detail = () => screen.getByRole('region', { name: 'Step detail' })

onReplayPage()

describe('causes, skips and diffs in the replay', () => {
  it('shows what produced an event and what triggered it, and follows the cause both ways', async () => {
    renderReplay()
    await openLogText(withCauses())
    const kicked = seqOf('life/kicked')
    await jumpTo(kicked)
    await waitFor(() =>
      expect(detail().textContent).toContain('Produced bykickedEffectin answer to'),
    )
    fireEvent.click(within(detail()).getByRole('button', { name: `#${kicked - 1}` }))
    expect(position()).toMatch(new RegExp(`^event #${kicked - 1} `))
    await waitFor(() => expect(detail().textContent).toContain('adapter msg'))
    const ledTo = within(detail()).getByRole('group', { name: 'Led to' })
    fireEvent.click(within(ledTo).getByRole('button', { name: `#${kicked} life/kicked` }))
    expect(position()).toMatch(new RegExp(`^event #${kicked} `))
    await jumpTo(0)
    await waitFor(() => expect(detail().textContent).toContain('the user or the app (no effect)'))
  })

  it('skips events: the stage shows the state without them, and back', async () => {
    renderReplay()
    await openLogText(withCauses())
    const kicked = seqOf('life/kicked')
    await jumpTo(kicked)
    expect(kickBox()).not.toBeNull()
    fireEvent.click(within(detail()).getByLabelText('Skip this event (show the state without it)'))
    await waitFor(() => expect(kickBox()).toBeNull())
    expect(detail().textContent).toContain('1 event skipped')
    // moving on keeps the skip: the exit after it still shows no box
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }))
    await waitFor(() => expect(position()).toMatch(new RegExp(`^event #${kicked + 1} `)))
    expect(kickBox()).toBeNull()
    fireEvent.click(within(detail()).getByRole('button', { name: 'Skip none' }))
    await waitFor(() => expect(kickBox()).not.toBeNull())
  })

  it('diffs any two steps', async () => {
    renderReplay()
    await openLogText(withCauses())
    const kicked = seqOf('life/kicked')
    const muted = seqOf('msg/roomInfoChanged')
    await jumpTo(kicked)
    fireEvent.change(within(detail()).getByLabelText('Compare with event #'), {
      target: { value: String(muted - 1) },
    })
    fireEvent.click(within(detail()).getByRole('button', { name: 'Compare' }))
    const title = `What differs from after event #${muted - 1} to after event #${kicked}`
    const table = await within(detail()).findByRole('table', { name: title })
    expect(table.textContent).toContain('conference.muteAllAudio')
    expect(table.textContent).toContain('ui.dialogs.0')
    fireEvent.change(within(detail()).getByLabelText('Compare with event #'), {
      target: { value: '99999' },
    })
    fireEvent.click(within(detail()).getByRole('button', { name: 'Compare' }))
    expect(detail().textContent).toContain('Event #99999 is outside the log')
  })
  it('lists every REST call in the network panel and the errors in theirs; a click goes there', async () => {
    const lines = withCauses().trimEnd().split('\n')
    const last = JSON.parse(lines.at(-1)!) as { seq: number; at: number }
    const calls = [
      {
        type: 'rest/called',
        method: 'POST',
        path: '/api/v1/room/entry',
        status: 200,
        code: 0,
        ms: 41,
      },
      {
        type: 'rest/called',
        method: 'GET',
        path: '/api/v1/room/:roomId',
        status: 200,
        code: 20003,
        ms: 7,
      },
    ].map((event, i) => JSON.stringify({ seq: last.seq + 1 + i, at: last.at + 1 + i, event }))
    renderReplay()
    await openLogText([...lines, ...calls].join('\n') + '\n')
    fireEvent.click(screen.getByRole('tab', { name: 'Network' }))
    const network = await screen.findByRole('listbox', { name: 'Network' })
    const rows = within(network).getAllByRole('option')
    expect(rows.map((r) => r.textContent)).toEqual([
      `#${last.seq + 1} 1:02.502 POST /api/v1/room/entry 200 41 ms`,
      `#${last.seq + 2} 1:02.503 GET /api/v1/room/:roomId 200 · 20003 7 ms`,
    ])
    fireEvent.click(rows[1]!)
    expect(position()).toMatch(new RegExp(`^event #${last.seq + 2} `))
    fireEvent.click(screen.getByRole('tab', { name: 'Errors' }))
    const errors = await screen.findByRole('listbox', { name: 'Errors' })
    const types = within(errors)
      .getAllByRole('option')
      .map((r) => r.textContent?.split(' ')[2])
    expect(types).toEqual(['rule/refused', 'GET'])
    expect(screen.getByText('2 errors')).toBeTruthy()
  })
})
