// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Event } from '@streams/events'
import type { Recording } from '@streams/wire/rest/recording'
import { RecordingsDialog } from '../../../src/web/live/RecordingsDialog'
import { SessionProvider } from '../../../src/web/session/context'
import { entered, quietSession } from '../meeting/fixtures'
import { setupI18n } from '../setup-i18n'

const saved: Recording = {
  recordingId: 'r1',
  roomId: 'room',
  status: 4,
  startTime: Date.UTC(2026, 0, 2, 3, 4),
  stopTime: Date.UTC(2026, 0, 2, 3, 6),
  duration: 125,
  interrupted: true,
  files: [{ fileId: 'f1', url: '/api/files/f1.mp4', size: 1, contentType: 'video/mp4' }],
}

function dialog(events: Event[], onClose = () => {}) {
  const { session, seen } = quietSession([
    { type: 'rest/roomEntered', data: entered(1) },
    ...events,
  ])
  render(
    <FluentProvider theme={webLightTheme}>
      <SessionProvider session={session}>
        <RecordingsDialog open onClose={onClose} />
      </SessionProvider>
    </FluentProvider>,
  )
  return seen
}

beforeAll(async () => {
  await setupI18n('en')
})
afterEach(cleanup)

describe('RecordingsDialog', () => {
  it('[REC-3] lists each recording with its length, status and download; Play shows the player; Close closes', () => {
    const onClose = vi.fn()
    const seen = dialog([{ type: 'rest/recordingsLoaded', recordings: [saved] }], onClose)
    expect(seen.map((e) => e.type)).toContain('ui/recordingsOpened')
    const list = screen.getByRole('list', { name: 'Recording' })
    const row = within(list).getByRole('listitem')
    expect(row.textContent).toContain('2:05')
    expect(row.textContent).toContain('Saved · ended by a server restart')
    expect(within(row).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      '/api/files/f1.mp4?download=1',
    )
    expect(screen.queryByText('No recordings yet')).toBeNull()
    fireEvent.click(within(row).getByRole('button', { name: 'Play' }))
    expect(screen.getByLabelText('Recording player').getAttribute('src')).toBe('/api/files/f1.mp4')
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalled()
  })

  it('says when there are none, and a host starts recording from it', () => {
    const seen = dialog([{ type: 'rest/recordingsLoaded', recordings: [] }])
    expect(screen.getByText('No recordings yet')).toBeTruthy()
    expect(
      within(screen.getByRole('list', { name: 'Recording' })).queryAllByRole('listitem'),
    ).toEqual([])
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }))
    expect(seen.at(-1)).toEqual({ type: 'ui/recordingToggled', on: true })
  })
})
