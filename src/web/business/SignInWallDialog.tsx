import { Avatar, Text, makeStyles } from '@fluentui/react-components'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { addBusinessTexts } from '../i18n/business'
import { useSelector, useSession } from '../session/context'
import { ListDialog, ListRow } from '../ui/ListDialog'

const useStyles = makeStyles({
  wall: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
    gap: '12px',
    maxHeight: '50vh',
    overflowY: 'auto',
  },
  person: {
    flexDirection: 'column',
    alignItems: 'center',
    gap: '4px',
    padding: '8px 4px',
    minWidth: 0,
  },
  name: { maxWidth: '100%' },
})

const selectSignIns = (s: State) => s.business.signIns

/** The sign-in wall: everyone who signed in, in order, kept current as they sign in (cmd 18). */
export default function SignInWallDialog({ onClose }: { onClose: () => void }) {
  addBusinessTexts()
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const signIns = useSelector(selectSignIns)
  useEffect(() => {
    dispatch({ type: 'ui/signInWallOpened' })
  }, [dispatch])
  return (
    <ListDialog
      open
      onClose={onClose}
      title={t('biz.signIn.wall')}
      above={
        <Text role="status" block>
          {t('biz.signIn.count', { count: signIns?.length ?? 0 })}
        </Text>
      }
      empty={signIns?.length === 0 ? t('biz.signIn.none') : null}
      closeLabel={t('biz.signIn.close')}
      listClassName={styles.wall}
    >
      {(signIns ?? []).map((s) => (
        <ListRow key={s.userId} className={styles.person}>
          <Avatar
            name={s.userName}
            image={s.userPhoto ? { src: s.userPhoto } : undefined}
            size={48}
          />
          <Text className={styles.name} truncate wrap={false} title={s.userName}>
            {s.userName}
          </Text>
        </ListRow>
      ))}
    </ListDialog>
  )
}
