import type { State } from '@streams/projections'
import { DevicePicker } from '../../../media/DevicePicker'
import { useSelector, useSession } from '../../../session/context'

const selectList = (s: State) => s.devices.list
const selectChosen = (s: State) => s.devices.chosen
const selectNoise = (s: State) => s.media.noiseReduction

/**
 * Camera, microphone and speaker with their previews (the media layer's picker), bound to the
 * core's device state; a choice is an event and the core switches.
 */
export function DevicesPanel({ noiseReduction = false }: { noiseReduction?: boolean }) {
  const { dispatch } = useSession()
  const devices = useSelector(selectList)
  const chosen = useSelector(selectChosen)
  const noise = useSelector(selectNoise)
  return (
    <DevicePicker
      devices={devices}
      selected={chosen}
      onSelect={(kind, deviceId) => dispatch({ type: 'ui/deviceChosen', kind, deviceId })}
      {...(noiseReduction
        ? {
            noiseReduction: noise,
            onNoiseReduction: (on: boolean) => dispatch({ type: 'ui/noiseReductionToggled', on }),
          }
        : {})}
    />
  )
}
