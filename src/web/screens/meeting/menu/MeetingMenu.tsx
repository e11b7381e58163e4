import { createSelector } from 'reselect'
import { makeStyles, tokens } from '@fluentui/react-components'
import {
  CallEnd24Regular,
  Chat24Regular,
  Mic24Regular,
  MicOff24Regular,
  People24Regular,
  PersonAdd24Regular,
  ShareScreenStart24Regular,
  ShareScreenStop24Regular,
  SignOut24Regular,
  SpeakerMute24Regular,
  Speaker224Regular,
  Video24Regular,
  VideoOff24Regular,
} from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectCan } from '@streams/selectors'
import { MuteAll } from '@streams/wire/constants'
import { Role } from '@streams/wire/roles'
import { BusinessMenu } from '../../../business/BusinessMenu'
import { InputsButton } from '../../../live/InputsButton'
import { InterpretationButton } from '../../../live/InterpretationButton'
import { RecordingMenuButton } from '../../../live/RecordingMenuButton'
import { useSelector, useSession } from '../../../session/context'
import { ApplyMenu } from './ApplyMenu'
import { HostMenu } from './HostMenu'
import { MenuButton } from './MenuButton'

export type Drawer = 'chat' | 'members'

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '4px',
    padding: '6px 8px',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  spacer: { flexGrow: 1 },
})

interface MenuView {
  readonly role: number
  readonly audio: boolean
  readonly video: boolean
  readonly sharing: boolean
  readonly muteAll: number
  readonly canMuteAll: boolean
  readonly canEnd: boolean
}

/** One object per distinct view (reselect's cache is keyed by the inputs, not one slot per page). */
const selectMenu: (s: State) => MenuView = createSelector(
  [
    (s: State) => s.me?.role ?? Role.conferee,
    (s: State) => s.me?.enableAudio === 1,
    (s: State) => s.me?.enableVideo === 1,
    (s: State) => (s.me ? s.users.shareScreenUsers.has(s.me.uid) : false),
    (s: State) => s.conference.muteAllAudio,
    (s: State) => selectCan(s, 'muteAll'),
    (s: State) => selectCan(s, 'endMeeting'),
  ],
  (role, audio, video, sharing, muteAll, canMuteAll, canEnd): MenuView => ({
    role,
    audio,
    video,
    sharing,
    muteAll,
    canMuteAll,
    canEnd,
  }),
)

/**
 * The meeting menu: audio, video, screen share, chat, members, invite, mute all or unmute all,
 * end meeting, leave meeting (spec §2), plus the host's and the conferee's menus. Every button
 * is an event for the core, or opens a drawer.
 */
export function MeetingMenu({
  narrow,
  drawers,
  onDrawer,
  onInvite,
  onDevices,
  onSettings,
  onEnd,
}: {
  narrow: boolean
  drawers: ReadonlySet<Drawer>
  onDrawer: (drawer: Drawer) => void
  onInvite: () => void
  onDevices: () => void
  onSettings: () => void
  onEnd: () => void
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const view = useSelector(selectMenu)
  const publishes = view.role === Role.host || view.role === Role.conferee

  return (
    <nav className={styles.bar} aria-label={t('menu.label')}>
      {publishes && (
        <>
          <MenuButton
            narrow={narrow}
            label={t('menu.audio')}
            icon={view.audio ? <Mic24Regular /> : <MicOff24Regular />}
            pressed={view.audio}
            onClick={() => dispatch({ type: 'ui/mediaToggled', kind: 'audio', on: !view.audio })}
          />
          <MenuButton
            narrow={narrow}
            label={t('menu.video')}
            icon={view.video ? <Video24Regular /> : <VideoOff24Regular />}
            pressed={view.video}
            onClick={() => dispatch({ type: 'ui/mediaToggled', kind: 'video', on: !view.video })}
          />
          <MenuButton
            narrow={narrow}
            label={t('menu.screenShare')}
            icon={view.sharing ? <ShareScreenStop24Regular /> : <ShareScreenStart24Regular />}
            pressed={view.sharing}
            onClick={() => dispatch({ type: 'ui/screenShareToggled', on: !view.sharing })}
          />
        </>
      )}
      {publishes && <RecordingMenuButton narrow={narrow} />}
      {publishes && <InputsButton narrow={narrow} />}
      <InterpretationButton narrow={narrow} />
      <MenuButton
        narrow={narrow}
        label={t('menu.chat')}
        icon={<Chat24Regular />}
        pressed={drawers.has('chat')}
        onClick={() => onDrawer('chat')}
      />
      <MenuButton
        narrow={narrow}
        label={t('menu.members')}
        icon={<People24Regular />}
        pressed={drawers.has('members')}
        onClick={() => onDrawer('members')}
      />
      <MenuButton
        narrow={narrow}
        label={t('menu.invite')}
        icon={<PersonAdd24Regular />}
        onClick={onInvite}
      />
      {view.canMuteAll &&
        (view.muteAll === MuteAll.off ? (
          <MenuButton
            narrow={narrow}
            label={t('menu.muteAll')}
            icon={<SpeakerMute24Regular />}
            onClick={() => dispatch({ type: 'ui/muteAllClicked', mode: MuteAll.forced })}
          />
        ) : (
          <MenuButton
            narrow={narrow}
            label={t('menu.unmuteAll')}
            icon={<Speaker224Regular />}
            onClick={() => dispatch({ type: 'ui/muteAllClicked' })}
          />
        ))}
      <BusinessMenu narrow={narrow} />
      {view.role === Role.host ? (
        <HostMenu narrow={narrow} onDevices={onDevices} onSettings={onSettings} />
      ) : (
        <ApplyMenu narrow={narrow} onDevices={onDevices} onSettings={onSettings} />
      )}
      {view.canEnd && (
        <MenuButton
          narrow={narrow}
          label={t('menu.endMeeting')}
          icon={<CallEnd24Regular />}
          danger
          onClick={onEnd}
        />
      )}
      <MenuButton
        narrow={narrow}
        label={t('menu.leaveMeeting')}
        icon={<SignOut24Regular />}
        primary
        onClick={() => dispatch({ type: 'ui/leaveClicked' })}
      />
    </nav>
  )
}
