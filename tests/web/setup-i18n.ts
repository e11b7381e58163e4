import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { en } from '../../src/web/i18n/en'
import { zh } from '../../src/web/i18n/zh'

/** i18next for component tests, in English (the texts the e2e tests read too). */
export async function setupI18n(lng: 'en' | 'zh' = 'en') {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({
      lng,
      fallbackLng: 'en',
      resources: { en: { translation: en }, zh: { translation: zh } },
      interpolation: { escapeValue: false },
    })
  else await i18next.changeLanguage(lng)
  return i18next
}
