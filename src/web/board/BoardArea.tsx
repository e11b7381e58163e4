import {
  Button,
  Menu,
  MenuItemCheckbox,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useObservableState } from 'observable-hooks'
import { Suspense, lazy, useCallback } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '../../../streams/projections'
import { selectConference, selectMe, selectMembers } from '../../../streams/selectors'
import { selectCan } from '../../../streams/selectors/permissions'
import { Role } from '../../../streams/wire/roles'
import { useSelector, useSession } from '../session/context'

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

const selectBoardError = (s: State) => s.board.error
const selectShareBoard = (s: State) => selectCan(s, 'shareBoard')
const selectGrantBoard = (s: State) => selectCan(s, 'grantBoard')

/**
 * The whiteboard in the meeting screen. The core joins and leaves the board session as the share
 * goes on and off ([WB-1], [BOARD-1], [BOARD-2]); this shows it, lets the host share it and
 * choose who may draw ([BOARD-3]), and loads the drawing library only while it is shared.
 */
export function BoardArea() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { board, dispatch } = useSession()
  const conference = useSelector(selectConference)
  const me = useSelector(selectMe)
  const members = useSelector(selectMembers)
  const error = useSelector(selectBoardError)
  const canShare = useSelector(selectShareBoard)
  const canGrant = useSelector(selectGrantBoard)
  const loaded = useObservableState(board.loaded$)
  const shared = conference.shareBoard === 1
  const conferees = members.filter((m) => m.uid !== me?.uid && m.role === Role.conferee)
  const writers = conferees.filter((m) => m.grantBoard === 1).map((m) => m.uid)
  const onGrant = useCallback(
    (uid: string, grant: boolean) => dispatch({ type: 'ui/boardGrantToggled', uid, grant }),
    [dispatch],
  )

  return (
    <section className={styles.area} aria-label={t('board.title')}>
      <div className={styles.head}>
        <Text weight="semibold" className={styles.title}>
          {t('board.title')}
        </Text>
        {shared && canGrant && (
          <Menu
            checkedValues={{ writers }}
            onCheckedValueChange={(_, data) => {
              for (const m of conferees) {
                const now = data.checkedItems.includes(m.uid)
                if (now !== writers.includes(m.uid)) onGrant(m.uid, now)
              }
            }}
          >
            <MenuTrigger disableButtonEnhancement>
              <Button size="small">{t('board.grants.title')}</Button>
            </MenuTrigger>
            <MenuPopover>
              <MenuList aria-label={t('board.grants.title')}>
                {conferees.length === 0 && <Text size={200}>{t('board.grants.nobody')}</Text>}
                {conferees.map((m) => (
                  <MenuItemCheckbox key={m.uid} name="writers" value={m.uid}>
                    {m.userName}
                  </MenuItemCheckbox>
                ))}
              </MenuList>
            </MenuPopover>
          </Menu>
        )}
        {canShare && (
          <Button
            size="small"
            appearance={shared ? 'secondary' : 'primary'}
            onClick={() => dispatch({ type: 'ui/boardShareToggled', on: !shared })}
          >
            {shared ? t('board.stopShare') : t('board.share')}
          </Button>
        )}
      </div>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{t('board.joinFailed', { reason: error })}</MessageBarBody>
        </MessageBar>
      )}
      {!shared && <Text>{t('board.notShared')}</Text>}
      {shared && (
        <Suspense fallback={<Spinner label={t('board.loading')} />}>
          {loaded ? <BoardView loaded={loaded} /> : <Spinner label={t('board.loading')} />}
        </Suspense>
      )}
    </section>
  )
}
