import { Button, Field, Switch, Text, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { LanguageSwitch } from '../../../app/LanguageSwitch'
import { useSelector, useSession } from '../../../session/context'
import { exportSessionLog } from '../../../session/export-log'
import { DialogFrame } from '../../../ui/DialogFrame'

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '16px' },
})

const selectNoiseReduction = (s: State) => s.media.noiseReduction

/**
 * Settings: language, AI noise reduction, and "Export session log" (Ctrl+Shift+L), which a
 * replay ([ROUTE-15]) does not offer.
 */
export function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const session = useSession()
  const noiseReduction = useSelector(selectNoiseReduction)
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={t('settings.title')}
      contentClassName={styles.body}
      actions={
        <Button appearance="primary" onClick={onClose}>
          {t('settings.close')}
        </Button>
      }
    >
      <Field label={t('settings.language')}>
        <LanguageSwitch />
      </Field>
      <Switch
        label={t('settings.noiseReduction')}
        checked={noiseReduction}
        onChange={(_, d) => session.dispatch({ type: 'ui/noiseReductionToggled', on: d.checked })}
      />
      {!session.replay && (
        <>
          <div>
            <Button onClick={() => exportSessionLog(session)}>{t('settings.exportLog')}</Button>
          </div>
          <Text size={200}>{t('settings.exportHint')}</Text>
        </>
      )}
    </DialogFrame>
  )
}
