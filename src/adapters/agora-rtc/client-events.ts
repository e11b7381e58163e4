import type {
  ConnectionDisconnectedReason,
  ConnectionState,
  IAgoraRTCClient,
  IAgoraRTCRemoteUser,
  NetworkQuality,
  UID,
} from 'agora-rtc-sdk-ng'
import type { RtcEvent } from '@streams/events'
import type { NetworkQuality as Quality } from '@streams/wire/media'
import { isStageUid } from '@streams/wire/stage'

/**
 * Every callback of an Agora RTC client, as events. `ignoreAlso` names uids that are not remote
 * users to the core (my own screen-share client joins the channel as a user of its own); stage
 * uids (the board's picture, a language's mix: streams/wire/stage.ts) are no member either, and
 * are always left out. Answers a function that unbinds them all.
 */
export function bindClientEvents(
  client: IAgoraRTCClient,
  me: () => string,
  ignoreAlso: (uid: string) => boolean,
  emit: (event: RtcEvent) => void,
): () => void {
  const ignore = (uid: string) => isStageUid(uid) || ignoreAlso(uid)
  const remote = (user: IAgoraRTCRemoteUser) => String(user.uid)
  const lastQuality = new Map<string, string>()
  const quality = (uid: string, uplink: Quality, downlink: Quality) => {
    const key = `${uplink}/${downlink}`
    if (lastQuality.get(uid) === key) return
    lastQuality.set(uid, key)
    emit({ type: 'rtc/networkQualityChanged', uid, uplink, downlink })
  }
  const handlers = {
    'user-joined': (user: IAgoraRTCRemoteUser) => {
      if (!ignore(remote(user))) emit({ type: 'rtc/userJoined', uid: remote(user) })
    },
    'user-left': (user: IAgoraRTCRemoteUser, reason: string) => {
      lastQuality.delete(remote(user))
      if (!ignore(remote(user))) emit({ type: 'rtc/userLeft', uid: remote(user), reason })
    },
    'user-published': (user: IAgoraRTCRemoteUser, mediaType: 'audio' | 'video' | 'datachannel') => {
      if (mediaType !== 'datachannel' && !ignore(remote(user)))
        emit({ type: 'rtc/userPublished', uid: remote(user), kind: mediaType })
    },
    'user-unpublished': (
      user: IAgoraRTCRemoteUser,
      mediaType: 'audio' | 'video' | 'datachannel',
    ) => {
      if (mediaType !== 'datachannel' && !ignore(remote(user)))
        emit({ type: 'rtc/userUnpublished', uid: remote(user), kind: mediaType })
    },
    // [TRACK-9] my own quality every 2 s, and each remote user's with it.
    'network-quality': (stats: NetworkQuality) => {
      quality(me(), stats.uplinkNetworkQuality, stats.downlinkNetworkQuality)
      const remotes = client.getRemoteNetworkQuality()
      for (const [uid, q] of Object.entries(remotes))
        if (!ignore(uid)) quality(uid, q.uplinkNetworkQuality, q.downlinkNetworkQuality)
    },
    exception: (e: { code: number; msg: string; uid: UID }) =>
      emit({
        type: 'rtc/exceptionRaised',
        code: String(e.code),
        message: e.msg,
        uid: String(e.uid),
      }),
    'connection-state-change': (
      state: ConnectionState,
      _previous: ConnectionState,
      reason?: ConnectionDisconnectedReason,
    ) =>
      emit(
        reason === undefined
          ? { type: 'rtc/connectionStateChanged', state }
          : { type: 'rtc/connectionStateChanged', state, reason },
      ),
    'token-privilege-will-expire': () => emit({ type: 'rtc/tokenWillExpire' }),
    'token-privilege-did-expire': () => emit({ type: 'rtc/tokenExpired' }),
  } as const
  for (const [name, handler] of Object.entries(handlers))
    client.on(name as 'exception', handler as never)
  return () => {
    for (const [name, handler] of Object.entries(handlers)) client.off(name, handler as never)
  }
}

/** A rejected SDK call as an event (its code when it has one, else SDK_ERROR). */
export function sdkFailure(error: unknown, uid?: string): RtcEvent {
  const code = (error as { code?: unknown } | null)?.code
  return {
    type: 'rtc/exceptionRaised',
    code: typeof code === 'string' || typeof code === 'number' ? String(code) : 'SDK_ERROR',
    message: error instanceof Error ? error.message : String(error),
    ...(uid ? { uid } : {}),
  }
}
