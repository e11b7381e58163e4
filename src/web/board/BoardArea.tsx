import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useObservableState } from 'observable-hooks'
import { Suspense, lazy, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { selectMe, selectRoom } from '../../../streams/selectors'
import { Role } from '../../../streams/wire/roles'
import { useSelector, useSession } from '../session/context'
import { fetchBoardToken } from './board-api'

const BoardView = lazy(() => import('./BoardView'))

const useStyles = makeStyles({
  area: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    minHeight: 0,
    minWidth: 0,
    padding: '12px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  head: { display: 'flex', alignItems: 'center', gap: '8px' },
  title: { flexGrow: 1 },
})

/**
 * The whiteboard in the meeting screen: shown when the board is shared (or opened by the
 * user), joined with the board token from `GET room/{roomId}/board`. The drawing library
 * loads only then.
 */
export function BoardArea() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { board } = useSession()
  const room = useSelector(selectRoom)
  const me = useSelector(selectMe)
  const loaded = useObservableState(board.loaded$)
  const [opened, setOpened] = useState(false)
  const [error, setError] = useState<string>()
  const visible = room?.shareBoard === 1 || opened
  const roomId = room?.roomId
  const uid = me?.uid
  const writable = me ? me.role === Role.host || me.grantBoard === 1 : false

  // Interim until the core's board effects join and leave on share changes ([BOARD-1]).
  useEffect(() => {
    if (!visible || !roomId || !me) return
    let live = true
    fetchBoardToken(roomId).then(
      ({ boardId, boardToken }) => {
        if (!live) return
        setError(undefined)
        void board.join({
          boardId,
          boardToken,
          uid: me.uid,
          userName: me.userName,
          identity: me.role === Role.host ? 'host' : 'guest',
          writable,
        })
      },
      () => live && setError(t('board.tokenFailed')),
    )
    return () => {
      live = false
      void board.leave()
    }
    // Joins once per board session; grant changes go through setWritable below.
  }, [visible, roomId, uid, board]) // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (visible) void board.setWritable(writable)
  }, [visible, writable, board])

  useEffect(() => {
    const subscription = board.events$.subscribe((event) => {
      if (event.type === 'board/joinFailed')
        setError(t('board.joinFailed', { reason: event.message }))
    })
    return () => subscription.unsubscribe()
  }, [board, t])

  return (
    <section className={styles.area} aria-label={t('board.title')}>
      <div className={styles.head}>
        <Text weight="semibold" className={styles.title}>
          {t('board.title')}
        </Text>
        {room?.shareBoard !== 1 && (
          <Button size="small" onClick={() => setOpened(!opened)}>
            {opened ? t('board.close') : t('board.open')}
          </Button>
        )}
      </div>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {!visible && <Text>{t('board.notShared')}</Text>}
      {visible && (
        <Suspense fallback={<Spinner label={t('board.loading')} />}>
          {loaded ? <BoardView loaded={loaded} /> : <Spinner label={t('board.loading')} />}
        </Suspense>
      )}
    </section>
  )
}
