import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router-dom'
import type { UserProfile } from '@streams/wire/rest/scene'
import { useAccount } from '../../app/account'
import { auth } from '../../app/api'
import { LanguageSwitch } from '../../app/LanguageSwitch'
import { Loading } from '../../app/Loading'
import { onwardPath } from '../../app/login-redirect'
import styles from '../../ui/light.module.css'
import { PasswordLogin } from './PasswordLogin'
import { SetPassword } from './SetPassword'
import { SmsLogin } from './SmsLogin'

type Tab = 'sms' | 'password'

/**
 * The SMS sign-in page ([ROUTE-11]) with password login. On arrival the login check runs: a
 * logged-in user goes onward at once ([ROUTE-4]), to the return URL or the home screen.
 */
export default function LoginScreen() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { search } = useLocation()
  const account = useAccount()
  const [checking, setChecking] = useState(true)
  const [tab, setTab] = useState<Tab>('sms')
  const [askPassword, setAskPassword] = useState(false)
  const service = new URLSearchParams(search).get('service') ?? undefined
  const onward = onwardPath(search, window.location.origin)

  useEffect(() => {
    let live = true
    auth
      .isLogin()
      .then((loggedIn) => {
        if (!live) return
        if (loggedIn) navigate(onward, { replace: true })
        else setChecking(false)
      })
      .catch(() => live && setChecking(false))
    return () => {
      live = false
    }
  }, [navigate, onward])

  const loggedIn = (user: UserProfile, offerPassword: boolean) => {
    account.set(user)
    if (offerPassword && !user.hasPassword) setAskPassword(true)
    else navigate(onward, { replace: true })
  }

  if (checking) return <Loading />
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-labelledby="login-title">
        <div className={styles.header}>
          <h1 id="login-title" className={styles.title}>
            {askPassword ? t('login.setPasswordTitle') : t('login.title')}
          </h1>
          <LanguageSwitch />
        </div>
        {askPassword ? (
          <SetPassword onDone={() => navigate(onward, { replace: true })} />
        ) : (
          <>
            <div className={styles.tabs} role="tablist" aria-label={t('login.title')}>
              {(['sms', 'password'] as const).map((name) => (
                <button
                  key={name}
                  type="button"
                  role="tab"
                  id={`login-tab-${name}`}
                  aria-controls={`login-panel-${name}`}
                  aria-selected={tab === name}
                  className={styles.tab}
                  onClick={() => setTab(name)}
                >
                  {t(`login.tabs.${name}`)}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`login-panel-${tab}`} aria-labelledby={`login-tab-${tab}`}>
              {tab === 'sms' ? (
                <SmsLogin service={service} onLoggedIn={(user) => loggedIn(user, true)} />
              ) : (
                <PasswordLogin service={service} onLoggedIn={(user) => loggedIn(user, false)} />
              )}
            </div>
          </>
        )}
      </section>
    </main>
  )
}
