import { checkClientChannelMessage } from '@streams/wire/channel'
import { PeerCmd } from '@streams/wire/peer'
import { MAX_MESSAGE_BYTES } from '@streams/wire/realtime'

/** Why a request is refused: the code and message of its error frame. */
export interface Problem {
  readonly code: string
  readonly message: string
}

/** A refusal found while answering a request later. */
export class RefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

/**
 * Answers in the order the work was asked for, though each piece starts at once: what one
 * connection asks of the database (vetting a message, a host check) resolves in its send order.
 */
export function inOrder(): <T>(work: Promise<T>) => Promise<T> {
  let last: Promise<void> = Promise.resolve()
  return <T>(work: Promise<T>) => {
    work.catch(() => undefined) // handled by the caller, once the earlier ones are done
    const next = last.then(() => work)
    last = next.then(
      () => undefined,
      () => undefined,
    )
    return next
  }
}

/**
 * A client may send only what it is allowed to say itself ([HOST-6]): the core's rule for channel
 * messages (a client-sendable command carrying its sender's own user id).
 */
export function checkChannelText(text: string, userId: string | undefined): Problem | null {
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES)
    return { code: 'tooBig', message: 'a message is at most 32 KB' }
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return { code: 'badMessage', message: 'channel message is not JSON' }
  }
  return checkClientChannelMessage(message, userId)
}

/**
 * Peer messages are relayed as they are (media signalling rides on them), except the ones that
 * grant something: an invitation (cmd 1) and a user-state notice (cmd 4) come from the server,
 * after the REST call that recorded them; an application or its answer (cmd 2) is relayed from a
 * host only (`hostOnly`: in local mode members apply and answer through REST, and the server
 * delivers them).
 */
export function checkPeerText(text: string): Problem | 'hostOnly' | null {
  if (Buffer.byteLength(text) > MAX_MESSAGE_BYTES)
    return { code: 'tooBig', message: 'a message is at most 32 KB' }
  let message: unknown
  try {
    message = JSON.parse(text)
  } catch {
    return null
  }
  const cmd =
    typeof message === 'object' && message !== null ? (message as { cmd?: unknown }).cmd : undefined
  if (cmd === PeerCmd.invite || cmd === PeerCmd.userState)
    return { code: 'forbidden', message: `peer command ${cmd} is sent by the server only` }
  if (cmd === PeerCmd.apply) return 'hostOnly'
  return null
}
