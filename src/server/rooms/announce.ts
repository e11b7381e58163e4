import {
  CHANNEL_DATA_SCHEMAS,
  channelMessage,
  type ChannelData,
  type CmdId,
} from '@streams/wire/channel'
import { peerMessage, type PeerCmdId, type PeerData } from '@streams/wire/peer'
import { compile } from '@streams/wire/validate'
import type { SharedHub } from '../realtime/shared'

/** Who a server announcement names as the actor: the caller, or nobody ('' '') for the server. */
export interface Actor {
  readonly userId: string
  readonly userName: string
}
export const SERVER_ACTOR: Actor = { userId: '', userName: '' }

export interface Announcer {
  /** A channel message from the server to everyone in the channel ([HOST-6]). */
  channel<C extends CmdId>(channel: string, cmd: C, data: ChannelData<C>): void
  /** The same, for some members of the channel only (a crowd's arrivals for its hosts). */
  channelTo<C extends CmdId>(
    uids: readonly string[],
    channel: string,
    cmd: C,
    data: ChannelData<C>,
  ): void
  /** A peer message from the server to one uid; answers whether it was online. */
  peer(to: string, cmd: PeerCmdId, data: PeerData): Promise<boolean>
}

/**
 * Builds every announcement with the protocol version and checks it against the core's channel
 * data schema first: the server never says what the clients' codecs would drop.
 */
export function createAnnouncer(shared: SharedHub, now: () => number): Announcer {
  const { hub } = shared
  const text = <C extends CmdId>(cmd: C, data: ChannelData<C>) => {
    const check = compile(CHANNEL_DATA_SCHEMAS[cmd])
    if (!check.check(data))
      throw new Error(
        `announcement cmd ${cmd} does not match its schema: ${check.firstError(data)}`,
      )
    return JSON.stringify(channelMessage(cmd, data, now()))
  }
  return {
    channel(channel, cmd, data) {
      hub.announce(channel, text(cmd, data))
    },
    channelTo(uids, channel, cmd, data) {
      hub.announceTo(uids, channel, text(cmd, data))
    },
    peer(to, cmd, data) {
      return shared.sendToPeer(to, 'server', JSON.stringify(peerMessage(cmd, data, now())))
    },
  }
}

/** The same announcer, also telling `tap` of every channel announcement it made. */
export function tapAnnouncer(
  announcer: Announcer,
  tap: (channel: string, cmd: CmdId, data: unknown) => void,
): Announcer {
  return {
    channel(channel, cmd, data) {
      announcer.channel(channel, cmd, data)
      tap(channel, cmd, data)
    },
    channelTo: (uids, channel, cmd, data) => announcer.channelTo(uids, channel, cmd, data),
    peer: (to, cmd, data) => announcer.peer(to, cmd, data),
  }
}
