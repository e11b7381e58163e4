import {
  Button,
  Field,
  ProgressBar,
  Select,
  Switch,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { DeviceInfo, DeviceKind } from '@streams/wire/media'
import { previewCamera, previewMicrophone, testSpeaker } from '../../adapters/devices/preview'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '12px', minWidth: '280px' },
  preview: {
    aspectRatio: '16 / 9',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    overflow: 'hidden',
  },
})

export interface DevicePickerProps {
  readonly devices: readonly DeviceInfo[]
  readonly selected: Partial<Record<DeviceKind, string>>
  readonly onSelect: (kind: DeviceKind, deviceId: string) => void
  readonly noiseReduction?: boolean
  readonly onNoiseReduction?: (enabled: boolean) => void
}

/**
 * Camera, microphone and speaker, each with a preview: the camera's picture, the microphone's
 * level, a test sound on the speaker. Picking only reports the choice; the core switches.
 */
export function DevicePicker(props: DevicePickerProps) {
  const { devices, selected, onSelect } = props
  const styles = useStyles()
  const { t } = useTranslation()
  const of = (kind: DeviceKind) => devices.filter((d) => d.kind === kind)
  const current = (kind: DeviceKind) => selected[kind] ?? of(kind)[0]?.deviceId
  const camera = current('camera')
  const microphone = current('microphone')
  const speaker = current('speaker')
  const preview = useRef<HTMLDivElement>(null)
  const [level, setLevel] = useState(0)

  useEffect(() => {
    const container = preview.current
    if (!camera || !container) return
    let stop: (() => void) | undefined
    let gone = false
    previewCamera(camera, container).then(
      (p) => (gone ? p.stop() : (stop = p.stop)),
      () => undefined,
    )
    return () => {
      gone = true
      stop?.()
    }
  }, [camera])

  useEffect(() => {
    if (!microphone) return
    let stop: (() => void) | undefined
    let gone = false
    previewMicrophone(microphone, setLevel).then(
      (p) => (gone ? p.stop() : (stop = p.stop)),
      () => undefined,
    )
    return () => {
      gone = true
      stop?.()
    }
  }, [microphone])

  const select = (kind: DeviceKind, value: string | undefined) => (
    <Field label={t(`media.devices.${kind}`)}>
      <Select value={value ?? ''} onChange={(_, data) => onSelect(kind, data.value)}>
        {of(kind).length === 0 && <option value="">{t('media.devices.none')}</option>}
        {of(kind).map((d) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label || d.deviceId}
          </option>
        ))}
      </Select>
    </Field>
  )

  return (
    <section className={styles.form} aria-label={t('media.devices.title')}>
      {select('camera', camera)}
      <div ref={preview} className={styles.preview} aria-label={t('media.devices.preview')} />
      {select('microphone', microphone)}
      <Field label={t('media.devices.level')}>
        <ProgressBar value={level} thickness="large" />
      </Field>
      {select('speaker', speaker)}
      <Button
        disabled={!speaker}
        onClick={() => speaker && void testSpeaker(speaker).catch(() => undefined)}
      >
        {t('media.devices.testSpeaker')}
      </Button>
      {props.onNoiseReduction && (
        <Switch
          label={t('media.devices.noiseReduction')}
          checked={props.noiseReduction ?? false}
          onChange={(_, data) => props.onNoiseReduction?.(data.checked)}
        />
      )}
    </section>
  )
}
