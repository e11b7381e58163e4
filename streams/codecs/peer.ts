import { assertNever } from '../core/assert-never'
import type { Event } from '../events'
import {
  PEER_BAD_PARAMS,
  PeerCmd,
  PeerDataSchema,
  PeerMessageSchema,
  peerMessage,
  type PeerCmdId,
  type PeerData,
} from '../wire/peer'
import { PROTOCOL_VERSION } from '../wire/constants'
import { compile } from '../wire/validate'
import { dropped, MISMATCHED, schemaReason } from './channel'

const message = compile(PeerMessageSchema)
const peerData = compile(PeerDataSchema)

/**
 * Decodes a peer message text from `from` ([APPLY-5]): cmd 1 invite, 2 apply, 4 user state.
 * Another version is ignored ([MSG-1]); an unknown cmd is 'Received Mismatched Message'; bad
 * data is dropped with the reason ([MSG-6]).
 */
export function decodePeerText(text: string, from: string): Event {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return dropped(from, 'not JSON', undefined, 'peer')
  }
  if (typeof raw !== 'object' || raw === null || !('cmd' in raw) || raw.cmd === undefined)
    return dropped(from, 'missing command', undefined, 'peer')
  const cmd = typeof raw.cmd === 'number' ? raw.cmd : undefined
  if ('version' in raw && raw.version !== PROTOCOL_VERSION)
    return dropped(from, `version ${String(raw.version)} ignored`, cmd, 'peer')
  if (cmd !== PeerCmd.invite && cmd !== PeerCmd.apply && cmd !== PeerCmd.userState)
    return dropped(from, MISMATCHED, cmd, 'peer')
  if (!message.check(raw)) {
    const error = message.firstError(raw)
    const reason = error?.startsWith('/data/uid:')
      ? 'missing uid'
      : schemaReason('peer message', error)
    return dropped(from, reason, cmd, 'peer')
  }
  const { timestamp, data } = raw
  const known: PeerCmdId = raw.cmd
  switch (known) {
    case PeerCmd.invite:
      return { type: 'peer/inviteReceived', from, timestamp, data }
    case PeerCmd.apply:
      return { type: 'peer/applyReceived', from, timestamp, data }
    case PeerCmd.userState:
      return { type: 'peer/userStateReceived', from, timestamp, data }
    default:
      return assertNever(known, 'peer command')
  }
}

/** A refused peer message ([MSG-2]). */
export class PeerParamsError extends Error {
  constructor() {
    super(PEER_BAD_PARAMS)
    this.name = 'PeerParamsError'
  }
}

/**
 * Encodes a peer message for `to`. It needs a cmd, data and a receiver uid, else it throws
 * 'sending peer message failed, bad params' ([MSG-2]) and nothing is sent.
 */
export function encodePeerMessage(
  to: string | undefined,
  cmd: PeerCmdId | undefined,
  data: PeerData | undefined,
  timestamp: number,
): string {
  if (!to || cmd === undefined || !data || !peerData.check(data)) throw new PeerParamsError()
  return JSON.stringify(peerMessage(cmd, data, timestamp))
}
