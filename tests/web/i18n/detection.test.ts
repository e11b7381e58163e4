// @vitest-environment jsdom
import i18next from 'i18next'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { initI18n, setLanguage } from '../../../src/web/i18n'

const KEY = 'roomcast.language'

function browserLanguages(languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages)
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '')
}

describe('language detection on the page (i18next-browser-languagedetector)', () => {
  beforeEach(() => localStorage.clear())
  afterEach(() => vi.restoreAllMocks())

  it('[ROUTE-12] starts in Chinese when a browser language is a zh one, even after another', async () => {
    browserLanguages(['en-US', 'zh-TW'])
    await initI18n()
    expect(i18next.language).toBe('zh')
    expect(document.documentElement.lang).toBe('zh')
  })

  it('[ROUTE-12] starts in English for a browser without a zh language', async () => {
    browserLanguages(['fr-FR', 'de'])
    await initI18n()
    expect(i18next.language).toBe('en')
  })

  it('[ROUTE-12] keeps the chosen language in browser storage, and the kept choice wins next time', async () => {
    browserLanguages(['zh-CN'])
    await initI18n()
    await setLanguage('en')
    expect(localStorage.getItem(KEY)).toBe('en')
    expect(document.documentElement.lang).toBe('en')
    await initI18n()
    expect(i18next.language).toBe('en')
  })

  it('[ROUTE-12] ignores a kept value that is no language of ours', async () => {
    localStorage.setItem(KEY, 'xx')
    browserLanguages(['zh-CN'])
    await initI18n()
    expect(i18next.language).toBe('zh')
  })
})
