import { useTranslation } from 'react-i18next'
import styles from '../ui/light.module.css'
import { setLanguage, type Language } from '../i18n'

/** Switches between Chinese and English; the choice is kept ([ROUTE-12]). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  return (
    <select
      aria-label={t('language.label')}
      className={`${styles.select} ${styles.small}`}
      value={i18n.language}
      onChange={(e) => void setLanguage(e.target.value as Language)}
    >
      <option value="zh">{t('language.zh')}</option>
      <option value="en">{t('language.en')}</option>
    </select>
  )
}
