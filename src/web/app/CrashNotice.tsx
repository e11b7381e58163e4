import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { exportIfAny, onUnhandledError } from '../session/capture'
import styles from '../ui/light.module.css'

/**
 * When something fails that nothing handled, the user is told and offered the session log at
 * once, to send to support (the error itself is in the log).
 */
export function CrashNotice() {
  const { t } = useTranslation()
  const [message, setMessage] = useState<string | null>(null)
  useEffect(() => onUnhandledError(setMessage), [])
  if (message === null) return null
  return (
    <div role="alert" className={styles.notice}>
      <p>{t('app.crash', { message })}</p>
      <div className={styles.row}>
        <button
          type="button"
          className={`${styles.button} ${styles.primary}`}
          onClick={() => exportIfAny()}
        >
          {t('app.exportLog')}
        </button>
        <button type="button" className={styles.button} onClick={() => setMessage(null)}>
          {t('app.dismiss')}
        </button>
      </div>
    </div>
  )
}
