import { useId, type ReactNode } from 'react'
import styles from './light.module.css'

export interface FieldControlProps {
  readonly id: string
  readonly 'aria-invalid': boolean
  readonly 'aria-describedby'?: string
  readonly 'aria-required'?: boolean
}

/** A labelled form field with its error shown under it (first-load screens, no Fluent UI). */
export function LightField({
  label,
  error,
  hint,
  required = false,
  children,
}: {
  label: string
  error?: string
  hint?: string
  required?: boolean
  children: (control: FieldControlProps) => ReactNode
}) {
  const id = useId()
  const messageId = `${id}-message`
  const message = error ?? hint
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {required && (
          <span aria-hidden className={styles.required}>
            {' *'}
          </span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': message ? messageId : undefined,
        'aria-required': required || undefined,
      })}
      {message && (
        <span
          id={messageId}
          className={error ? styles.error : styles.hint}
          role={error ? 'alert' : undefined}
        >
          {message}
        </span>
      )}
    </div>
  )
}
