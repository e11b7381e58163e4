import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import styles from '../ui/light.module.css'
import { useAccount } from './account'
import { auth } from './api'
import { loginRedirectUrl } from './login-redirect'

/**
 * The account area of the first screens: who I am (a signed-in member by name, or a visitor),
 * with Sign in (to the login screen, coming back here) or Sign out (then a visitor again).
 */
export function AccountBar() {
  const { t } = useTranslation()
  const { user, set } = useAccount()
  const [leaving, setLeaving] = useState(false)
  if (!user) return null
  const member = user.userType === 'member'
  const name = user.nickName || user.loginName
  const who = member ? t('account.signedInAs', { name }) : t('account.visitor')
  const signOut = async () => {
    setLeaving(true)
    try {
      await auth.logout()
    } catch {
      // Signed out here even if the server could not be told: the next call starts anew.
    }
    // Forgetting the user makes the login guard fetch it again: a new visitor.
    set(null)
    setLeaving(false)
  }
  return (
    <section className={styles.account} aria-label={t('account.title')}>
      <span className={styles.accountName} title={who} data-testid="account-name">
        {who}
      </span>
      {member ? (
        <button
          type="button"
          className={styles.link}
          disabled={leaving}
          onClick={() => void signOut()}
        >
          {t('account.signOut')}
        </button>
      ) : (
        <Link className={styles.link} to={loginRedirectUrl(window.location)}>
          {t('account.signIn')}
        </Link>
      )}
    </section>
  )
}
