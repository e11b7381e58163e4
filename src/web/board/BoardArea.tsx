import { MessageBar, MessageBarBody, Spinner, makeStyles } from '@fluentui/react-components'
import { useObservableState } from 'observable-hooks'
import { Suspense, lazy } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { useIsReplay, useSelector, useSession } from '../session/context'

const BoardView = lazy(() => import('./BoardView'))

const useStyles = makeStyles({
  area: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    minHeight: 0,
    minWidth: 0,
    width: '100%',
    height: '100%',
  },
})

const selectBoardError = (s: State) => s.board.error

/**
 * The shared whiteboard, in the meeting screen's share slot. The core joins and leaves the
 * board session as the share goes on and off and follows grants ([WB-1], [BOARD-1],
 * [BOARD-2], [WB-2]); the host shares it from the meeting menu and grants it from the member
 * list. The drawing library loads only here. A replay ([ROUTE-15]) loads nothing and connects
 * nowhere: the drawing is not part of a session log, and a note says so.
 */
export function BoardArea() {
  const replay = useIsReplay()
  return replay ? <ReplayBoardNote /> : <LiveBoardArea />
}

function ReplayBoardNote() {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <section className={styles.area} aria-label={t('board.title')}>
      <MessageBar intent="info">
        {/* The replay screen adds its texts (replay.*) before it renders a meeting. */}
        <MessageBarBody>{t('replay.boardNote')}</MessageBarBody>
      </MessageBar>
    </section>
  )
}

function LiveBoardArea() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { board } = useSession()
  const error = useSelector(selectBoardError)
  const loaded = useObservableState(board.loaded$)
  return (
    <section className={styles.area} aria-label={t('board.title')}>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{t('board.joinFailed', { reason: error })}</MessageBarBody>
        </MessageBar>
      )}
      <Suspense fallback={<Spinner label={t('board.loading')} />}>
        {loaded ? <BoardView loaded={loaded} /> : <Spinner label={t('board.loading')} />}
      </Suspense>
    </section>
  )
}
