import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate } from 'react-router-dom'
import styles from '../ui/light.module.css'
import { useAccount } from './account'
import { Loading } from './Loading'
import { loginRedirectUrl } from './login-redirect'

/**
 * Routes needing login ([ROUTE-2]) fetch the user info when no user id is held ([ROUTE-7]); a
 * user without a login tag goes to the SMS sign-in page ([ROUTE-11]). A not-logged-in answer
 * to the fetch itself starts the same flow through the REST adapter ([API-2]).
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { user, status, load } = useAccount()
  const missing = !user

  useEffect(() => {
    if (missing && status === 'idle') void load()
  }, [missing, status, load])

  if (user && !user.userTag) return <Navigate to={loginRedirectUrl(window.location)} replace />
  if (user) return <>{children}</>
  if (status === 'failed')
    return (
      <main className={styles.center} role="alert">
        <p>{t('errors.requestFailed')}</p>
        <button type="button" className={styles.button} onClick={() => void load()}>
          {t('app.retry')}
        </button>
      </main>
    )
  return <Loading />
}
