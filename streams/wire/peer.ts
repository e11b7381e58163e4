import { Type, type Static } from '@sinclair/typebox'
import { PROTOCOL_VERSION } from './constants'
import { ControlCodeSchema } from './control'
import { FlagSchema } from './roles'

/** Peer message commands ([APPLY-5]): 1 invite, 2 apply, 4 user state. */
export const PeerCmd = { invite: 1, apply: 2, userState: 4 } as const
export type PeerCmdId = (typeof PeerCmd)[keyof typeof PeerCmd]

/** What is asked for ([APPLY-1]): audio 1, video 2, board 3, chat 4. */
export const RequestType = { audio: 1, video: 2, board: 3, chat: 4 } as const
export type RequestTypeId = (typeof RequestType)[keyof typeof RequestType]

/** The answer ([APPLY-1]): accept 1, reject 2. */
export const RequestAction = { accept: 1, reject: 2 } as const
export type RequestActionId = (typeof RequestAction)[keyof typeof RequestAction]

/**
 * The receiver's part in the exchange ([APPLY-1]): Approver 1 (you are asked to decide),
 * Applicant 2 (here is the answer to your request or invitation), Notice 3 (for your
 * information: a cancelled request, or your state changed).
 */
export const PeerRole = { approver: 1, applicant: 2, notice: 3 } as const
export type PeerRoleId = (typeof PeerRole)[keyof typeof PeerRole]

export const RequestTypeSchema = Type.Union([
  Type.Literal(1),
  Type.Literal(2),
  Type.Literal(3),
  Type.Literal(4),
])
export const RequestActionSchema = Type.Union([Type.Literal(1), Type.Literal(2)])
export const PeerRoleSchema = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)])

/**
 * The data of every peer message: the sender (userId, userName, uid), what it is about (type),
 * the receiver's part (role) and, in an answer, the action. A user-state notice (cmd 4) also
 * carries the new flag value and may carry a control code.
 */
export const PeerDataSchema = Type.Object({
  userId: Type.String({ minLength: 1 }),
  userName: Type.String(),
  /** The sender's uid in the room. */
  uid: Type.String({ minLength: 1 }),
  type: RequestTypeSchema,
  role: PeerRoleSchema,
  action: Type.Optional(RequestActionSchema),
  /** cmd 4: the new value of the flag `type` names. */
  value: Type.Optional(FlagSchema),
  code: Type.Optional(ControlCodeSchema),
})
export type PeerData = Static<typeof PeerDataSchema>

export const PeerMessageSchema = Type.Object({
  cmd: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(4)]),
  version: Type.Integer(),
  timestamp: Type.Number(),
  data: PeerDataSchema,
})
export type PeerMessage = Static<typeof PeerMessageSchema>

/** The reason a peer message is refused before it is sent ([MSG-2]). */
export const PEER_BAD_PARAMS = 'sending peer message failed, bad params'

/** Builds a peer message with the protocol version. */
export function peerMessage(cmd: PeerCmdId, data: PeerData, timestamp: number): PeerMessage {
  return { cmd, version: PROTOCOL_VERSION, timestamp, data }
}
