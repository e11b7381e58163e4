import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { RoomExtras } from '../ports/rest-types'
import type { RoomInfo } from '../wire/rest/room'
import { ROOM_STATE_ENDED } from '../wire/constants'
import { Role } from '../wire/roles'
import type { State } from './state'

/** The room (spec §3 "Room (base)"). Conference fields live in `conference`. */
export interface Room {
  readonly roomId: string
  readonly roomUuid: string
  readonly roomName: string
  readonly roomType: number
  readonly channelName: string
  /** 0 ended, anything else active. */
  readonly state: number
  readonly createUserId: string
  readonly createTime: number
  readonly startTime: number
  readonly playbackState: number
  readonly recordingState: number
  readonly audienceWatchType: number
  readonly meetingTopic: number
  readonly publishingHost: number
}
export type RoomState = Room | null

function fromInfo(info: RoomInfo & Partial<RoomExtras>): Room {
  return {
    roomId: info.roomId,
    roomUuid: info.roomUuid,
    roomName: info.roomName,
    roomType: info.roomType,
    channelName: info.channelName,
    state: info.state,
    createUserId: info.createUserId,
    createTime: info.createTime,
    startTime: info.startTime,
    playbackState: info.playbackState,
    recordingState: info.recordingState,
    audienceWatchType: info.audienceWatchType,
    meetingTopic: info.meetingTopic ?? 0,
    publishingHost: info.publishingHost ?? 0,
  }
}

export const roomProjection = defineProjection<RoomState, Event, State>(null, {
  'rest/roomEntered': (_, e) => fromInfo(e.data.roomInfo),
  // [HOST-2] a refetched room replaces the base fields
  'rest/roomLoaded': (_, e) => fromInfo(e.room),
  'msg/roomInfoChanged': (room, { data }) =>
    room && {
      ...room,
      state: data.state ?? room.state,
      roomName: data.roomName ?? room.roomName,
      meetingTopic: data.meetingTopic ?? room.meetingTopic,
    },
  'rest/roomStateUpdated': (room, e) => room && { ...room, state: e.state },
  'msg/recordingStateChanged': (room, e) =>
    room && { ...room, recordingState: e.data.recordingState },
  // [PROJ-4] the host ignores watch-type changes
  'msg/watchTypeChanged': (room, e, root) =>
    room && root.me?.role !== Role.host
      ? { ...room, audienceWatchType: e.data.audienceWatchType }
      : room,
  // [END-1] [LIVE-2] the room is in the ended state
  'life/ended': (room) => room && { ...room, state: ROOM_STATE_ENDED },
  // [EXIT-1] the room state resets to defaults
  'life/exited': () => null,
})
