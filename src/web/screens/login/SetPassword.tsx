import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { auth } from '../../app/api'
import { LightField } from '../../ui/LightField'
import styles from '../../ui/light.module.css'
import { loginErrorText } from './login-error-text'

const MIN = 8

/** After an SMS sign-in without a password: set one (8 to 64 characters), or skip. */
export function SetPassword({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation()
  const [password, setPassword] = useState('')
  const [again, setAgain] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field: 'password' | 'again'; text: string } | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (password.length < MIN)
      return setError({ field: 'password', text: t('login.errors.passwordShort', { count: MIN }) })
    if (password !== again)
      return setError({ field: 'again', text: t('login.errors.passwordMismatch') })
    setError(null)
    setBusy(true)
    try {
      await auth.setPassword(password)
      onDone()
    } catch (failure) {
      setError({ field: 'password', text: loginErrorText(t, failure) })
      setBusy(false)
    }
  }

  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <p className={styles.hint}>{t('login.setPasswordHint')}</p>
      <LightField
        label={t('login.newPassword')}
        error={error?.field === 'password' ? error.text : undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            type="password"
            className={styles.input}
            autoComplete="new-password"
            value={password}
            maxLength={64}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </LightField>
      <LightField
        label={t('login.passwordAgain')}
        error={error?.field === 'again' ? error.text : undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            type="password"
            className={styles.input}
            autoComplete="new-password"
            value={again}
            maxLength={64}
            onChange={(e) => setAgain(e.target.value)}
          />
        )}
      </LightField>
      <div className={styles.row}>
        <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy}>
          {t('login.savePassword')}
        </button>
        <button type="button" className={styles.button} onClick={onDone}>
          {t('login.skip')}
        </button>
      </div>
    </form>
  )
}
