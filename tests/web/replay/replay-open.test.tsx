// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { kickSessionLog } from './kick-log'
import { onReplayPage, openLogText, position, renderReplay } from './render-replay'

const fetchSpy = onReplayPage({ offline: true })

describe('the replay screen: opening', () => {
  it('opens a log dropped on the page', async () => {
    renderReplay()
    const file = new File([kickSessionLog()], 'dropped.ndjson')
    fireEvent.drop(screen.getByRole('main'), { dataTransfer: { files: [file], types: ['Files'] } })
    await screen.findByRole('region', { name: 'Replay controls' })
    expect(
      screen.getByText(/^dropped\.ndjson: 19 events, 1:02\.501 long, app 0\.1\.0, format 1/),
    ).toBeTruthy()
  })
})

describe('the replay screen: logs that do not open', () => {
  it('shows the format error of what is no log and stays usable', async () => {
    renderReplay()
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Open a session log'), {
        target: { files: [new File(['not json\n{"seq":0}\n'], 'x')] },
      })
    })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This is not a session log that can be read: not a session log (no header line)',
    )
    await openLogText(kickSessionLog())
    expect(screen.queryByRole('alert')).toBeNull()
    expect(position()).toBe('start · step 0 of 19 · 0:00.000')
  })

  it('names a newer format; opens a damaged log, listing what it skipped and what is missing', async () => {
    renderReplay()
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Open a session log'), {
        target: {
          files: [
            new File(
              ['{"kind":"roomcast-session-log","format":99,"app":"x","startedAt":0}\n'],
              'x',
            ),
          ],
        },
      })
    })
    expect((await screen.findByRole('alert')).textContent).toContain(
      'log format 99 is newer than this build (1)',
    )
    const lines = kickSessionLog().trimEnd().split('\n')
    const damaged = [
      ...lines.slice(0, 4),
      'garbage',
      ...lines.slice(6, -1),
      lines.at(-1)!.slice(0, 9),
    ]
    await openLogText(damaged.join('\n'))
    expect(position()).toBe('start · step 0 of 16 · 0:00.000')
    const warning = (await screen.findAllByText('The log was read with 3 problems'))[0]!.closest(
      '[role=status]',
    )!
    expect(warning.textContent).toContain('Line 5 is not an event and is skipped: garbage')
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }))
    const list = screen.getByRole('list', { name: 'Problems found while reading' })
    expect(list.textContent).toContain('2 events are missing: #3 to #4')
    expect(list.textContent).toContain(`Line ${damaged.length} was cut off and is dropped`)
  })

  it('fetches ?log=<url> in the browser and shows the HTTP status when it fails', async () => {
    fetchSpy().mockImplementation((url: string) =>
      Promise.resolve(
        url === '/logs/good.ndjson'
          ? new Response(kickSessionLog(), { status: 200 })
          : new Response('nope', { status: 404, statusText: 'Not Found' }),
      ),
    )
    renderReplay('?log=/logs/missing.ndjson')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The log could not be loaded: HTTP 404 Not Found',
    )
    expect(screen.getByLabelText('Open a session log')).toBeTruthy()
    cleanup()
    renderReplay('?log=/logs/good.ndjson')
    await screen.findByRole('region', { name: 'Replay controls' })
    expect(fetchSpy()).toHaveBeenLastCalledWith('/logs/good.ndjson')
  })
})
