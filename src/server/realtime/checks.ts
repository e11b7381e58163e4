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

/** A channel message nests its values at most this deep (its data is a few levels). */
export const MAX_MESSAGE_DEPTH = 32

/**
 * What no handler should meet in a parsed value, as the REST routes refuse it too: a NUL byte in
 * a string or a key, or nesting deeper than `maxDepth` (walked without recursion, so a hostile
 * depth cannot overflow the stack). Answers the path of the first one, or null.
 */
export function hostileValue(
  value: unknown,
  maxDepth: number,
): { path: string; reason: 'nul' | 'depth' } | null {
  const stack: [unknown, string, number][] = [[value, '', 0]]
  while (stack.length > 0) {
    const [at, path, depth] = stack.pop()!
    if (typeof at === 'string') {
      if (at.includes('\u0000')) return { path: path || '/', reason: 'nul' }
      continue
    }
    if (typeof at !== 'object' || at === null) continue
    if (depth >= maxDepth) return { path: path || '/', reason: 'depth' }
    for (const [key, child] of Object.entries(at)) {
      if (key.includes('\u0000')) return { path: `${path}/${JSON.stringify(key)}`, reason: 'nul' }
      stack.push([child, `${path}/${key}`, depth + 1])
    }
  }
  return null
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
  const hostile = hostileValue(message, MAX_MESSAGE_DEPTH)
  if (hostile?.reason === 'nul')
    return { code: 'badMessage', message: `a NUL byte in ${hostile.path}` }
  if (hostile) return { code: 'badMessage', message: `nested deeper than ${MAX_MESSAGE_DEPTH}` }
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
