import { Button, MessageBar, MessageBarBody, makeStyles } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { State } from '../../../streams/projections'
import { MuteAll } from '../../../streams/wire/constants'
import { Role } from '../../../streams/wire/roles'
import { useSelector, useSession } from '../session/context'
import { DeviceSettings } from './DeviceSettings'

const useStyles = makeStyles({
  bar: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
})

const selectAudio = (s: State) => s.me?.enableAudio === 1
const selectVideo = (s: State) => s.me?.enableVideo === 1
const selectSharing = (s: State) => s.media.published.screen
const selectNoise = (s: State) => s.media.noiseReduction
const selectHost = (s: State) => s.me?.role === Role.host
const selectMutedAll = (s: State) => s.conference.muteAllAudio !== MuteAll.off
const selectLimit = (s: State) => s.media.limit

/**
 * My microphone, camera and screen share, AI noise reduction, and for a host mute-all: each
 * button only says what the user did; the core's effects decide and act.
 */
export function MediaControls() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const c = {
    audio: useSelector(selectAudio),
    video: useSelector(selectVideo),
    screen: useSelector(selectSharing),
    noise: useSelector(selectNoise),
    host: useSelector(selectHost),
    mutedAll: useSelector(selectMutedAll),
  }
  const limit = useSelector(selectLimit)
  return (
    <>
      <div className={styles.bar} role="toolbar" aria-label={t('media.controls.label')}>
        <Button
          aria-pressed={c.audio}
          onClick={() => dispatch({ type: 'ui/mediaToggled', kind: 'audio', on: !c.audio })}
        >
          {c.audio ? t('media.controls.micOff') : t('media.controls.micOn')}
        </Button>
        <Button
          aria-pressed={c.video}
          onClick={() => dispatch({ type: 'ui/mediaToggled', kind: 'video', on: !c.video })}
        >
          {c.video ? t('media.controls.cameraOff') : t('media.controls.cameraOn')}
        </Button>
        <Button
          aria-pressed={c.screen}
          onClick={() => dispatch({ type: 'ui/screenShareToggled', on: !c.screen })}
        >
          {c.screen ? t('media.controls.stopShare') : t('media.controls.share')}
        </Button>
        <Button
          aria-pressed={c.noise}
          onClick={() => dispatch({ type: 'ui/noiseReductionToggled', on: !c.noise })}
        >
          {t('media.devices.noiseReduction')}
        </Button>
        <DeviceSettings />
        {c.host && (
          <Button onClick={() => dispatch({ type: 'ui/muteAllClicked' })}>
            {c.mutedAll ? t('media.controls.unmuteAll') : t('media.controls.muteAll')}
          </Button>
        )}
      </div>
      {limit && (
        <MessageBar intent="warning">
          <MessageBarBody>
            {t(`media.limitReached.${limit.limit}`, { max: limit.max })}
          </MessageBarBody>
        </MessageBar>
      )}
    </>
  )
}
