import type { Event } from '@streams/events'
import { initialState, reduce, type State } from '@streams/projections'
import type { DeviceInfo } from '@streams/wire/media'
import type { Member } from '@streams/wire/member'
import type { EntryAnswerData, Me, RoomInfo } from '@streams/wire/rest/room'
import type { LanguageStream, LiveSetting, RoomDetail } from '@streams/ports/rest-types'
import { placeholder } from '@streams/projections/member-record'
import { channelMessage, type ChannelData, type CmdId } from '@streams/wire/channel'
import { decodeChannelText } from '@streams/codecs/channel'

/** Test data: rooms, members and states built by folding real events. */

export function member(uid: string, over: Partial<Member> = {}): Member {
  return {
    ...placeholder('r1', uid),
    userId: `user-${uid}`,
    userName: `Name ${uid}`,
    userUuid: `uuid-${uid}`,
    ...over,
  }
}

export function roomInfo(over: Partial<RoomInfo> = {}): RoomInfo {
  return {
    roomId: 'r1',
    roomUuid: 'room-uuid-1',
    roomName: 'Room one',
    roomType: 1,
    channelName: 'ch1',
    state: 1,
    createUserId: 'user-100',
    createTime: 0,
    startTime: 0,
    muteAllChat: 0,
    muteAllAudio: 0,
    shareBoard: 0,
    shareScreen: 0,
    createBoardUserId: '0',
    mainScreenUid: '',
    layout: 'p_all_1',
    liveState: 0,
    playbackState: 0,
    recordingState: 0,
    audienceWatchType: 1,
    ...over,
  }
}

/** The whole room as GET room/{roomId} answers it. */
export function roomDetail(over: Partial<RoomDetail> = {}): RoomDetail {
  return {
    ...roomInfo(),
    remark: '',
    tools: '',
    updateTime: 0,
    endTime: null,
    liveOpen: 0,
    introduceOpen: 0,
    converterMob: '',
    liveCdnType: 0,
    pcCoverImage: '',
    mobCoverImage: '',
    meetingTopic: 0,
    boardId: '',
    replacedHostUid: '',
    showLuckyMoney: 0,
    onlineUsers: 2,
    totalPeople: 3,
    hosts: ['100'],
    hotNum: 0,
    likeTotal: 0,
    ...over,
  }
}

/** One language's stream of a live setting ('' everywhere but its id, type and name). */
export function languageStream(
  over: Partial<LanguageStream> & { streamId: string },
): LanguageStream {
  return {
    languageType: over.streamId,
    languageName: over.streamId.toUpperCase(),
    languageIcon: '',
    languageIconActive: '',
    pullUrl: '',
    pushUrl: '',
    interpreterUid: '',
    liveUrl: '',
    ...over,
  }
}

/** The live setting as GET room/{roomId}/live/setting answers it: not live, no languages. */
export function liveSetting(over: Partial<LiveSetting> = {}): LiveSetting {
  return {
    roomId: 'r1',
    roomUuid: 'room-uuid-1',
    liveState: 0,
    liveOpen: 0,
    introduceOpen: 0,
    introduce: '',
    audienceWatchType: 1,
    liveCdnType: 0,
    pcCoverImage: '',
    mobCoverImage: '',
    backgroundImages: [],
    streamingUrls: [],
    liveUrl: '',
    liveAvailable: 1,
    liveUnavailableReason: '',
    ...over,
  }
}

export function me(uid: string, over: Partial<Me> = {}): Me {
  return {
    uid,
    userId: `user-${uid}`,
    userName: `Name ${uid}`,
    userUuid: `uuid-${uid}`,
    userPhoto: '',
    role: 2,
    enableAudio: 0,
    enableVideo: 0,
    enableChat: 1,
    grantBoard: 0,
    grantScreen: 0,
    screenId: '',
    roomName: 'Room one',
    roomUuid: 'room-uuid-1',
    appID: 'app',
    rtmToken: 'rtm-secret',
    rtcToken: 'rtc-secret',
    screenToken: 'screen-secret',
    ...over,
  }
}

export function entry(self: Me, room: RoomInfo = roomInfo()): EntryAnswerData {
  return { me: self, roomInfo: room }
}

export function fold(state: State, ...events: Event[]): State {
  return events.reduce(reduce, state)
}

export interface RoomSetup {
  /** My uid and fields (role 2 by default). */
  readonly me?: Partial<Me> & { uid?: string }
  readonly room?: Partial<RoomInfo>
  /** Other members (hosts and audiences). */
  readonly members?: readonly Member[]
  readonly mobile?: boolean
}

/**
 * A state in a room: the app started, entry answered, channel joined, members loaded.
 * By default I am conferee '200', '100' is the host and '300' another conferee.
 */
export function inRoom(setup: RoomSetup = {}): State {
  const self = me(setup.me?.uid ?? '200', setup.me)
  const members = setup.members ?? [member('100', { role: 1 }), member('300')]
  return fold(
    initialState,
    { type: 'life/appStarted', mobile: setup.mobile ?? false, mode: 'local' },
    { type: 'rest/roomEntered', data: entry(self, roomInfo(setup.room)) },
    {
      type: 'rtm/channelJoined',
      channel: 'ch1',
      members: [self.uid, ...members.map((m) => m.uid)],
    },
    { type: 'life/entered', roomId: 'r1', uid: self.uid },
    { type: 'rest/usersLoaded', users: members, total: members.length },
  )
}

/** A state where I am the host '100' and '200', '300' are conferees. */
export function asHost(setup: Omit<RoomSetup, 'me'> & { me?: Partial<Me> } = {}): State {
  return inRoom({
    ...setup,
    me: { uid: '100', role: 1, ...setup.me },
    members: setup.members ?? [member('200'), member('300')],
  })
}

/** A channel message of command `cmd` as the messaging layer delivers it, decoded. */
export function msg<C extends CmdId>(cmd: C, data: ChannelData<C>, from = 'server'): Event {
  return decodeChannelText(JSON.stringify(channelMessage(cmd, data, 1000)), from)
}

/** The actor fields of a message from the host '100'. */
export const byHost = { userId: 'user-100', userName: 'Name 100' }

/** A peer message (an application or an invitation) from `uid`. */
export const peerIn = (
  type: 'peer/applyReceived' | 'peer/inviteReceived',
  uid: string,
  data: Record<string, unknown>,
): Event =>
  ({
    type,
    from: uid,
    timestamp: 1,
    data: { userId: `user-${uid}`, userName: `Name ${uid}`, uid, ...data },
  }) as Event

/** A microphone and a camera, listed; the media joined. */
export const mic: DeviceInfo = { deviceId: 'mic1', label: 'Built-in mic', kind: 'microphone' }
export const cam: DeviceInfo = { deviceId: 'cam1', label: 'Built-in camera', kind: 'camera' }
export const withDevices = (s: State) =>
  fold(
    s,
    { type: 'device/listChanged', devices: [mic, cam] },
    { type: 'rtc/joined', uid: s.me?.uid ?? '' },
  )
