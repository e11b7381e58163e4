import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { DocumentMultipleRegular, LiveRegular } from '@fluentui/react-icons'
import { useObservableEagerState } from 'observable-hooks'
import { Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { BoardToolbar } from './BoardToolbar'
import { PageNavigator } from './PageNavigator'
import type { BoardControls } from './controls'
import { DocumentCentre } from './documents/DocumentCentre'
import type { LoadedBoard } from './lazy-board'

/** How long 'Board unlocked' stays (toast default, spec §9). */
const UNLOCKED_MS = 2000

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: '6px', minHeight: 0, flexGrow: 1 },
  bar: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  stage: {
    position: 'relative',
    flexGrow: 1,
    minHeight: '320px',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: '#ffffff',
  },
})

/** The board: tools, pages, follow, documents, lock messages and the drawing surface. */
export default function BoardView({ loaded }: { loaded: LoadedBoard }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const board = loaded.board as unknown as BoardControls
  const view = useObservableEagerState(board.view$)
  const [documents, setDocuments] = useState(false)
  const [unlocked, setUnlocked] = useState(false)

  // [WB-5] 'Board unlocked' shows for a moment after following ends.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const subscription = loaded.board.events$.subscribe((event) => {
      if (event.type !== 'board/lockChanged') return
      clearTimeout(timer)
      setUnlocked(!event.locked)
      if (!event.locked) timer = setTimeout(() => setUnlocked(false), UNLOCKED_MS)
    })
    return () => {
      clearTimeout(timer)
      subscription.unsubscribe()
    }
  }, [loaded])

  const leading = view.mode === 'broadcaster'
  return (
    <div className={styles.view} data-testid="board-view" data-joined={view.joined}>
      <div className={styles.bar}>
        {view.writable && <BoardToolbar board={board} view={view} />}
        <span className={styles.grow} />
        <PageNavigator board={board} view={view} />
        {view.writable && (
          <Button
            size="small"
            icon={<LiveRegular />}
            appearance={leading ? 'primary' : 'secondary'}
            onClick={() => void board.setViewMode(leading ? 'freedom' : 'broadcaster')}
          >
            {leading ? t('board.follow.stop') : t('board.follow.broadcast')}
          </Button>
        )}
        {view.writable && (
          <Button
            size="small"
            icon={<DocumentMultipleRegular />}
            onClick={() => setDocuments(true)}
          >
            {t('board.documents.open')}
          </Button>
        )}
      </div>
      {/* [WB-5] Following a leader locks my page and view; drawing stays as granted. */}
      {view.locked && !view.writable && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('board.locked')}</MessageBarBody>
        </MessageBar>
      )}
      {view.locked && view.writable && (
        <MessageBar intent="info">
          <MessageBarBody>{t('board.following')}</MessageBarBody>
        </MessageBar>
      )}
      {unlocked && !view.locked && (
        <MessageBar intent="success">
          <MessageBarBody>{t('board.unlocked')}</MessageBarBody>
        </MessageBar>
      )}
      {leading && (
        <MessageBar intent="info">
          <MessageBarBody>{t('board.follow.leading')}</MessageBarBody>
        </MessageBar>
      )}
      {view.joined && !view.writable && (
        <MessageBar intent="info">
          <MessageBarBody>{t('board.readOnly')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.stage}>
        <Suspense fallback={<Spinner label={t('board.loading')} />}>
          <loaded.Surface />
        </Suspense>
      </div>
      {documents && <DocumentCentre board={loaded.board} onClose={() => setDocuments(false)} />}
    </div>
  )
}
