import type { MsgEvent } from '../events/msg'
import {
  ChannelEnvelopeSchema,
  ChatDataSchema,
  Cmd,
  MemberChangedDataSchema,
  PROTOCOL_VERSION,
} from '../wire/channel'
import { compile } from '../wire/validate'

const envelope = compile(ChannelEnvelopeSchema)
const chat = compile(ChatDataSchema)
const memberChanged = compile(MemberChangedDataSchema)

function dropped(from: string, reason: string, cmd?: number): MsgEvent {
  return cmd === undefined
    ? { type: 'msg/dropped', from, reason }
    : { type: 'msg/dropped', from, reason, cmd }
}

/**
 * Decodes one channel message text from `from` into a typed event. Nothing invalid gets
 * through: bad JSON, a bad envelope, another protocol version ([MSG-1]) or bad data for its
 * command become `msg/dropped` with the reason, so the session log shows them too ([MSG-6]).
 */
export function decodeChannelText(text: string, from: string): MsgEvent {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return dropped(from, 'not JSON')
  }
  if (!envelope.check(raw)) {
    const cmd = typeof raw === 'object' && raw !== null && 'cmd' in raw ? raw.cmd : undefined
    return dropped(
      from,
      cmd === undefined ? 'missing command' : `bad envelope ${envelope.firstError(raw)}`,
    )
  }
  if (raw.version !== PROTOCOL_VERSION)
    return dropped(from, `version ${raw.version} ignored`, raw.cmd)
  const { cmd, timestamp, data } = raw
  switch (cmd) {
    case Cmd.chat:
      return chat.check(data)
        ? { type: 'msg/chatReceived', from, timestamp, data }
        : dropped(from, `bad chat ${chat.firstError(data)}`, cmd)
    case Cmd.memberChanged:
      return memberChanged.check(data)
        ? { type: 'msg/memberChanged', from, timestamp, data }
        : dropped(from, `bad member change ${memberChanged.firstError(data)}`, cmd)
    default:
      return dropped(from, 'unknown command', cmd)
  }
}
