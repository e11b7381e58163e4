import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { UserProfile } from '@streams/wire/rest/scene'
import { auth } from '../../app/api'
import { LightField } from '../../ui/LightField'
import styles from '../../ui/light.module.css'
import { loginErrorText } from './login-error-text'
import { CodeField } from './CodeField'

/** SMS sign-in: send a code (then wait out the resend countdown), enter it, log in. */
export function SmsLogin({
  service,
  onLoggedIn,
}: {
  service?: string
  onLoggedIn: (user: UserProfile) => void
}) {
  const { t } = useTranslation()
  const [phone, setPhone] = useState('')
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<{ field: 'phone' | 'code' | 'form'; text: string } | null>(
    null,
  )

  const sendCode = async (): Promise<number | null> => {
    if (phone.trim() === '') {
      setError({ field: 'phone', text: t('login.errors.phoneEmpty') })
      return null
    }
    setError(null)
    try {
      return (await auth.sendSms(phone.trim())).retryAfterSeconds
    } catch (failure) {
      setError({ field: 'phone', text: loginErrorText(t, failure) })
      return null
    }
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (phone.trim() === '') return setError({ field: 'phone', text: t('login.errors.phoneEmpty') })
    if (code.trim() === '') return setError({ field: 'code', text: t('login.errors.codeEmpty') })
    setError(null)
    setBusy(true)
    try {
      const answer = await auth.smsLogin(phone.trim(), code.trim(), service)
      onLoggedIn(answer.user)
    } catch (failure) {
      setError({ field: 'code', text: loginErrorText(t, failure) })
      setBusy(false)
    }
  }

  return (
    <form className={styles.stack} onSubmit={submit} noValidate>
      <LightField
        label={t('login.phone')}
        error={error?.field === 'phone' ? error.text : undefined}
        required
      >
        {(control) => (
          <input
            {...control}
            className={styles.input}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
        )}
      </LightField>
      <CodeField
        label={t('login.code')}
        value={code}
        onChange={setCode}
        send={sendCode}
        disabled={busy}
        error={error?.field === 'code' ? error.text : undefined}
      />
      <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  )
}
