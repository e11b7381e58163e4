import { VideoClip24Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectCan } from '@streams/selectors'
import { addLiveTexts } from '../i18n/live'
import { MenuButton } from '../screens/meeting/menu/MenuButton'
import { useSelector } from '../session/context'
import { InputsDialog } from './InputsDialog'
import { useLiveAvailability } from './LiveMenuItems'

const selectRoomId = (s: State) => s.room?.roomId ?? ''
const selectCanManage = (s: State) => selectCan(s, 'manageRoom')

/** A host's "Inputs" (RTMP and pulled input users), shown when this server can take them. */
export function InputsButton({ narrow }: { narrow: boolean }) {
  addLiveTexts()
  const { t } = useTranslation()
  const availability = useLiveAvailability()
  const roomId = useSelector(selectRoomId)
  const canManage = useSelector(selectCanManage)
  const [open, setOpen] = useState(false)
  if (!availability?.available || !canManage || !roomId) return null
  return (
    <>
      <MenuButton
        narrow={narrow}
        label={t('live.inputs.button')}
        icon={<VideoClip24Regular />}
        onClick={() => setOpen(true)}
      />
      <InputsDialog roomId={roomId} open={open} onClose={() => setOpen(false)} />
    </>
  )
}
