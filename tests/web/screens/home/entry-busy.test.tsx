// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import { EntryBusyNotice } from '../../../../src/web/screens/home/EntryBusyNotice'
import { setupI18n } from '../../setup-i18n'
import { entered, quietSession } from '../../meeting/fixtures'

const form = { roomName: 'Room', userName: 'Ann', roomType: 1, role: 2, password: 'pw' } as const
const busy: Event[] = [
  { type: 'ui/joinSubmitted', form },
  { type: 'rest/roomEntryBusy', attempt: 2, delayMs: 2400 },
]

afterEach(cleanup)

describe('the entry form while the server admits a crowd', () => {
  it('says "busy, retrying" with the wait and the attempt, in English and Chinese, until the entry is answered', async () => {
    await setupI18n('en')
    const { session } = quietSession(busy)
    render(<EntryBusyNotice session={session} />)
    expect(screen.getByRole('status').textContent).toBe(
      'The room is letting a crowd in: busy, retrying in 2 s (attempt 2)…',
    )
    act(() => session.dispatch({ type: 'rest/roomEntered', data: entered(2) }))
    expect(screen.queryByRole('status')).toBeNull()
    cleanup()

    await setupI18n('zh')
    render(<EntryBusyNotice session={quietSession(busy).session} />)
    expect(screen.getByRole('status').textContent).toBe(
      '房间正在接纳大量人员：繁忙，2 秒后重试（第 2 次）…',
    )
    await setupI18n('en')
  })

  it('shows nothing before the session loads or when the entry was never busy', async () => {
    await setupI18n('en')
    render(<EntryBusyNotice session={null} />)
    render(<EntryBusyNotice session={quietSession([busy[0]!]).session} />)
    expect(screen.queryByRole('status')).toBeNull()
  })
})
