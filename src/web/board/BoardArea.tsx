import { MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { useObservableState } from 'observable-hooks'
import { Suspense, lazy } from 'react'
import { of } from 'rxjs'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { useIsReplay, useSelector, useSession } from '../session/context'

const BoardView = lazy(() => import('./BoardView'))
const ReplayBoardSurface = lazy(() => import('./ReplayBoardSurface'))

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
  drawing: {
    position: 'relative',
    flexGrow: 1,
    minHeight: '320px',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: '#ffffff',
  },
})

const selectBoardError = (s: State) => s.board.error

/**
 * The shared whiteboard, in the meeting screen's share slot. The core joins and leaves the
 * board session as the share goes on and off and follows grants ([WB-1], [BOARD-1],
 * [BOARD-2], [WB-2]); the host shares it from the meeting menu and grants it from the member
 * list. The drawing library loads only here. A replay ([ROUTE-15]) connects nowhere: it shows
 * the drawing the log recorded (its board updates) up to the cursor, read-only, or a note when
 * the log has none there (a log from before the board was recorded, or the Agora board).
 */
export function BoardArea() {
  const replay = useIsReplay()
  return replay ? <ReplayBoardArea /> : <LiveBoardArea />
}

const selectScenePath = (s: State) => s.board.scenePath
const selectScale = (s: State) => s.board.scale

function ReplayBoardArea() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { recordedBoard$ } = useSession()
  const recorded = useObservableState(recordedBoard$ ?? of(null), null)
  const scenePath = useSelector(selectScenePath)
  const scale = useSelector(selectScale)
  return (
    <section className={styles.area} aria-label={t('board.title')}>
      {/* The replay screen adds its texts (replay.*) before it renders a meeting. */}
      {!recorded && (
        <MessageBar intent="info">
          <MessageBarBody>{t('replay.boardNote')}</MessageBarBody>
        </MessageBar>
      )}
      {recorded && recorded.omittedBytes > 0 && (
        <MessageBar intent="warning">
          <MessageBarBody>
            {t('replay.boardOmitted', { kb: Math.ceil(recorded.omittedBytes / 1024) })}
          </MessageBarBody>
        </MessageBar>
      )}
      {recorded && recordedBoard$ && (
        <div className={styles.drawing} data-testid="replay-board">
          <Suspense fallback={<Spinner label={t('board.loading')} />}>
            <ReplayBoardSurface board$={recordedBoard$} scenePath={scenePath} scale={scale} />
          </Suspense>
        </div>
      )}
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
