import { Role, type RoleId } from './roles'

/**
 * Which role may do what (spec §6). Plain data: the client's selectors and the server's route
 * guards both read this table, so they can never disagree.
 */
export const PERMISSIONS = {
  // host powers (ROLE-2, ROLE-3)
  muteAll: [Role.host],
  endMeeting: [Role.host],
  kick: [Role.host],
  setHost: [Role.host],
  setMainScreen: [Role.host],
  grantBoard: [Role.host],
  grantMedia: [Role.host],
  invite: [Role.host],
  answerApplication: [Role.host],
  closeShareScreen: [Role.host],
  seeRecordingState: [Role.host],
  countdown: [Role.host],
  refreshOnlineCount: [Role.host],
  /** Room settings: layout, live, recording, projections, quizzes, goods, streams. */
  manageRoom: [Role.host],
  // conferee flows (spec §6)
  applyMedia: [Role.conferee],
  cancelBoardRequest: [Role.conferee, Role.host],
  // everyone in the room who talks
  sendChat: [Role.host, Role.conferee],
  like: [Role.host, Role.conferee, Role.cdnAudience],
} as const satisfies Record<string, readonly RoleId[]>

export type Action = keyof typeof PERMISSIONS

export function can(role: RoleId | number, action: Action): boolean {
  return (PERMISSIONS[action] as readonly number[]).includes(role)
}
