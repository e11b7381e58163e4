import { Cmd } from '@streams/wire/channel'
import type { Roster } from './roster'

/** A member's channel message as it is relayed, or why it is not. */
export type Vetted =
  | { readonly ok: true; readonly text: string }
  | { readonly ok: false; readonly code: 'forbidden' | 'chatMuted'; readonly message: string }

/**
 * What the roster says over what the message says (the message already passed the core's
 * `checkClientChannelMessage`): the sender must be a present member of the channel's room; a
 * chat line needs the member allowed to chat (its chat on, and no mute-all-chat unless it is a
 * host); and the sender's name (and a chat line's avatar) are the roster's, not the message's.
 */
export async function vetChannelMessage(
  roster: Roster,
  channel: string,
  uid: string,
  text: string,
): Promise<Vetted> {
  const sender = await roster(channel, uid)
  if (!sender) return { ok: false, code: 'forbidden', message: 'not a member of this room' }
  const message = JSON.parse(text) as { cmd: number; data: Record<string, unknown> }
  if (message.cmd === Cmd.chat && !sender.mayChat)
    return { ok: false, code: 'chatMuted', message: 'chat is muted' }
  const data: Record<string, unknown> = { ...message.data, userName: sender.userName }
  if (message.cmd === Cmd.chat) {
    if (sender.userPhoto) data.avatar = sender.userPhoto
    else delete data.avatar
  }
  return { ok: true, text: JSON.stringify({ ...message, data }) }
}
