import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import type { RoomDetail } from '../ports/rest-types'
import type { RoomInfo } from '../wire/rest/room'
import { ROOM_STATE_ENDED } from '../wire/constants'
import { meIsHost } from './derive'
import type { Slices } from './state'
import type { Room, RoomState } from './state/room'
export type { Room, RoomState } from './state/room'

/** A copy with some fields replaced (undefined is no change); an object literal, fast to fold. */
export function withRoom(s: Room, p: Partial<Room>): Room {
  return {
    roomId: p.roomId === undefined ? s.roomId : p.roomId,
    roomUuid: p.roomUuid === undefined ? s.roomUuid : p.roomUuid,
    roomName: p.roomName === undefined ? s.roomName : p.roomName,
    roomType: p.roomType === undefined ? s.roomType : p.roomType,
    channelName: p.channelName === undefined ? s.channelName : p.channelName,
    state: p.state === undefined ? s.state : p.state,
    createUserId: p.createUserId === undefined ? s.createUserId : p.createUserId,
    createTime: p.createTime === undefined ? s.createTime : p.createTime,
    startTime: p.startTime === undefined ? s.startTime : p.startTime,
    playbackState: p.playbackState === undefined ? s.playbackState : p.playbackState,
    recordingState: p.recordingState === undefined ? s.recordingState : p.recordingState,
    audienceWatchType:
      p.audienceWatchType === undefined ? s.audienceWatchType : p.audienceWatchType,
    meetingTopic: p.meetingTopic === undefined ? s.meetingTopic : p.meetingTopic,
    publishingHost: p.publishingHost === undefined ? s.publishingHost : p.publishingHost,
  }
}

function fromInfo(info: RoomInfo | RoomDetail): Room {
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
    meetingTopic: 'meetingTopic' in info ? info.meetingTopic : 0,
    publishingHost: 0,
  }
}

export const roomProjection = defineProjection<RoomState, Event, Slices<'me'>>(null, {
  'rest/roomEntered': (_, e) => fromInfo(e.data.roomInfo),
  // [HOST-2] a refetched room replaces the base fields
  'rest/roomLoaded': (_, e) => fromInfo(e.room),
  'msg/roomInfoChanged': (room, { data }) =>
    room &&
    withRoom(room, {
      state: data.state ?? room.state,
      roomName: data.roomName ?? room.roomName,
      meetingTopic: data.meetingTopic ?? room.meetingTopic,
    }),
  'rest/roomStateUpdated': (room, e) => room && withRoom(room, { state: e.state }),
  'msg/recordingStateChanged': (room, e) =>
    room && withRoom(room, { recordingState: e.data.recordingState }),
  // [PROJ-4] the host ignores watch-type changes
  'msg/watchTypeChanged': (room, e, reads) =>
    room && !meIsHost(reads)
      ? withRoom(room, { audienceWatchType: e.data.audienceWatchType })
      : room,
  // [END-1] [LIVE-2] the room is in the ended state
  'life/ended': (room) => room && withRoom(room, { state: ROOM_STATE_ENDED }),
  // [EXIT-1] the room state resets to defaults
  'life/exited': () => null,
})
