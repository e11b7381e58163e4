// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ClientConfig } from '@streams/wire/rest/room'
import { addRoomTexts } from '../../../src/web/i18n/room'
import { SessionProvider } from '../../../src/web/session/context'
import { entered, quietSession } from '../meeting/fixtures'
import { setupI18n } from '../setup-i18n'

/** What /api/config answers in each case. */
const config = vi.hoisted(() => ({ answer: undefined as unknown as ClientConfig }))
vi.mock('../../../src/web/app/api', async (original) => ({
  ...(await original<object>()),
  clientConfig: () => Promise.resolve(config.answer),
}))
const { RecordingMenuButton } = await import('../../../src/web/live/RecordingMenuButton')

function menu(answer: ClientConfig) {
  config.answer = answer
  const { session } = quietSession([{ type: 'rest/roomEntered', data: entered(1) }])
  render(
    <FluentProvider theme={webLightTheme}>
      <SessionProvider session={session}>
        <RecordingMenuButton narrow={false} />
      </SessionProvider>
    </FluentProvider>,
  )
}

beforeAll(async () => {
  await setupI18n('en')
  addRoomTexts()
})
afterEach(cleanup)

describe('the Recording entry', () => {
  it('shows in Agora mode when the server says recording runs there (Agora has no local live)', async () => {
    menu({ mode: 'agora', appId: 'a', version: '1', recording: { available: true } })
    expect(await screen.findByRole('button', { name: 'Recording' })).toBeTruthy()
  })

  it('stays hidden when the server cannot record, whatever its live can do', async () => {
    menu({
      mode: 'local',
      appId: 'a',
      version: '1',
      live: { available: true },
      recording: { available: false, why: 'cloud recording needs AGORA_CUSTOMER_ID is not set' },
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: 'Recording' })).toBeNull()
  })
})
