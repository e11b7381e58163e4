import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  makeStyles,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { selectConnectionNotice, selectMediaServerDown } from '@streams/selectors'
import { useIsReplay, useSelector, useSession } from '../../../session/context'

const useStyles = makeStyles({
  bar: {
    position: 'fixed',
    top: '8px',
    left: '50%',
    transform: 'translateX(-50%)',
    width: 'min(480px, calc(100vw - 24px))',
    zIndex: 1001,
  },
})

/**
 * The connection to the room dropped: "Reconnecting…" while the core tries again, then
 * "Connection lost" with a Retry once every attempt failed ("Too many connections", no attempts,
 * when the service refused one more). With the room reached but its media
 * server (local mode's SFU) away: "Media server unavailable", chat and the board going on.
 */
export function ConnectionNotice() {
  const styles = useStyles()
  const { t } = useTranslation()
  const notice = useSelector(selectConnectionNotice)
  const { dispatch } = useSession()
  const replay = useIsReplay()
  const mediaDown = useSelector(selectMediaServerDown)
  if (notice === null && mediaDown)
    return (
      <MessageBar className={styles.bar} intent="warning" role="status" data-notice="media-server">
        <MessageBarBody>
          <MessageBarTitle>{t('connection.mediaServerDown')}</MessageBarTitle>
          {t('connection.mediaServerDownDetail')}
        </MessageBarBody>
      </MessageBar>
    )
  if (notice === null) return null
  if (notice === 'reconnecting')
    return (
      <MessageBar
        className={styles.bar}
        intent="warning"
        role="status"
        data-notice="reconnecting"
        icon={<Spinner size="extra-tiny" />}
      >
        <MessageBarBody>{t('connection.reconnecting')}</MessageBarBody>
      </MessageBar>
    )
  const tooMany = notice === 'tooManyConnections'
  return (
    <MessageBar
      className={styles.bar}
      intent="error"
      role="alert"
      data-notice={tooMany ? 'too-many' : 'lost'}
    >
      <MessageBarBody>
        <MessageBarTitle>{t(tooMany ? 'connection.tooMany' : 'connection.lost')}</MessageBarTitle>
        {t(tooMany ? 'connection.tooManyDetail' : 'connection.lostDetail')}
      </MessageBarBody>
      <MessageBarActions>
        <Button disabled={replay} onClick={() => dispatch({ type: 'ui/reconnectClicked' })}>
          {t('connection.retry')}
        </Button>
      </MessageBarActions>
    </MessageBar>
  )
}
