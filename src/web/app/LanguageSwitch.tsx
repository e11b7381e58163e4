import { Select } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { setLanguage, type Language } from '../i18n'

/** Switches between Chinese and English; the choice is kept ([ROUTE-12]). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation()
  return (
    <Select
      aria-label={t('language.label')}
      size="small"
      value={i18n.language}
      onChange={(_, d) => void setLanguage(d.value as Language)}
    >
      <option value="zh">{t('language.zh')}</option>
      <option value="en">{t('language.en')}</option>
    </Select>
  )
}
