import { Button, Link, Text, makeStyles } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import type { Recording } from '@streams/ports/rest-types'
import { selectCan } from '@streams/selectors'
import { RECORDING_STATUS } from '@streams/wire/constants'
import { addLiveTexts } from '../i18n/live'
import { useSelector, useSession } from '../session/context'
import { ListDialog, ListRow } from '../ui/ListDialog'

const useStyles = makeStyles({
  row: { flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  when: { flexGrow: 1 },
  player: { width: '100%', maxHeight: '50vh', backgroundColor: '#000' },
})

const selectRecordings = (s: State) => s.live.recordings
const selectRecording = (s: State) => s.room?.recordingState === 1
const selectCanRecord = (s: State) => selectCan(s, 'startRecording')

const minutes = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/**
 * The meeting menu's "Recording" (spec §2): a host starts and stops cloud recording here
 * ([REC-2]: a stop before 15 s is refused as too short), and everyone sees the room's recordings: when each began, how long it is, its status ([REC-3]: recording,
 * finished, server preparing download, convert, save), and for a saved one a player and a
 * download. Opening it asks the server again.
 */
export function RecordingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  addLiveTexts()
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const { dispatch } = useSession()
  const recordings = useSelector(selectRecordings)
  const recording = useSelector(selectRecording)
  const canRecord = useSelector(selectCanRecord)
  const [playing, setPlaying] = useState<Recording | null>(null)
  // Opened, and whenever a recording starts or stops: the list is asked again.
  useEffect(() => {
    if (open) dispatch({ type: 'ui/recordingsOpened' })
  }, [open, recording, dispatch])
  const file = playing?.files[0]
  return (
    <ListDialog
      open={open}
      onClose={onClose}
      title={t('live.recordings.title')}
      empty={recordings !== null && recordings.length === 0 ? t('live.recordings.none') : null}
      above={
        file && (
          <video
            className={styles.player}
            src={file.url}
            controls
            autoPlay
            aria-label={t('live.recordings.player')}
          />
        )
      }
      actions={
        <>
          {canRecord && (
            <Button
              appearance={recording ? 'secondary' : 'primary'}
              onClick={() => dispatch({ type: 'ui/recordingToggled', on: !recording })}
            >
              {recording ? t('live.stopRecording') : t('live.startRecording')}
            </Button>
          )}
          <Button onClick={() => dispatch({ type: 'ui/recordingsOpened' })}>
            {t('live.recordings.refresh')}
          </Button>
        </>
      }
    >
      {(recordings ?? []).map((r) => (
        <ListRow key={r.recordingId} className={styles.row}>
          <Text className={styles.when}>
            {new Date(r.startTime).toLocaleString(i18n.language)} · {minutes(r.duration)}
          </Text>
          <Text>
            {t(`live.recordings.status.${RECORDING_STATUS[r.status] ?? 'finished'}`)}
            {r.interrupted ? ` · ${t('live.recordings.interrupted')}` : ''}
          </Text>
          {r.files[0] && (
            <>
              <Button size="small" onClick={() => setPlaying(r)}>
                {t('live.recordings.play')}
              </Button>
              <Link href={`${r.files[0].url}?download=1`} download>
                {t('live.recordings.download')}
              </Link>
            </>
          )}
        </ListRow>
      ))}
    </ListDialog>
  )
}
