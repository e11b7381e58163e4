import {
  Avatar,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { addBusinessTexts } from '../i18n/business'
import { useSelector, useSession } from '../session/context'

const useStyles = makeStyles({
  wall: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))',
    gap: '12px',
    padding: 0,
    margin: 0,
    maxHeight: '50vh',
    overflowY: 'auto',
  },
  person: {
    listStyle: 'none',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '4px',
    padding: '8px 4px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
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
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('biz.signIn.wall')}</DialogTitle>
          <DialogContent>
            <Text role="status">{t('biz.signIn.count', { count: signIns?.length ?? 0 })}</Text>
            {signIns?.length === 0 && <Text block>{t('biz.signIn.none')}</Text>}
            <ul className={styles.wall} aria-label={t('biz.signIn.wall')}>
              {(signIns ?? []).map((s) => (
                <li key={s.userId} className={styles.person}>
                  <Avatar
                    name={s.userName}
                    image={s.userPhoto ? { src: s.userPhoto } : undefined}
                    size={48}
                  />
                  <Text className={styles.name} truncate wrap={false} title={s.userName}>
                    {s.userName}
                  </Text>
                </li>
              ))}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('biz.signIn.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
