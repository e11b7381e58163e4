// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import type { LanguageStream, LiveSetting } from '@streams/ports/rest-types'
import { LivePlayer } from '../../../src/web/live/LivePlayer'
import { SessionProvider } from '../../../src/web/session/context'
import { entered, quietSession } from '../meeting/fixtures'
import { setupI18n } from '../setup-i18n'

const stream = (streamId: string, name: string): LanguageStream => ({
  streamId,
  languageType: streamId,
  languageName: name,
  languageIcon: '',
  languageIconActive: '',
  pullUrl: `https://cdn.example.com/${streamId}/index.m3u8`,
  pushUrl: '',
  interpreterUid: '',
  liveUrl: '',
})

const setting: LiveSetting = {
  roomId: 'room',
  roomUuid: 'uuid',
  liveState: 0,
  liveOpen: 0,
  introduceOpen: 0,
  introduce: '',
  audienceWatchType: 2,
  liveCdnType: 0,
  pcCoverImage: '',
  mobCoverImage: '',
  backgroundImages: [],
  streamingUrls: [stream('en', 'English'), stream('fr', 'Français')],
  liveUrl: '/live/room/index.m3u8',
  liveAvailable: 1,
  liveUnavailableReason: '',
}

/** The audience's player; in a replay (as the replay page shows a session) it plays nothing. */
function player(events: Event[], replay = true) {
  const { session: quiet, seen } = quietSession([
    { type: 'rest/roomEntered', data: entered(3) },
    { type: 'rest/liveSettingLoaded', setting },
    ...events,
  ])
  const session = Object.assign(quiet, { replay })
  render(
    <FluentProvider theme={webLightTheme}>
      <SessionProvider session={session}>
        <LivePlayer />
      </SessionProvider>
    </FluentProvider>,
  )
  return seen
}

const checked = (name: string) => screen.getByRole('radio', { name }).getAttribute('aria-checked')

beforeAll(async () => {
  await setupI18n('en')
})
afterEach(cleanup)

describe("the CDN audience's language choice is an event of the session", () => {
  it('a choice recorded in the log shows as chosen (a replay shows it)', () => {
    player([{ type: 'ui/liveLanguageChosen', streamId: 'fr' }])
    expect(checked('Français')).toBe('true')
    expect(checked('Original')).toBe('false')
  })

  it('picking a language dispatches ui/liveLanguageChosen, and the picker follows the state', () => {
    const seen = player([])
    expect(checked('Original')).toBe('true')
    fireEvent.click(screen.getByRole('radio', { name: 'English' }))
    expect(seen.at(-1)).toEqual({ type: 'ui/liveLanguageChosen', streamId: 'en' })
    expect(checked('English')).toBe('true')
    fireEvent.click(screen.getByRole('radio', { name: 'Original' }))
    expect(seen.at(-1)).toEqual({ type: 'ui/liveLanguageChosen', streamId: '' })
    expect(checked('Original')).toBe('true')
  })
})
