import type { Flag } from '../wire/roles'
import type { Member } from '../wire/member'
import type { RoomInfo } from '../wire/rest/room'
import type { LayoutName, PositionType } from '../wire/video'

/**
 * Answer and payload shapes of REST calls whose schemas are not (yet) in `streams/wire/rest/`
 * (the server's side of the contract). Each is the shape the client needs; when the server
 * publishes a schema, its `Static<>` type replaces the one here.
 */

/** Room fields the spec names beyond `RoomInfo` (spec §3 Room and Conference state). */
export interface RoomExtras {
  /** The live-open flag ([OPEN-1]). */
  readonly openLive: Flag
  /** A host is publishing (a CDN audience with a publishing host is not on CDN watch, [MSG-5]). */
  readonly publishingHost: Flag
  readonly meetingTopic: number
  readonly converterMob: Flag
  readonly totalPeople: number
  readonly onlineUsers: number
  readonly replacedHostUid: string
  readonly showLuckyMoney: Flag
  readonly boardId: string
  readonly endTime: number
}

/** `GET room/{roomId}`: the room, and my member entry when a uid is given. */
export interface RoomAnswer {
  readonly room: RoomInfo & Partial<RoomExtras>
  readonly user?: Member
}

/** `GET room/{roomId}/board`. */
export interface BoardCredentials {
  readonly boardId: string
  readonly boardToken: string
}

/** `POST room/{roomId}/token/refresh` ([API-4]). */
export interface TokenSet {
  readonly rtcToken: string
  readonly rtmToken: string
  readonly screenToken: string
}

/** One CDN play URL of the live-URL list ([ENTRY-3]), with its language stream info. */
export interface LiveUrl {
  readonly url: string
  readonly languageType?: string
  readonly languageName?: string
  readonly languageIcon?: string
  readonly languageIconActive?: string
}

/** One recording of the playback list ([ENTRY-4], [REC-3]); status indexes RECORDING_STATUS. */
export interface PlaybackItem {
  readonly id: string
  readonly uploadedVideoUrl: string
  readonly status: number
  readonly startTime?: number
}

/** The per-user media flag a REST update sets (spec §7 "Update user media state"). */
export type MediaFlag = 'enableAudio' | 'enableVideo' | 'enableChat' | 'grantBoard'

/** `POST meeting/room/layout/update` (spec §7 "Update layout"). */
export interface LayoutUpdate {
  readonly roomUuid: string
  readonly channelName: string
  readonly layout: LayoutName
  readonly infoTypeVoList: readonly { readonly uid: string; readonly type: PositionType }[]
  readonly largeUid: string
  readonly typeOfCDN: number
}

/** Send answer state (spec §7). */
export interface AnswerState {
  readonly roomId: string
  readonly answerName: string
  readonly answerState: 3
  readonly questionId: string
  readonly questionSimpleOrder: number
  readonly showTime: number
  readonly standingSecond: number
}
