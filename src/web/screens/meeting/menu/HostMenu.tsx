import {
  Menu,
  MenuDivider,
  MenuItem,
  MenuItemRadio,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components'
import { MoreHorizontal24Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { createSelector } from 'reselect'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectCan, selectMembers } from '@streams/selectors'
import { LiveState, MuteAll } from '@streams/wire/constants'
import { Role } from '@streams/wire/roles'
import { LAYOUTS, type LayoutName } from '@streams/wire/video'
import { LiveMenuItems } from '../../../live/LiveMenuItems'
import { StreamingUrlsDialog } from '../../../live/StreamingUrlsDialog'
import { useSelector, useSession } from '../../../session/context'
import { menuTriggerButton } from '../../../ui/menu-trigger'

const selectLayout = (s: State) => s.layout.layout
const selectBoardOn = (s: State) => s.conference.shareBoard === 1
const selectMuteAll = (s: State) => s.conference.muteAllAudio
const selectCanBoard = (s: State) => selectCan(s, 'grantBoard')
const selectCanLayout = (s: State) => selectCan(s, 'setMainScreen')
const selectCanMuteAll = (s: State) => selectCan(s, 'muteAll')
const selectRoomId = (s: State) => s.room?.roomId ?? ''
/** Who may interpret a language of the live: the room's hosts and conferees. */
const selectSpeakers = createSelector([selectMembers], (members) =>
  members.filter((m) => m.role === Role.host || m.role === Role.conferee),
)
const selectLiveOn = (s: State) =>
  s.live.liveState === LiveState.LIVING || s.live.liveState === LiveState.PAUSE

/**
 * "More": the whiteboard, the layout ([LAYOUT-1]), mute-all with asking to speak ([MUTE-4]),
 * devices and settings. Items the role may not use are not shown.
 */
export function MoreMenu({
  narrow,
  onDevices,
  onSettings,
}: {
  narrow: boolean
  onDevices: () => void
  onSettings: () => void
}) {
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const layout = useSelector(selectLayout)
  const boardOn = useSelector(selectBoardOn)
  const muteAll = useSelector(selectMuteAll)
  const canBoard = useSelector(selectCanBoard)
  const canLayout = useSelector(selectCanLayout)
  const canMuteAll = useSelector(selectCanMuteAll)
  const roomId = useSelector(selectRoomId)
  const liveOn = useSelector(selectLiveOn)
  const people = useSelector(selectSpeakers)
  const [streamsOpen, setStreamsOpen] = useState(false)
  return (
    <>
      <Menu
        checkedValues={{ layout: [layout] }}
        onCheckedValueChange={(_, data) => {
          const chosen = data.checkedItems[0]
          if (data.name === 'layout' && chosen)
            dispatch({ type: 'ui/layoutChosen', layout: chosen as LayoutName })
        }}
      >
        <MenuTrigger disableButtonEnhancement>
          {menuTriggerButton(<MoreHorizontal24Regular />, t('menu.more'), narrow)}
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <LiveMenuItems onStreamingUrls={() => setStreamsOpen(true)} />
            {canBoard && (
              <MenuItem onClick={() => dispatch({ type: 'ui/boardShareToggled', on: !boardOn })}>
                {boardOn ? t('menu.stopBoard') : t('menu.board')}
              </MenuItem>
            )}
            {canMuteAll && muteAll === MuteAll.off && (
              <MenuItem
                onClick={() => dispatch({ type: 'ui/muteAllClicked', mode: MuteAll.applyToSpeak })}
              >
                {t('menu.muteAllApply')}
              </MenuItem>
            )}
            {canLayout && (
              <>
                <MenuDivider />
                {LAYOUTS.map((name) => (
                  <MenuItemRadio key={name} name="layout" value={name}>
                    {t(`layouts.${name}`)}
                  </MenuItemRadio>
                ))}
                <MenuDivider />
              </>
            )}
            <MenuItem onClick={onDevices}>{t('menu.devices')}</MenuItem>
            <MenuItem onClick={onSettings}>{t('menu.settings')}</MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {roomId && streamsOpen && (
        <StreamingUrlsDialog
          roomId={roomId}
          liveOn={liveOn}
          people={people}
          open
          onClose={() => setStreamsOpen(false)}
        />
      )}
    </>
  )
}

export { MoreMenu as HostMenu }
