import { Record24Regular, RecordStop24Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { addLiveTexts } from '../i18n/live'
import { MenuButton } from '../screens/meeting/menu/MenuButton'
import { useSelector } from '../session/context'
import { useClientConfig } from './LiveMenuItems'
import { RecordingsDialog } from './RecordingsDialog'

const selectRecording = (s: State) => s.room?.recordingState === 1

/**
 * "Recording" in the meeting menu (spec §2), shown when this server records (whichever engine
 * records: the server says whether it can, `recording` of /api/config): it opens the
 * recordings dialog (start and stop for a host, the list and its player for everyone). It shows
 * as pressed while the room is being recorded.
 */
export function RecordingMenuButton({ narrow }: { narrow: boolean }) {
  addLiveTexts()
  const { t } = useTranslation()
  const availability = useClientConfig()?.recording
  const recording = useSelector(selectRecording)
  const [open, setOpen] = useState(false)
  if (!availability?.available) return null
  return (
    <>
      <MenuButton
        narrow={narrow}
        label={t('menu.recording')}
        icon={recording ? <RecordStop24Regular /> : <Record24Regular />}
        pressed={recording}
        onClick={() => setOpen(true)}
      />
      <RecordingsDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}
