import { Button, Field, ProgressBar, makeStyles } from '@fluentui/react-components'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { Opening } from './use-log-loader'

const useStyles = makeStyles({
  bar: { display: 'flex', alignItems: 'flex-end', gap: '12px', padding: '8px 12px 0' },
  field: { flexGrow: 1 },
})

/**
 * Counts in the browser's language (as `toLocaleString`). The first number format costs tens of
 * milliseconds (the locale's data): made in a task of its own while the log's first bytes come.
 */
let numbers: Intl.NumberFormat | null = null
const formatCount = (n: number) => (numbers ??= new Intl.NumberFormat()).format(n)

/** Opening a log: how much is read and folded, and a cancel button. */
export function LoadBar({ opening, onCancel }: { opening: Opening; onCancel: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  useEffect(() => {
    const timer = setTimeout(() => formatCount(0), 0)
    return () => clearTimeout(timer)
  }, [])
  const p = opening.progress
  const fraction = p && p.total ? Math.min(1, p.read / p.total) : undefined
  return (
    <div className={styles.bar}>
      <Field
        className={styles.field}
        label={t('replay.opening', { name: opening.name })}
        hint={
          p
            ? t('replay.loading.progress', {
                percent: fraction === undefined ? '…' : Math.floor(fraction * 100),
                events: formatCount(p.events),
              })
            : undefined
        }
      >
        <ProgressBar value={fraction} max={1} aria-label={t('replay.loading.label')} />
      </Field>
      <Button onClick={onCancel}>{t('replay.loading.cancel')}</Button>
    </div>
  )
}
