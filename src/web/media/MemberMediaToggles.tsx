import { Button } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import type { State } from '../../../streams/projections'
import type { Member } from '../../../streams/wire/member'
import { Role } from '../../../streams/wire/roles'
import { useSelector, useSession } from '../session/context'

const selectAmHost = (s: State) => s.me?.role === Role.host
const selectMyUid = (s: State) => s.me?.uid

/**
 * A host turns another member's microphone or camera on or off (grantMedia, spec §6); the
 * core's effect makes the REST call and tells the member.
 */
export function MemberMediaToggles({ member }: { member: Member }) {
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const host = useSelector(selectAmHost)
  const me = useSelector(selectMyUid)
  if (!host || member.uid === me) return null
  const toggle = (kind: 'audio' | 'video', on: boolean) =>
    dispatch({ type: 'ui/userMediaToggled', uid: member.uid, kind, on })
  const audio = member.enableAudio === 1
  const video = member.enableVideo === 1
  return (
    <>
      <Button
        size="small"
        aria-pressed={audio}
        aria-label={t(audio ? 'media.member.micOff' : 'media.member.micOn', {
          name: member.userName,
        })}
        onClick={() => toggle('audio', !audio)}
      >
        {t(audio ? 'media.member.micOffShort' : 'media.member.micOnShort')}
      </Button>
      <Button
        size="small"
        aria-pressed={video}
        aria-label={t(video ? 'media.member.cameraOff' : 'media.member.cameraOn', {
          name: member.userName,
        })}
        onClick={() => toggle('video', !video)}
      >
        {t(video ? 'media.member.cameraOffShort' : 'media.member.cameraOnShort')}
      </Button>
    </>
  )
}
