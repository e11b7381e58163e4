import { Field, Select, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { State } from '../../../../../streams/projections'
import type { DeviceKind } from '../../../../../streams/wire/media'
import { useSelector, useSession } from '../../../session/context'
import { DevicePreview } from './DevicePreview'

const useStyles = makeStyles({ body: { display: 'flex', flexDirection: 'column', gap: '12px' } })

const selectDevices = (s: State) => s.devices
const KINDS: readonly DeviceKind[] = ['camera', 'microphone', 'speaker']

/** Camera, microphone and speaker choices with a preview; a choice is an event for the core. */
export function DevicesPanel({ preview }: { preview: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const devices = useSelector(selectDevices)
  return (
    <div className={styles.body}>
      {KINDS.map((kind) => {
        const list = devices.list.filter((d) => d.kind === kind)
        return (
          <Field key={kind} label={t(`devices.${kind}`)}>
            <Select
              value={devices.chosen[kind]}
              disabled={list.length === 0}
              onChange={(_, d) => dispatch({ type: 'ui/deviceChosen', kind, deviceId: d.value })}
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
      {preview && (
        <DevicePreview cameraId={devices.chosen.camera} microphoneId={devices.chosen.microphone} />
      )}
    </div>
  )
}
