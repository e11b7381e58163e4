import type { JoinForm } from '../wire/join-form'
import type { MuteAllId, BusinessType, LiveStateId } from '../wire/constants'
import type { RequestActionId, RequestTypeId } from '../wire/peer'
import type { DeviceKind } from '../wire/media'
import type { LayoutName } from '../wire/video'
import type { ScreenPreset } from '../wire/media'

/** What the user did, as facts. The UI only dispatches these; it holds no rule of its own. */
export type UiEvent =
  | { readonly type: 'ui/joinSubmitted'; readonly form: JoinForm }
  | { readonly type: 'ui/chatSubmitted'; readonly text: string }
  | { readonly type: 'ui/leaveClicked' }
  /** Retry after the connection was lost. */
  | { readonly type: 'ui/reconnectClicked' }
  /** The page was reloaded in a room this tab was in: go back in as the same member. */
  | { readonly type: 'ui/reloadedInRoom'; readonly roomId: string }
  | { readonly type: 'ui/sessionLogExported' }
  /** "Report a problem": the log, with this note, is being sent to support staff. */
  | { readonly type: 'ui/problemReported'; readonly note: string }
  // host moderation ([ROLE-2])
  /** Toggles mute-all ([MUTE-5]); `mode` picks forced (1, default) or apply-to-speak (2). */
  | { readonly type: 'ui/muteAllClicked'; readonly mode?: Exclude<MuteAllId, 0> }
  | { readonly type: 'ui/endMeetingClicked' }
  | { readonly type: 'ui/kickClicked'; readonly uid: string }
  | { readonly type: 'ui/setHostClicked'; readonly uid: string }
  | { readonly type: 'ui/mainScreenChosen'; readonly uid: string }
  | { readonly type: 'ui/layoutChosen'; readonly layout: LayoutName }
  | { readonly type: 'ui/boardShareToggled'; readonly on: boolean }
  | { readonly type: 'ui/boardGrantToggled'; readonly uid: string; readonly grant: boolean }
  | {
      readonly type: 'ui/userMediaToggled'
      readonly uid: string
      readonly kind: 'audio' | 'video' | 'chat'
      readonly on: boolean
    }
  | { readonly type: 'ui/closeShareClicked'; readonly uid: string }
  | { readonly type: 'ui/inviteClicked'; readonly uid: string; readonly requestType: RequestTypeId }
  | { readonly type: 'ui/recordingToggled'; readonly on: boolean }
  /** The room's recordings list was opened (or asked again). */
  | { readonly type: 'ui/recordingsOpened' }
  /**
   * A CDN audience picks what its player plays: a language stream (its streamId) or the room's
   * own stream ('') (spec §3 CDN language stream info).
   */
  | { readonly type: 'ui/liveLanguageChosen'; readonly streamId: string }
  /**
   * A member in the meeting picks what it hears (interpretation): the original sound ('', the
   * interpreters silent) or an interpreted language (its streamId: its interpreter, the room
   * lowered under them).
   */
  | { readonly type: 'ui/interpretationChosen'; readonly streamId: string }
  /** The host starts (LIVING), pauses or ends the live broadcast ([LIVE-1]). */
  | { readonly type: 'ui/liveStateChosen'; readonly liveState: LiveStateId }
  // everyone
  | { readonly type: 'ui/mediaToggled'; readonly kind: 'audio' | 'video'; readonly on: boolean }
  | {
      readonly type: 'ui/screenShareToggled'
      readonly on: boolean
      readonly preset?: ScreenPreset['name']
    }
  | { readonly type: 'ui/applyClicked'; readonly requestType: RequestTypeId }
  /** Withdraws my board request, or (the creator) one it received ([BOARD-10]). */
  | { readonly type: 'ui/applyCancelled'; readonly uid?: string }
  /** Answers an application (approver) or an invitation (invitee) ([APPLY-2]). */
  | {
      readonly type: 'ui/requestAnswered'
      readonly uid: string
      readonly requestType: RequestTypeId
      readonly invite: boolean
      readonly action: RequestActionId
    }
  | { readonly type: 'ui/likeClicked' }
  | { readonly type: 'ui/businessSent'; readonly kind: BusinessType; readonly targetName?: string }
  /** My answer to the question asked: one label, or several for a multiple choice. */
  | {
      readonly type: 'ui/answerSubmitted'
      readonly questionId: string
      readonly answer: readonly string[]
    }
  | { readonly type: 'ui/inactiveStayClicked' }
  | { readonly type: 'ui/deviceChosen'; readonly kind: DeviceKind; readonly deviceId: string }
  | { readonly type: 'ui/noiseReductionToggled'; readonly on: boolean }
  | { readonly type: 'ui/fullscreenShareToggled'; readonly on: boolean }
  | { readonly type: 'ui/maximiseToggled' }
  | { readonly type: 'ui/boardPageChosen'; readonly index: number }
  // boxes the UI shows from the ui projection
  | { readonly type: 'ui/dialogClosed'; readonly id: number; readonly confirmed: boolean }
  | { readonly type: 'ui/toastClosed'; readonly id: number }
  /** The screen followed a due redirect. */
  | { readonly type: 'ui/redirected'; readonly id: number }
