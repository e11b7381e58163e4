import { Type, type Static } from '@sinclair/typebox'

/**
 * Control codes ([APPLY-6]). The spec gives the ranges; the names of the single codes inside a
 * range are this project's (documented in docs/events.md). A user-state message (cmd 4) may carry
 * one, so the target's screen can say what happened ("the host turned your microphone off").
 */
export const ControlCode = {
  // mute or unmute audio and video: 101-104
  muteAudio: 101,
  unmuteAudio: 102,
  muteVideo: 103,
  unmuteVideo: 104,
  // co-video: 105-108
  coVideoInvite: 105,
  coVideoAccept: 106,
  coVideoReject: 107,
  coVideoEnd: 108,
  // chat: 110
  chat: 110,
  // apply audio or video: 111-115
  applyAudio: 111,
  applyVideo: 112,
  applyAccepted: 113,
  applyRejected: 114,
  applyCancelled: 115,
  // board: 200 and 201
  boardGrant: 200,
  boardRevoke: 201,
  // lock: 301 and 302
  lock: 301,
  unlock: 302,
  // course: 401 and 402
  courseStart: 401,
  courseEnd: 402,
  // mute all chat: 501 and 502
  muteAllChat: 501,
  unmuteAllChat: 502,
} as const
export type ControlCodeName = keyof typeof ControlCode
export type ControlCodeId = (typeof ControlCode)[ControlCodeName]

export const CONTROL_CODES: readonly ControlCodeId[] = Object.values(ControlCode)

export const ControlCodeSchema = Type.Union(CONTROL_CODES.map((code) => Type.Literal(code)))
export type ControlCodeValue = Static<typeof ControlCodeSchema>
