import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LightField } from '../../ui/LightField'
import styles from '../../ui/light.module.css'
import { useCountdown } from './use-countdown'

/**
 * A code sent by SMS: the input and its send button, which waits out the server's resend
 * countdown. `send` sends the code and answers the seconds before another may be sent, or null
 * when sending failed (the caller shows why).
 */
export function CodeField({
  label,
  value,
  onChange,
  send,
  disabled,
  error,
  hint,
}: {
  label: string
  value: string
  onChange: (code: string) => void
  send: () => Promise<number | null>
  disabled: boolean
  error?: string
  hint?: string
}) {
  const { t } = useTranslation()
  const [left, startCountdown] = useCountdown()
  const [sent, setSent] = useState(false)
  const [sending, setSending] = useState(false)

  const sendCode = async () => {
    setSending(true)
    try {
      const wait = await send()
      if (wait === null) return
      setSent(true)
      startCountdown(wait)
    } finally {
      setSending(false)
    }
  }

  return (
    <LightField
      label={label}
      error={error}
      hint={hint ?? (sent ? t('login.codeSent') : undefined)}
      required
    >
      {(control) => (
        <div className={styles.row}>
          <input
            {...control}
            className={`${styles.input} ${styles.grow}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            value={value}
            onChange={(e) => onChange(e.target.value)}
          />
          <button
            type="button"
            className={styles.button}
            disabled={disabled || sending || left > 0}
            onClick={() => void sendCode()}
          >
            {left > 0
              ? t('login.resendIn', { count: left })
              : sent
                ? t('login.resend')
                : t('login.sendCode')}
          </button>
        </div>
      )}
    </LightField>
  )
}
