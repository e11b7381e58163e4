import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { RestFailure } from '@streams/ports/rest'
import type { UserProfile } from '@streams/wire/rest/scene'
import { auth } from '../../app/api'
import { LightField } from '../../ui/LightField'
import styles from '../../ui/light.module.css'
import { loginErrorText } from './login-error-text'
import { CodeField } from './CodeField'

type Field = 'userName' | 'password' | 'verifyCode' | 'form'

/**
 * Password login: the password is encrypted with the key of genLoginEncKey before it leaves the
 * browser. When the server asks for a verify code (is-need-verify-code), an SMS code is needed
 * too.
 */
export function PasswordLogin({
  service,
  onLoggedIn,
}: {
  service?: string
  onLoggedIn: (user: UserProfile) => void
}) {
  const { t } = useTranslation()
  const [userName, setUserName] = useState('')
  const [password, setPassword] = useState('')
  const [verifyCode, setVerifyCode] = useState('')
  const [needCode, setNeedCode] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field: Field; text: string } | null>(null)

  const checkNeedCode = async (name: string): Promise<boolean> => {
    if (name === '') return false
    try {
      const need = await auth.isNeedVerifyCode(name)
      setNeedCode(need)
      return need
    } catch {
      return needCode
    }
  }

  const sendCode = async (): Promise<number | null> => {
    try {
      return (await auth.sendSms(userName.trim())).retryAfterSeconds
    } catch (failure) {
      setError({ field: 'verifyCode', text: loginErrorText(t, failure) })
      return null
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const name = userName.trim()
    if (name === '') return setError({ field: 'userName', text: t('login.errors.userNameEmpty') })
    if (password === '')
      return setError({ field: 'password', text: t('login.errors.passwordEmpty') })
    setError(null)
    setBusy(true)
    const need = await checkNeedCode(name)
    if (need && verifyCode.trim() === '') {
      setBusy(false)
      return setError({ field: 'verifyCode', text: t('login.errors.codeEmpty') })
    }
    try {
      const answer = await auth.userLogin(
        name,
        password,
        need ? verifyCode.trim() : undefined,
        service,
      )
      onLoggedIn(answer.user)
    } catch (failure) {
      if (failure instanceof RestFailure && failure.reason === 'verifyNeeded') setNeedCode(true)
      setError({ field: 'form', text: loginErrorText(t, failure) })
      void checkNeedCode(name)
      setBusy(false)
    }
  }

  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <LightField
        label={t('login.userName')}
        error={error?.field === 'userName' ? error.text : undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            className={styles.input}
            autoComplete="username"
            value={userName}
            onChange={(e) => setUserName(e.target.value)}
            onBlur={() => void checkNeedCode(userName.trim())}
          />
        )}
      </LightField>
      <LightField
        label={t('login.password')}
        error={error?.field === 'password' ? error.text : undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            type="password"
            className={styles.input}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </LightField>
      {needCode && (
        <CodeField
          label={t('login.verifyCode')}
          value={verifyCode}
          onChange={setVerifyCode}
          send={sendCode}
          disabled={busy}
          error={error?.field === 'verifyCode' ? error.text : undefined}
          hint={t('login.verifyCodeHint')}
        />
      )}
      {error?.field === 'form' && (
        <p role="alert" className={styles.alert}>
          {error.text}
        </p>
      )}
      <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  )
}
