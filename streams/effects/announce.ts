import { catchError, defer, EMPTY, map, of, type Observable } from 'rxjs'
import { encodePeerMessage } from '../codecs/peer'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { channelMessage, type ChannelData, type CmdId } from '../wire/channel'
import type { PeerCmdId, PeerData } from '../wire/peer'
import { messageOf, once } from './errors'

/** The actor fields of a message I send. */
export function actorOf(state: State): { userId: string; userName: string } {
  return { userId: state.me?.userId ?? '', userName: state.me?.userName ?? '' }
}

/**
 * Sends a privileged channel command after its REST call succeeded, in Agora mode only: in
 * local mode the server announces it itself and a client may not ([HOST-6]).
 */
export function announce<C extends CmdId>(
  deps: Deps,
  cmd: C,
  data: ChannelData<C>,
): Observable<Event> {
  if (deps.mode !== 'agora') return EMPTY
  return say(deps, cmd, data)
}

/** Sends a channel command this client may say itself in any mode. */
export function say<C extends CmdId>(deps: Deps, cmd: C, data: ChannelData<C>): Observable<Event> {
  const text = JSON.stringify(channelMessage(cmd, data, deps.now()))
  return once(() => deps.messaging.sendChannelMessage(text)).pipe(
    map((): Event => ({ type: 'msg/announced', cmd })),
    catchError((error: unknown) =>
      of<Event>({ type: 'rtm/sendFailed', message: messageOf(error) }),
    ),
  )
}

/**
 * Sends a peer message: refused before sending without cmd, data or receiver ([MSG-2]); the
 * outcome is peer/sent or peer/sendFailed, which reaches the user ([BOARD-12]).
 */
export function sendPeer(
  deps: Deps,
  to: string | undefined,
  cmd: PeerCmdId,
  data: PeerData,
): Observable<Event> {
  return defer(() => {
    const text = encodePeerMessage(to, cmd, data, deps.now())
    return once(() => deps.messaging.sendPeerMessage(to as string, text))
  }).pipe(
    map((): Event => ({ type: 'peer/sent', to: to as string, cmd, data })),
    catchError((error: unknown) =>
      of<Event>({ type: 'peer/sendFailed', to: to ?? '', cmd, message: messageOf(error) }),
    ),
  )
}
