import type { EntryAnswerData } from '../wire/rest/room'
import type { Member } from '../wire/member'
import type { Flag } from '../wire/roles'
import type { MuteAllId } from '../wire/constants'
import type { LayoutName, PositionType } from '../wire/video'
import type {
  LiveSetting,
  MediaFlag,
  Playback,
  Recording,
  RequestAnswer,
  RoomDetail,
} from '../ports/rest-types'
import type { RequestTypeId } from '../wire/peer'
import type { RestCall, RestCallRecord } from '../ports/rest'

/**
 * Outcomes of the REST calls the client makes: one success fact per call, and one failure fact
 * naming the call. Secrets inside (tokens) are redacted by the recorder.
 */
export type RestEvent =
  | { readonly type: 'rest/roomEntered'; readonly data: EntryAnswerData }
  | {
      readonly type: 'rest/roomEntryFailed'
      readonly message: string
      readonly field?: string
      readonly reason?: string
      readonly code?: number
    }
  /**
   * The server is admitting a crowd and answered busy (1007): the entry is tried again after
   * `delayMs` with the answer's ticket (kept out of the log), which holds the place in line.
   */
  | { readonly type: 'rest/roomEntryBusy'; readonly attempt: number; readonly delayMs: number }
  | { readonly type: 'rest/usersLoaded'; readonly users: readonly Member[]; readonly total: number }
  /**
   * The roster as the server holds it now, after a reconnection. When the list is whole (every
   * page read, each after the last member of the one before, or one page holding the room), it
   * carries `arrived`, and the members it misses that are not among them left during the gap. A
   * log from before `arrived` judges a one-page list whole when `users.length >= total`.
   */
  | {
      readonly type: 'rest/rosterResynced'
      readonly users: readonly Member[]
      readonly total: number
      /**
       * The members told arriving, or moving in the list's order (a role change), while the list
       * was read: a read may pass them by, so missing from the list does not make them gone.
       */
      readonly arrived?: readonly string[]
      /** The members told leaving while the list was read: a page read before may list them. */
      readonly left?: readonly string[]
      /**
       * The list is not the whole room (pages left unread; in older logs, pages read by number,
       * between which members came and went): nobody is judged gone for missing from it.
       */
      readonly paged?: true
    }
  | {
      readonly type: 'rest/roomLoaded'
      readonly room: RoomDetail
      readonly user?: Member
    }
  | { readonly type: 'rest/boardLoaded'; readonly boardId: string; readonly boardToken: string }
  | {
      readonly type: 'rest/userMediaUpdated'
      readonly uid: string
      readonly flag: MediaFlag
      readonly value: Flag
    }
  | { readonly type: 'rest/boardGrantUpdated'; readonly uid: string; readonly grant: Flag }
  | { readonly type: 'rest/shareBoardUpdated'; readonly value: Flag }
  | { readonly type: 'rest/screenShareUpdated'; readonly uid: string; readonly value: Flag }
  | { readonly type: 'rest/roomExited' }
  | { readonly type: 'rest/userKicked'; readonly uid: string }
  | { readonly type: 'rest/roomStateUpdated'; readonly state: number }
  | { readonly type: 'rest/hostSet'; readonly oldHostUid: string; readonly newHostUid: string }
  | {
      readonly type: 'rest/tokenRefreshed'
      readonly rtcToken: string
      readonly rtmToken: string
      readonly screenToken: string
    }
  | { readonly type: 'rest/usersAmountLoaded'; readonly usersAmount: number }
  | { readonly type: 'rest/onlineCountUpdated'; readonly count: number }
  | { readonly type: 'rest/hotNumLoaded'; readonly hotNum: number }
  | { readonly type: 'rest/inactiveRemoved' }
  | { readonly type: 'rest/mainScreenSet'; readonly mainScreenUid: string }
  | {
      readonly type: 'rest/layoutUpdated'
      readonly layout: LayoutName
      readonly positions: readonly { readonly uid: string; readonly type: PositionType }[]
      readonly largeUid: string
    }
  | { readonly type: 'rest/muteAllUpdated'; readonly muteAllAudio: MuteAllId }
  | { readonly type: 'rest/liveSettingLoaded'; readonly setting: LiveSetting }
  | { readonly type: 'rest/playbackLoaded'; readonly playback: Playback }
  /**
   * An invitation or application went through the server (local mode), which delivered the
   * peer message itself: like 'peer/sent', from the REST answer.
   */
  | {
      readonly type: 'rest/requestSent'
      readonly invite: boolean
      readonly requestType: RequestTypeId
      readonly action: 1 | 2 | 3
      /** The applicant I answered, when I answered one. */
      readonly answered?: string
      readonly answer: RequestAnswer
    }
  | { readonly type: 'rest/recordStateUpdated'; readonly state: number }
  /** Minutes left before the room's time limit; null: the room has none. */
  | { readonly type: 'rest/surplusLoaded'; readonly minutes: number | null }
  | { readonly type: 'rest/liked'; readonly likeTotal: number }
  | {
      readonly type: 'rest/projectionUsersLoaded'
      readonly projectionId: string
      readonly uids: readonly string[]
    }
  | { readonly type: 'rest/recordingStarted'; readonly startedAt: number }
  | { readonly type: 'rest/recordingStopped' }
  | { readonly type: 'rest/recordingsLoaded'; readonly recordings: readonly Recording[] }
  | ({ readonly type: 'rest/called' } & RestCallRecord)
  | {
      readonly type: 'rest/callFailed'
      readonly call: RestCall
      readonly message: string
      /** The body code when the server answered one (10011 / 20003: not logged in, [API-2]). */
      readonly code?: number
      readonly status?: number
    }
