import { MenuDivider, MenuItem } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectCan } from '@streams/selectors'
import type { ClientConfig } from '@streams/wire/rest/room'
import { LiveState } from '@streams/wire/constants'
import { clientConfig } from '../app/api'
import { addLiveTexts } from '../i18n/live'
import { useIsReplay, useSelector, useSession } from '../session/context'

type Availability = NonNullable<ClientConfig['live']>

/** The server's configuration; undefined until known, and in a replay (it fetches nothing: [ROUTE-15]). */
export function useClientConfig(): ClientConfig | undefined {
  const replay = useIsReplay()
  const [known, setKnown] = useState<ClientConfig>()
  useEffect(() => {
    if (replay) return
    let gone = false
    clientConfig().then(
      (config) => !gone && setKnown(config),
      () => undefined,
    )
    return () => {
      gone = true
    }
  }, [replay])
  return known
}

/** Whether this server broadcasts and records (and why not); undefined until known, in Agora mode, and in a replay. */
export function useLiveAvailability(): Availability | undefined {
  return useClientConfig()?.live
}

const selectLiveState = (s: State) => s.live.liveState
const selectCanManage = (s: State) => selectCan(s, 'manageRoom')

/**
 * The host's live items: go live, pause or resume, end the live ([LIVE-1]), and the streaming
 * URLs (the menu's owner opens that dialog: a menu closes when an item is chosen). When this
 * server cannot broadcast (no ffmpeg, no SFU), one disabled item says why.
 */
export function LiveMenuItems({ onStreamingUrls }: { onStreamingUrls: () => void }) {
  addLiveTexts()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const availability = useLiveAvailability()
  const liveState = useSelector(selectLiveState)
  const canManage = useSelector(selectCanManage)
  if (!availability || !canManage) return null
  if (!availability.available)
    return (
      <>
        <MenuItem disabled>{t('live.unavailable', { why: availability.why ?? '' })}</MenuItem>
        <MenuDivider />
      </>
    )
  const choose = (state: (typeof LiveState)[keyof typeof LiveState]) =>
    dispatch({ type: 'ui/liveStateChosen', liveState: state })
  const on = liveState === LiveState.LIVING || liveState === LiveState.PAUSE
  return (
    <>
      {canManage && !on && (
        <MenuItem onClick={() => choose(LiveState.LIVING)}>{t('live.goLive')}</MenuItem>
      )}
      {canManage && liveState === LiveState.LIVING && (
        <MenuItem onClick={() => choose(LiveState.PAUSE)}>{t('live.pause')}</MenuItem>
      )}
      {canManage && liveState === LiveState.PAUSE && (
        <MenuItem onClick={() => choose(LiveState.LIVING)}>{t('live.resume')}</MenuItem>
      )}
      {canManage && on && (
        <MenuItem onClick={() => choose(LiveState.END)}>{t('live.endLive')}</MenuItem>
      )}
      <MenuItem onClick={onStreamingUrls}>{t('live.streams.menu')}</MenuItem>
      <MenuDivider />
    </>
  )
}
