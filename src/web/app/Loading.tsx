import { useTranslation } from 'react-i18next'
import styles from '../ui/light.module.css'

/** A light spinner (no Fluent UI: it shows before the screen's chunk has loaded). */
export function Loading() {
  const { t } = useTranslation()
  return (
    <div className={styles.loading} role="status">
      <span className={styles.spinner} aria-hidden />
      <span>{t('app.loading')}</span>
    </div>
  )
}
