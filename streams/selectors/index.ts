import { createSelector } from 'reselect'
import type { State } from '../projections'
import { chatMessage, type ChatMessage } from '../projections/chat'
import { TOPICS, RECORDING_STATUS, type RecordingStatus } from '../wire/constants'

export * from './entry'
export * from './members'
export * from './permissions'
export * from './publish'
export * from './video'
export * from './interpretation'
export { isLiveOn as selectLiveOn } from '../projections/derive'

export const selectPhase = (s: State) => s.session.phase
export const selectEntryError = (s: State) => s.session.entryError
export const selectOnlineCount = (s: State) => s.session.onlineCount
export const selectMe = (s: State) => s.me
export const selectRoom = (s: State) => s.room
export const selectConference = (s: State) => s.conference
export const selectDialogs = (s: State) => s.ui.dialogs
export const selectToasts = (s: State) => s.ui.toasts
export const selectRedirect = (s: State) => s.ui.redirect

/**
 * The connection notice in a room: 'reconnecting' during the gap, 'lost' once every attempt
 * failed (with a retry), 'tooManyConnections' when the service refused more connections (a
 * retry once the user closed some), else null.
 */
export function selectConnectionNotice(
  s: State,
): 'reconnecting' | 'lost' | 'tooManyConnections' | null {
  const reconnect = s.session.reconnect
  if (!reconnect || s.session.phase !== 'inRoom') return null
  if (reconnect.reason === 'tooManyConnections') return 'tooManyConnections'
  return reconnect.lost ? 'lost' : 'reconnecting'
}

/** In a room whose media server (local mode's SFU) is unavailable: audio and video wait for it. */
export function selectMediaServerDown(s: State): boolean {
  return s.media.serverDown && s.session.phase === 'inRoom'
}

/** How many chat lines the chat panel shows (the newest). */
export const CHAT_VISIBLE = 200

/** The newest chat lines, oldest first (the whole chat stays in the state). */
export const selectChatMessages: (s: State) => readonly ChatMessage[] = createSelector(
  [(s: State) => s.chat],
  (chat): readonly ChatMessage[] => chat.messages.slice(-CHAT_VISIBLE).map(chatMessage),
)
export const selectChatCount = (s: State) => s.chat.messages.size

/** [MSG-11] The meeting topic: 0 and 1 are base, 2 is newYear. */
export function selectTopic(s: State): 'base' | 'newYear' {
  return TOPICS[s.room?.meetingTopic ?? 0] ?? 'base'
}

/** [REC-3] A playback item's status string. */
export function recordingStatusText(status: number): RecordingStatus | undefined {
  return RECORDING_STATUS[status]
}
