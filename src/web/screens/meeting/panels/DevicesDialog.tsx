import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Select,
  makeStyles,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { State } from '../../../../../streams/projections'
import type { DeviceKind } from '../../../../../streams/wire/media'
import { useSelector, useSession } from '../../../session/context'
import { DevicePreview } from './DevicePreview'

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: '12px' } })

const selectDevices = (s: State) => s.devices

const KINDS: readonly DeviceKind[] = ['camera', 'microphone', 'speaker']

/** The device picker: camera, microphone and speaker, with a preview; a choice is an event. */
export function DevicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const devices = useSelector(selectDevices)
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('devices.title')}</DialogTitle>
          <DialogContent className={styles.body}>
            {KINDS.map((kind) => {
              const list = devices.list.filter((d) => d.kind === kind)
              return (
                <Field key={kind} label={t(`devices.${kind}`)}>
                  <Select
                    value={devices.chosen[kind]}
                    disabled={list.length === 0}
                    onChange={(_, d) =>
                      dispatch({ type: 'ui/deviceChosen', kind, deviceId: d.value })
                    }
                  >
                    {list.length === 0 && <option value="">{t('devices.none')}</option>}
                    {list.map((d) => (
                      <option key={d.deviceId} value={d.deviceId}>
                        {d.label || d.deviceId}
                      </option>
                    ))}
                  </Select>
                </Field>
              )
            })}
            {open && (
              <DevicePreview
                cameraId={devices.chosen.camera}
                microphoneId={devices.chosen.microphone}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('dialogs.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
