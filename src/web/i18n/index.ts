import i18next from 'i18next'
import LanguageDetector from 'i18next-browser-languagedetector'
import { initReactI18next } from 'react-i18next'
import { en } from './en'
import { zh } from './zh'

export type Language = 'zh' | 'en'
const STORAGE_KEY = 'roomcast.language'

/** [ROUTE-12] Chinese when the browser language matches zh, otherwise English; the choice is kept. */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  if (stored === 'zh' || stored === 'en') return stored
  return browserLanguage(browser)
}

/** Chinese when any of the browser's languages is a zh one, otherwise English. */
function browserLanguage(browser: readonly string[]): Language {
  return browser.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh' : 'en'
}

/**
 * i18next's own detector reads and keeps the choice in browser storage; the browser's languages
 * go through [ROUTE-12]'s rule (a detector of ours), since its navigator detector takes the first
 * listed language only.
 */
function languageDetector(): LanguageDetector {
  const detector = new LanguageDetector()
  detector.addDetector({
    name: 'browserZh',
    lookup: () =>
      browserLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]),
  })
  return detector
}

export async function initI18n(): Promise<typeof i18next> {
  await i18next
    .use(languageDetector())
    .use(initReactI18next)
    .init({
      supportedLngs: ['zh', 'en'],
      fallbackLng: 'en',
      detection: {
        order: ['localStorage', 'browserZh'],
        lookupLocalStorage: STORAGE_KEY,
        caches: ['localStorage'],
      },
      resources: { en: { translation: en }, zh: { translation: zh } },
      interpolation: { escapeValue: false },
      returnNull: false,
    })
  document.documentElement.lang = i18next.language
  return i18next
}

/**
 * Adds a screen's texts (its own top-level keys) in both languages; screens loaded lazily bring
 * their texts with them, so the first load carries only the texts of the first screens.
 */
export function addTexts(texts: { readonly en: object; readonly zh: object }): void {
  i18next.addResourceBundle('en', 'translation', texts.en, true, false)
  i18next.addResourceBundle('zh', 'translation', texts.zh, true, false)
}

/** Switches the language; the detector keeps the choice in browser storage (when there is one). */
export async function setLanguage(language: Language): Promise<void> {
  await i18next.changeLanguage(language)
  document.documentElement.lang = language
}
