import {
  Button,
  Divider,
  Field,
  Switch,
  Text,
  Title2,
  Title3,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { useAccount } from '../../app/account'
import { auth } from '../../app/api'
import { LanguageSwitch } from '../../app/LanguageSwitch'
import { useCarriedNavigate } from '../../app/use-carried-navigate'
import { addRoomTexts } from '../../i18n/room'
import { useSelector, useSession } from '../../session/context'
import { SessionGate } from '../../session/SessionGate'
import { FluentShell } from '../../ui/FluentShell'
import { SetPassword } from '../login/SetPassword'
import { DevicesPanel } from '../meeting/panels/DevicesPanel'

addRoomTexts()

const useStyles = makeStyles({
  page: {
    maxWidth: '640px',
    margin: '0 auto',
    padding: '16px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0 },
  row: { display: 'flex', gap: '8px', flexWrap: 'wrap' },
})

const selectNoiseReduction = (s: State) => s.media.noiseReduction

/** /setting: account (password, sign out), language, devices and noise reduction. */
export default function SettingRoute() {
  return (
    <FluentShell>
      <SessionGate>
        <SettingScreen />
      </SessionGate>
    </FluentShell>
  )
}

function SettingScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useCarriedNavigate()
  const account = useAccount()
  const { dispatch } = useSession()
  const noiseReduction = useSelector(selectNoiseReduction)
  const [settingPassword, setSettingPassword] = useState(false)
  const user = account.user
  const member = user?.userType === 'member'

  const signOut = async () => {
    await auth.logout().catch(() => undefined)
    account.set(null)
    navigate('/login')
  }

  return (
    <main className={styles.page}>
      <Title2 as="h1">{t('settings.title')}</Title2>
      <section className={styles.card} aria-labelledby="account-title">
        <Title3 as="h2" id="account-title">
          {t('settings.account')}
        </Title3>
        <dl className={styles.facts}>
          <dt>{t('settings.name')}</dt>
          <dd>{user?.nickName}</dd>
          <dt>{t('settings.kind')}</dt>
          <dd>{member ? t('settings.member') : t('settings.visitor')}</dd>
        </dl>
        {member && settingPassword ? (
          <SetPassword onDone={() => setSettingPassword(false)} />
        ) : (
          <div className={styles.row}>
            {member && (
              <Button onClick={() => setSettingPassword(true)}>{t('settings.setPassword')}</Button>
            )}
            {member ? (
              <Button onClick={() => void signOut()}>{t('settings.signOut')}</Button>
            ) : (
              <Button appearance="primary" onClick={() => navigate('/login')}>
                {t('settings.signIn')}
              </Button>
            )}
          </div>
        )}
      </section>
      <section className={styles.card} aria-labelledby="general-title">
        <Title3 as="h2" id="general-title">
          {t('settings.general')}
        </Title3>
        <Field label={t('settings.language')}>
          <LanguageSwitch />
        </Field>
        <Switch
          label={t('settings.noiseReduction')}
          checked={noiseReduction}
          onChange={(_, d) => dispatch({ type: 'ui/noiseReductionToggled', on: d.checked })}
        />
      </section>
      <section className={styles.card} aria-labelledby="devices-title">
        <Title3 as="h2" id="devices-title">
          {t('devices.title')}
        </Title3>
        <DevicesPanel />
      </section>
      <Divider />
      <Text>
        <Button appearance="transparent" onClick={() => navigate('/home')}>
          {t('meeting.backHome')}
        </Button>
      </Text>
    </main>
  )
}
