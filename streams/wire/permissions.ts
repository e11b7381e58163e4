import { Role, type RoleId } from './roles'

/**
 * Which role may do what (spec §6). Plain data: the client's selectors and the server's route
 * guards both read this table, so they can never disagree. Rules that also depend on state (a
 * conferee publishes only while enabled, [ROLE-4]; the board creator's rights, [ROLE-5]) are
 * applied on top by `streams/selectors/permissions.ts`.
 */
export const PERMISSIONS = {
  // host powers ([ROLE-2], [ROLE-3])
  muteAll: [Role.host],
  endMeeting: [Role.host],
  kick: [Role.host],
  setHost: [Role.host],
  cancelHost: [Role.host],
  setMainScreen: [Role.host],
  setLayout: [Role.host],
  shareBoard: [Role.host],
  grantBoard: [Role.host],
  grantMedia: [Role.host],
  invite: [Role.host],
  answerApplication: [Role.host],
  closeShareScreen: [Role.host],
  seeRecordingState: [Role.host],
  startRecording: [Role.host],
  countdown: [Role.host],
  refreshOnlineCount: [Role.host],
  /** Room settings: layout, live, recording, projections, quizzes, goods, streams. */
  manageRoom: [Role.host],
  // a host publishes; a conferee only while its audio or video is enabled ([ROLE-4])
  publishMedia: [Role.host, Role.conferee],
  shareScreen: [Role.host, Role.conferee],
  // conferee flows (spec §6)
  applyMedia: [Role.conferee],
  cancelBoardRequest: [Role.conferee, Role.host],
  // everyone in the room who talks
  sendChat: [Role.host, Role.conferee],
  sendBusiness: [Role.host, Role.conferee, Role.cdnAudience],
  answerQuestion: [Role.host, Role.conferee, Role.cdnAudience],
  like: [Role.host, Role.conferee, Role.cdnAudience],
} as const satisfies Record<string, readonly RoleId[]>

export type Action = keyof typeof PERMISSIONS

export function can(role: RoleId | number, action: Action): boolean {
  return (PERMISSIONS[action] as readonly number[]).includes(role)
}

/**
 * How each role treats some channel messages (spec §6 "Other rules"): the host ignores
 * watch-type changes and deleted projections; audiences ignore joined projections ([PROJ-4]);
 * non-hosts get the red-packet tools ([MSG-8]).
 */
export const ROLE_RULES = {
  ignoresWatchTypeChange: [Role.host],
  ignoresDeletedProjection: [Role.host],
  ignoresJoinedProjection: [Role.conferee, Role.cdnAudience],
  getsRedPacketTools: [Role.conferee, Role.cdnAudience, Role.projection],
} as const satisfies Record<string, readonly RoleId[]>

export type RoleRule = keyof typeof ROLE_RULES

export function follows(role: RoleId | number | undefined, rule: RoleRule): boolean {
  return role !== undefined && (ROLE_RULES[rule] as readonly number[]).includes(role)
}

/** What the board creator may do besides its role ([ROLE-5]). */
export const BOARD_CREATOR_ACTIONS = [
  'answerBoardApplication',
  'cancelBoardRequest',
  'endBoardShare',
  'writeBoard',
] as const
export type BoardCreatorAction = (typeof BOARD_CREATOR_ACTIONS)[number]
