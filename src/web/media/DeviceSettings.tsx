import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { State } from '../../../streams/projections'
import { useSelector, useSession } from '../session/context'
import { DevicePicker } from './DevicePicker'

const selectList = (s: State) => s.devices.list
const selectChosen = (s: State) => s.devices.chosen
const selectNoise = (s: State) => s.media.noiseReduction

/** Settings › devices: the picker with previews, bound to the core's device state. */
export function DeviceSettings() {
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const devices = useSelector(selectList)
  const chosen = useSelector(selectChosen)
  const noise = useSelector(selectNoise)
  return (
    <Dialog>
      <DialogTrigger disableButtonEnhancement>
        <Button>{t('media.devices.title')}</Button>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('media.devices.title')}</DialogTitle>
          <DialogContent>
            <DevicePicker
              devices={devices}
              selected={chosen}
              onSelect={(kind, deviceId) => dispatch({ type: 'ui/deviceChosen', kind, deviceId })}
              noiseReduction={noise}
              onNoiseReduction={(on) => dispatch({ type: 'ui/noiseReductionToggled', on })}
            />
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button appearance="primary">{t('media.devices.done')}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
