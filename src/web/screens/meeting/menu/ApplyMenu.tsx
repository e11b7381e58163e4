import {
  Menu,
  MenuDivider,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
} from '@fluentui/react-components'
import { HandRight24Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectCan, selectCanApplyToUnmute, selectCanCancelBoardRequest } from '@streams/selectors'
import { RequestType, type RequestTypeId } from '@streams/wire/peer'
import { useSelector, useSession } from '../../../session/context'
import { menuTriggerButton } from '../../../ui/menu-trigger'
import { MoreMenu } from './HostMenu'

const selectCanApply = (s: State) => selectCan(s, 'applyMedia')
const selectCanCancel = (s: State) => selectCanCancelBoardRequest(s)

/**
 * A conferee's requests ([APPLY-3]): ask for the microphone, the camera, chat or the
 * whiteboard, cancel a whiteboard request ([BOARD-11]), ask to speak under mute-all 2
 * ([MUTE-6]); and the "More" menu.
 */
export function ApplyMenu({
  narrow,
  onDevices,
  onSettings,
}: {
  narrow: boolean
  /** Without them, only the requests (the phone screen has no "More"). */
  onDevices?: () => void
  onSettings?: () => void
}) {
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const canApply = useSelector(selectCanApply)
  const canCancel = useSelector(selectCanCancel)
  const speakUnderMute = useSelector(selectCanApplyToUnmute)
  const apply = (requestType: RequestTypeId) => dispatch({ type: 'ui/applyClicked', requestType })
  return (
    <>
      {(canApply || speakUnderMute) && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            {menuTriggerButton(<HandRight24Regular />, t('menu.apply'), narrow)}
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem onClick={() => apply(RequestType.audio)}>{t('menu.applyAudio')}</MenuItem>
              {canApply && (
                <>
                  <MenuItem onClick={() => apply(RequestType.video)}>
                    {t('menu.applyVideo')}
                  </MenuItem>
                  <MenuItem onClick={() => apply(RequestType.chat)}>{t('menu.applyChat')}</MenuItem>
                  <MenuItem onClick={() => apply(RequestType.board)}>
                    {t('menu.applyBoard')}
                  </MenuItem>
                </>
              )}
              {canCancel && (
                <>
                  <MenuDivider />
                  <MenuItem onClick={() => dispatch({ type: 'ui/applyCancelled' })}>
                    {t('menu.cancelBoardRequest')}
                  </MenuItem>
                </>
              )}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
      {onDevices && onSettings && (
        <MoreMenu narrow={narrow} onDevices={onDevices} onSettings={onSettings} />
      )}
    </>
  )
}
