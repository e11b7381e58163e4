import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
} from '@fluentui/react-components'
import { Dismiss24Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import { selectToasts } from '@streams/selectors'
import { useSelector, useSession } from '../../../session/context'
import { toastText, type ToastLike } from './box-text'

const useStyles = makeStyles({
  stack: {
    position: 'fixed',
    top: '56px',
    left: '50%',
    transform: 'translateX(-50%)',
    width: 'min(480px, calc(100vw - 24px))',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    zIndex: 1000,
    pointerEvents: 'none',
  },
  bar: { pointerEvents: 'auto' },
})

/**
 * Toasts as the core times them ([ERR-2]: 2000 ms, warnings 5000 ms): shown while they are in
 * the ui projection; closing one early is an event too.
 */
export function Toasts() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const toasts: readonly ToastLike[] = useSelector(selectToasts)
  if (toasts.length === 0) return null
  return (
    <div className={styles.stack} role="status" aria-live="polite">
      {toasts.map((toast) => (
        <MessageBar key={toast.id} intent={toast.level} className={styles.bar}>
          <MessageBarBody>{toastText(t, toast)}</MessageBarBody>
          <MessageBarActions
            containerAction={
              <Button
                appearance="transparent"
                size="small"
                icon={<Dismiss24Regular />}
                aria-label={t('dialogs.close')}
                onClick={() => dispatch({ type: 'ui/toastClosed', id: toast.id })}
              />
            }
          />
        </MessageBar>
      ))}
    </div>
  )
}
