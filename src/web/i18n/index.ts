import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { en } from './en'
import { zh } from './zh'

export type Language = 'zh' | 'en'
const STORAGE_KEY = 'roomcast.language'

/** [ROUTE-12] Chinese when the browser language matches zh, otherwise English; the choice is kept. */
export function detectLanguage(stored: string | null, browser: readonly string[]): Language {
  if (stored === 'zh' || stored === 'en') return stored
  return browser.some((l) => l.toLowerCase().startsWith('zh')) ? 'zh' : 'en'
}

export function storedLanguage(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY)
  } catch {
    return null
  }
}

export async function initI18n(): Promise<typeof i18next> {
  const lng = detectLanguage(
    storedLanguage(),
    navigator.languages?.length ? navigator.languages : [navigator.language],
  )
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, zh: { translation: zh } },
    interpolation: { escapeValue: false },
    returnNull: false,
  })
  document.documentElement.lang = lng
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

export async function setLanguage(language: Language): Promise<void> {
  try {
    localStorage.setItem(STORAGE_KEY, language)
  } catch {
    // Storage may be unavailable (private mode); the choice then lasts for this page only.
  }
  document.documentElement.lang = language
  await i18next.changeLanguage(language)
}
