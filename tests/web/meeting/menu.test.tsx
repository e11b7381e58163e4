// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { addRoomTexts } from '../../../src/web/i18n/room'
import { SessionProvider } from '../../../src/web/session/context'
import { MeetingMenu } from '../../../src/web/screens/meeting/menu/MeetingMenu'
import { setupI18n } from '../setup-i18n'
import { entered, quietSession } from './fixtures'

function menu(role: 1 | 2 | 3, muteAll: 0 | 1 | 2 = 0) {
  const { session, seen } = quietSession([
    { type: 'rest/roomEntered', data: entered(role, muteAll) },
  ])
  render(
    <FluentProvider theme={webLightTheme}>
      <SessionProvider session={session}>
        <MeetingMenu
          narrow={false}
          drawers={new Set()}
          onDrawer={() => {}}
          onInvite={() => {}}
          onDevices={() => {}}
          onSettings={() => {}}
          onEnd={() => {}}
        />
      </SessionProvider>
    </FluentProvider>,
  )
  return seen
}

const names = () =>
  screen.getAllByRole('button').map((b) => b.getAttribute('aria-label') ?? b.textContent)

beforeAll(async () => {
  await setupI18n('en')
  addRoomTexts()
})
afterEach(cleanup)

describe('meeting menu', () => {
  it('[ROLE-2] a host gets the menu of spec §2 under its exact English names', () => {
    menu(1)
    expect(names()).toEqual([
      'Audio',
      'Video',
      'Screen share',
      'Chat',
      'Members',
      'Invite',
      'Mute all',
      'Interact',
      'More',
      'End meeting',
      'Leave meeting',
    ])
  })

  it('[MUTE-5] under mute-all the host is offered "Unmute all", and its click is the toggle event', () => {
    const seen = menu(1, 1)
    expect(screen.queryByRole('button', { name: 'Mute all' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Unmute all' }))
    expect(seen.at(-1)).toEqual({ type: 'ui/muteAllClicked' })
  })

  it('[APPLY-3] a conferee asks instead of muting or ending, and may leave', () => {
    menu(2)
    expect(names()).toEqual([
      'Audio',
      'Video',
      'Screen share',
      'Chat',
      'Members',
      'Invite',
      'Interact',
      'Ask for',
      'More',
      'Leave meeting',
    ])
  })

  it('[ROLE-4] a CDN audience only receives: no audio, video or screen share', () => {
    menu(3)
    expect(names()).not.toContain('Audio')
    expect(names()).not.toContain('Screen share')
    expect(names()).toContain('Leave meeting')
  })

  it('a click is an event for the core, nothing else', () => {
    const seen = menu(1)
    fireEvent.click(screen.getByRole('button', { name: 'Audio' }))
    expect(seen.at(-1)).toEqual({ type: 'ui/mediaToggled', kind: 'audio', on: false })
    fireEvent.click(screen.getByRole('button', { name: 'Leave meeting' }))
    expect(seen.at(-1)).toEqual({ type: 'ui/leaveClicked' })
  })
})
