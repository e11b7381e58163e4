import { ProgressBar, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

const useStyles = makeStyles({
  video: {
    width: '100%',
    aspectRatio: '16 / 9',
    objectFit: 'cover',
    backgroundColor: '#1f1f1f',
    borderRadius: tokens.borderRadiusMedium,
  },
})

/**
 * The device picker's preview: the chosen camera's picture and the chosen microphone's level.
 * It opens its own short-lived capture and stops it when the picker closes (the published
 * tracks are the media layer's).
 */
export function DevicePreview({
  cameraId,
  microphoneId,
}: {
  cameraId: string
  microphoneId: string
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const video = useRef<HTMLVideoElement>(null)
  const [level, setLevel] = useState(0)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let stream: MediaStream | null = null
    let context: AudioContext | null = null
    let frame = 0
    let live = true
    const constraints: MediaStreamConstraints = {
      video: cameraId ? { deviceId: { exact: cameraId } } : true,
      audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
    }
    navigator.mediaDevices
      ?.getUserMedia(constraints)
      .then((captured) => {
        if (!live) return captured.getTracks().forEach((track) => track.stop())
        stream = captured
        setFailed(false)
        if (video.current) video.current.srcObject = captured
        if (captured.getAudioTracks().length === 0) return
        context = new AudioContext()
        const analyser = context.createAnalyser()
        analyser.fftSize = 256
        context.createMediaStreamSource(captured).connect(analyser)
        const samples = new Uint8Array(analyser.frequencyBinCount)
        const tick = () => {
          analyser.getByteTimeDomainData(samples)
          let peak = 0
          for (const sample of samples) peak = Math.max(peak, Math.abs(sample - 128))
          setLevel(Math.min(1, peak / 64))
          frame = requestAnimationFrame(tick)
        }
        tick()
      })
      .catch(() => live && setFailed(true))
    return () => {
      live = false
      cancelAnimationFrame(frame)
      stream?.getTracks().forEach((track) => track.stop())
      void context?.close()
    }
  }, [cameraId, microphoneId])

  return (
    <>
      <video
        ref={video}
        className={styles.video}
        autoPlay
        muted
        playsInline
        aria-label={t('devices.preview')}
      />
      {failed && <Text role="alert">{t('devices.previewFailed')}</Text>}
      <ProgressBar value={level} max={1} aria-label={t('devices.level')} thickness="large" />
    </>
  )
}
