import { assertNever } from '../core/assert-never'
import type { ChannelEvent, ChannelEventType, MsgDataMap, MsgEvent } from '../events/msg'
import {
  CHANNEL_DATA_SCHEMAS,
  ChannelEnvelopeSchema,
  Cmd,
  isCmd,
  PROTOCOL_VERSION,
  type CmdId,
} from '../wire/channel'
import { compile } from '../wire/validate'

const envelope = compile(ChannelEnvelopeSchema)

/** The reason the spec logs for a message of no known command ([MSG-6]). */
export const MISMATCHED = 'Received Mismatched Message'

export function dropped(
  from: string,
  reason: string,
  cmd?: number,
  source: 'channel' | 'peer' = 'channel',
): MsgEvent {
  return {
    type: 'msg/dropped',
    from,
    reason,
    ...(cmd === undefined ? {} : { cmd }),
    ...(source === 'peer' ? { source } : {}),
  }
}

/** A readable reason from a schema's first error: a missing uid is 'missing uid' ([MSG-6]). */
export function schemaReason(what: string, error: string | undefined): string {
  if (error?.startsWith('/uid:')) return 'missing uid'
  return `bad ${what} ${error ?? ''}`.trim()
}

/**
 * One codec per command: validates `data` against the command's schema and names the event.
 * Nothing invalid gets through: bad data becomes `msg/dropped` with the reason.
 */
function decode<K extends ChannelEventType>(
  type: K,
  cmd: CmdId,
  what: string,
  from: string,
  timestamp: number,
  data: unknown,
): MsgEvent {
  const check = compile(CHANNEL_DATA_SCHEMAS[cmd])
  if (!check.check(data)) return dropped(from, schemaReason(what, check.firstError(data)), cmd)
  return { type, from, timestamp, data: data as MsgDataMap[K] } as ChannelEvent
}

/**
 * Decodes one channel message text from `from` into a typed event ([MSG-7]): bad JSON, a bad
 * envelope or a missing command, another protocol version ([MSG-1]), an unknown command
 * ('Received Mismatched Message') or bad data for its command become `msg/dropped` with the
 * reason, so the session log shows them too ([MSG-6]).
 */
export function decodeChannelText(text: string, from: string): MsgEvent {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return dropped(from, 'not JSON')
  }
  return decodeChannelMessage(raw, from)
}

export function decodeChannelMessage(raw: unknown, from: string): MsgEvent {
  if (typeof raw !== 'object' || raw === null || !('cmd' in raw) || raw.cmd === undefined)
    return dropped(from, 'missing command')
  if (!envelope.check(raw)) return dropped(from, `bad envelope ${envelope.firstError(raw)}`)
  if (raw.version !== PROTOCOL_VERSION)
    return dropped(from, `version ${raw.version} ignored`, raw.cmd)
  const { cmd, timestamp, data } = raw
  if (!isCmd(cmd)) return dropped(from, MISMATCHED, cmd)
  const d = <K extends ChannelEventType>(type: K, what: string) =>
    decode(type, cmd, what, from, timestamp, data)
  switch (cmd) {
    case Cmd.chat:
      return d('msg/chatReceived', 'chat')
    case Cmd.memberChanged:
      return d('msg/memberChanged', 'member change')
    case Cmd.roomInfo:
      return d('msg/roomInfoChanged', 'room info')
    case Cmd.userState:
      return d('msg/userStateChanged', 'user state')
    case Cmd.shareBoard:
      return d('msg/boardShareChanged', 'share board')
    case Cmd.screenShare:
      return d('msg/screenShareChanged', 'screen share')
    case Cmd.hostChanged:
      return d('msg/hostChanged', 'host change')
    case Cmd.kickOut:
      return d('msg/kickedOut', 'kick')
    case Cmd.giveLike:
      return d('msg/likeGiven', 'like')
    case Cmd.layout:
      return d('msg/layoutChanged', 'layout')
    case Cmd.mainScreen:
      return d('msg/mainScreenChanged', 'main screen')
    case Cmd.liveTypeChanged:
      return d('msg/liveTypeChanged', 'live type')
    case Cmd.meetingEnd:
      return d('msg/meetingEnded', 'meeting end')
    case Cmd.joinProjection:
      return d('msg/projectionJoined', 'join projection')
    case Cmd.deleteProjection:
      return d('msg/projectionDeleted', 'delete projection')
    case Cmd.editProjection:
      return d('msg/projectionEdited', 'edit projection')
    case Cmd.domInfo:
      return d('msg/domInfoChanged', 'dom info')
    case Cmd.nxBusiness:
      return d('msg/businessReceived', 'business')
    case Cmd.redPacket:
      return d('msg/redPacketReceived', 'red packet')
    case Cmd.endHostShare:
      return d('msg/hostShareEnded', 'end host share')
    case Cmd.refreshPage:
      return d('msg/refreshRequested', 'refresh')
    case Cmd.audienceWatchTypeChange:
      return d('msg/watchTypeChanged', 'watch type')
    case Cmd.showGoodsDetail:
      return d('msg/goodsShown', 'goods')
    case Cmd.usersAmountAndHotChange:
      return d('msg/usersAmountChanged', 'hot')
    case Cmd.confirmInactiveRoom:
      return d('msg/inactiveWarned', 'confirm inactive')
    case Cmd.exitInactiveRoom:
      return d('msg/inactiveExited', 'exit inactive')
    case Cmd.liveStateChanges:
      return d('msg/liveStateChanged', 'live state')
    case Cmd.cancelPopupOfInactiveRoom:
      return d('msg/inactiveCancelled', 'cancel popup')
    case Cmd.converterStateChange:
      return d('msg/converterStateChanged', 'converter')
    case Cmd.recordingStateChange:
      return d('msg/recordingStateChanged', 'recording')
    case Cmd.joinName:
      return d('msg/joinNameChanged', 'join name')
    case Cmd.answerTheQuestion:
      return d('msg/questionAsked', 'answer question')
    default:
      return assertNever(cmd, 'channel command')
  }
}

/** The event type each command decodes to (for docs, tests and the server's own checks). */
export const CHANNEL_EVENT_OF_CMD: { readonly [C in CmdId]: ChannelEventType } = {
  1: 'msg/chatReceived',
  2: 'msg/memberChanged',
  3: 'msg/roomInfoChanged',
  4: 'msg/userStateChanged',
  5: 'msg/boardShareChanged',
  6: 'msg/screenShareChanged',
  7: 'msg/hostChanged',
  8: 'msg/kickedOut',
  9: 'msg/likeGiven',
  10: 'msg/layoutChanged',
  11: 'msg/mainScreenChanged',
  12: 'msg/liveTypeChanged',
  13: 'msg/meetingEnded',
  14: 'msg/projectionJoined',
  15: 'msg/projectionDeleted',
  16: 'msg/projectionEdited',
  17: 'msg/domInfoChanged',
  18: 'msg/businessReceived',
  19: 'msg/redPacketReceived',
  20: 'msg/hostShareEnded',
  21: 'msg/refreshRequested',
  22: 'msg/watchTypeChanged',
  23: 'msg/goodsShown',
  24: 'msg/usersAmountChanged',
  25: 'msg/inactiveWarned',
  26: 'msg/inactiveExited',
  27: 'msg/liveStateChanged',
  28: 'msg/inactiveCancelled',
  29: 'msg/converterStateChanged',
  30: 'msg/recordingStateChanged',
  31: 'msg/joinNameChanged',
  41: 'msg/questionAsked',
}
