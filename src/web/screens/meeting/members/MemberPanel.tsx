import { Button, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Dismiss24Regular } from '@fluentui/react-icons'
import { useCallback, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { selectAudienceByRole, selectHosts, selectMe, selectMembers } from '@streams/selectors'
import type { Member } from '@streams/wire/member'
import { useSelector, useSession } from '../../../session/context'
import { DialogFrame } from '../../../ui/DialogFrame'
import { VirtualList } from '../../../ui/VirtualList'
import { hasActions, MemberActionsMenu, selectPowers } from './MemberActions'
import { MemberRow, ROW_HEIGHT, type RowTexts } from './MemberRow'

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    height: '100%',
    boxSizing: 'border-box',
    padding: '8px 0',
    gap: '4px',
  },
  header: { display: 'flex', alignItems: 'center', gap: '8px', padding: '0 8px 0 16px' },
  title: { flexGrow: 1 },
  section: { padding: '4px 16px', color: tokens.colorNeutralForeground3 },
  list: { flexGrow: 1, minHeight: 0 },
  empty: { padding: '8px 16px', color: tokens.colorNeutralForeground3 },
})

/**
 * The member drawer: hosts first, then conferees, in one virtualised list (10,000 rows cost
 * what 30 do), with each member's host actions.
 */
export function MemberPanel({ onClose, bare = false }: { onClose?: () => void; bare?: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const hosts = useSelector(selectHosts)
  const members = useSelector(selectMembers)
  const { conferees, cdnAudience } = useSelector(selectAudienceByRole)
  const me = useSelector(selectMe)
  const powers = useSelector(selectPowers)
  const session = useSession()
  const [kicking, setKicking] = useState<Member | null>(null)
  const [menu, setMenu] = useState<{ uid: string; target: HTMLElement } | null>(null)
  const onActions = useCallback(
    (m: Member, target: HTMLElement) => setMenu({ uid: m.uid, target }),
    [],
  )
  const myUid = me?.uid
  const texts = useMemo<RowTexts>(
    () => ({
      you: t('meeting.you'),
      offline: t('meeting.offline'),
      roles: {
        1: t('meeting.roles.1'),
        2: t('meeting.roles.2'),
        3: t('meeting.roles.3'),
        4: t('meeting.roles.4'),
      },
      speaking: t('meeting.speaking'),
      muted: t('meeting.muted'),
      cameraOff: t('meeting.cameraOff'),
      board: t('members.grantBoard'),
      actions: (name: string) => t('members.actions', { name }),
    }),
    [t],
  )
  const renderRow = useCallback(
    (m: Member) => (
      <MemberRow
        member={m}
        me={m.uid === myUid}
        actions={hasActions(powers, m, myUid)}
        texts={texts}
        onActions={onActions}
      />
    ),
    [myUid, powers, texts, onActions],
  )
  const menuMember = menu ? members.find((m) => m.uid === menu.uid) : undefined
  const getKey = useMemo(() => (m: Member) => m.uid, [])

  return (
    <section className={styles.panel} aria-label={t('members.title')}>
      {!bare && (
        <div className={styles.header}>
          <Text id="members-title" weight="semibold" size={400} className={styles.title}>
            {t('members.title')}
          </Text>
          {onClose && (
            <Button
              appearance="subtle"
              icon={<Dismiss24Regular />}
              aria-label={t('dialogs.close')}
              onClick={onClose}
            />
          )}
        </div>
      )}
      <Text size={200} className={styles.section}>
        {t('members.hosts', { count: hosts.length })} ·{' '}
        {t('members.conferees', { count: conferees })}
        {cdnAudience > 0 && <> · {t('members.cdnAudience', { count: cdnAudience })}</>}
      </Text>
      {members.length === 0 ? (
        <Text className={styles.empty}>{t('members.none')}</Text>
      ) : (
        <VirtualList
          className={styles.list}
          label={t('members.title')}
          items={members}
          rowHeight={ROW_HEIGHT}
          renderRow={renderRow}
          getKey={getKey}
        />
      )}
      {menu && menuMember && (
        <MemberActionsMenu
          member={menuMember}
          target={menu.target}
          state={session.store.getState()}
          powers={powers}
          onKick={setKicking}
          onClose={() => setMenu(null)}
        />
      )}
      <DialogFrame
        open={kicking !== null}
        onClose={() => setKicking(null)}
        title={t('members.kick')}
        actions={
          <>
            <Button
              appearance="primary"
              onClick={() => {
                if (kicking) dispatch({ type: 'ui/kickClicked', uid: kicking.uid })
                setKicking(null)
              }}
            >
              {t('dialogs.confirm')}
            </Button>
            <Button onClick={() => setKicking(null)}>{t('dialogs.cancel')}</Button>
          </>
        }
      >
        {t('members.kickConfirm', { name: kicking?.userName ?? '' })}
      </DialogFrame>
    </section>
  )
}
