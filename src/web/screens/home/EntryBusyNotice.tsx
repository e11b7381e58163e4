import { useTranslation } from 'react-i18next'
import { selectEntryBusy } from '@streams/selectors/entry'
import type { Session } from '../../session/session'
import { useMaybeSelector } from '../../session/use-store'
import styles from '../../ui/light.module.css'

/** "Busy, retrying": the server is admitting a crowd, and my entry is tried again shortly. */
export function EntryBusyNotice({ session }: { session: Session | null }) {
  const { t } = useTranslation()
  const busy = useMaybeSelector(session, selectEntryBusy, null)
  if (!busy) return null
  return (
    <p role="status" className={styles.hint}>
      {t('home.busyRetrying', {
        seconds: Math.max(1, Math.round(busy.delayMs / 1000)),
        attempt: busy.attempt,
      })}
    </p>
  )
}
