import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import { readCarried, withCarried } from '../../app/carry'
import { LanguageSwitch } from '../../app/LanguageSwitch'
import light from '../../ui/light.module.css'
import styles from './mobile.module.css'
import { shareUrl } from './share-url'

/**
 * /m/appLook (no login): how to watch in the messaging app: open this link there; copy it, or
 * go on in this browser.
 */
export default function AppLookScreen() {
  const { t } = useTranslation()
  const { search } = useLocation()
  const { roomId } = readCarried(search)
  const [copied, setCopied] = useState(false)
  const url = roomId ? shareUrl(window.location.origin, roomId) : window.location.origin
  return (
    <main className={`${light.root} ${styles.page}`}>
      <div className={light.header}>
        <h1 className={styles.title}>{t('guide.appTitle')}</h1>
        <LanguageSwitch />
      </div>
      <p>{t('guide.appText')}</p>
      <p className={styles.link}>{url}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${light.button} ${light.primary}`}
          onClick={() => void navigator.clipboard?.writeText(url).then(() => setCopied(true))}
        >
          {copied ? t('guide.copied') : t('guide.copy')}
        </button>
        <Link className={light.link} to={withCarried('/m/guide', search)}>
          {t('guide.continueHere')}
        </Link>
      </div>
    </main>
  )
}
