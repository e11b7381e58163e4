// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LanguageStream } from '@streams/ports/rest-types'
import { en } from '../../../src/web/i18n/en'
import { liveEn } from '../../../src/web/i18n/live/en'
import { LanguagePicker, liveSource, ORIGINAL } from '../../../src/web/live/LanguagePicker'

beforeAll(async () => {
  await i18next
    .use(initReactI18next)
    .init({ lng: 'en', resources: { en: { translation: { ...en, ...liveEn } } } })
})
afterEach(cleanup)

const stream = (streamId: string, name: string, pullUrl: string): LanguageStream => ({
  streamId,
  languageType: streamId,
  languageName: name,
  languageIcon: `/icons/${streamId}.png`,
  languageIconActive: `/icons/${streamId}-on.png`,
  pullUrl,
  pushUrl: '',
  interpreterUid: '',
  liveUrl: '',
})
const streams = [
  stream('en', 'English', 'https://cdn.example.com/en/index.m3u8'),
  stream('fr', 'Français', 'https://cdn.example.com/fr.flv'),
  stream('none', 'No pull', ''),
]

describe('multi-language CDN streams on the audience player', () => {
  it("plays the room's own stream by default, a chosen language's pull URL, and the room's again when that language goes", () => {
    const own = '/live/abc/index.m3u8'
    expect(liveSource(own, streams, ORIGINAL)).toEqual({ url: own, hls: true })
    expect(liveSource(own, streams, 'en')).toEqual({ url: streams[0]!.pullUrl, hls: true })
    // An FLV pull URL is for other players: this one says it cannot play it.
    expect(liveSource(own, streams, 'fr')).toEqual({ url: streams[1]!.pullUrl, hls: false })
    expect(liveSource(own, streams.slice(1), 'en')).toEqual({ url: own, hls: true })
  })

  it('offers every language with a pull URL, with its icon, the active icon on the chosen one', () => {
    const choose = vi.fn()
    const { rerender } = render(
      <LanguagePicker streams={streams} chosen={ORIGINAL} onChoose={choose} />,
    )
    const group = screen.getByRole('radiogroup', { name: 'Language' })
    const radios = [...group.querySelectorAll('[role=radio]')]
    expect(radios.map((r) => r.textContent)).toEqual(['Original', 'English', 'Français'])
    expect(screen.getByRole('radio', { name: 'Original' }).getAttribute('aria-checked')).toBe(
      'true',
    )
    const english = screen.getByRole('radio', { name: 'English' })
    expect(english.querySelector('img')?.getAttribute('src')).toBe('/icons/en.png')
    fireEvent.click(english)
    expect(choose).toHaveBeenCalledWith('en')

    rerender(<LanguagePicker streams={streams} chosen="en" onChoose={choose} />)
    const chosen = screen.getByRole('radio', { name: 'English' })
    expect(chosen.getAttribute('aria-checked')).toBe('true')
    expect(chosen.querySelector('img')?.getAttribute('src')).toBe('/icons/en-on.png')
  })

  it('shows nothing when the room has no language streams', () => {
    render(<LanguagePicker streams={[]} chosen={ORIGINAL} onChoose={() => undefined} />)
    expect(screen.queryByRole('radiogroup')).toBeNull()
  })
})
