import agoraToken from 'agora-token'
import type { Tokens as MediaTokenSet } from '@streams/wire/rest/room'
import type { Tokens } from './tokens'

/** How long media and realtime tokens last; clients refresh them ([API-4]). */
export const MEDIA_TOKEN_TTL_SECONDS = 2 * 60 * 60

export interface MediaGrant {
  /** The member's uid (realtime and media) and its screen-share uid. */
  readonly uid: string
  readonly screenUid: string
  /** The room's channel. */
  readonly channel: string
  /** The account behind the uid. */
  readonly userId: string
  /** May publish (host role in media terms). */
  readonly publisher: boolean
}

export interface MediaTokens {
  readonly mode: 'local' | 'agora'
  /** The app id the media and messaging clients use. */
  readonly appId: string
  issue(grant: MediaGrant): MediaTokenSet
}

/** Local mode: tokens this server signs and its realtime service and signalling verify. */
export function localMediaTokens(tokens: Tokens, appId: string): MediaTokens {
  return {
    mode: 'local',
    appId,
    issue(grant) {
      const sign = (kind: 'rtm' | 'rtc' | 'screen', sub: string) =>
        tokens.sign({ kind, sub, ch: grant.channel, uid: grant.userId }, MEDIA_TOKEN_TTL_SECONDS)
      return {
        rtmToken: sign('rtm', grant.uid),
        rtcToken: sign('rtc', grant.uid),
        screenToken: sign('screen', grant.screenUid),
      }
    },
  }
}

/**
 * Agora mode: real RTC tokens (AccessToken2) for the uid and the screen uid, and an RTM token
 * for the uid, built with Agora's maintained token builder. The certificate never leaves here.
 */
export function agoraMediaTokens(appId: string, certificate: string): MediaTokens {
  const { RtcTokenBuilder, RtcRole, RtmTokenBuilder } = agoraToken
  const ttl = MEDIA_TOKEN_TTL_SECONDS
  return {
    mode: 'agora',
    appId,
    issue(grant) {
      const rtc = (uid: string, role: number) =>
        RtcTokenBuilder.buildTokenWithUid(
          appId,
          certificate,
          grant.channel,
          Number(uid),
          role,
          ttl,
          ttl,
        )
      const role = grant.publisher ? RtcRole.PUBLISHER : RtcRole.SUBSCRIBER
      return {
        rtcToken: rtc(grant.uid, role),
        screenToken: rtc(grant.screenUid, RtcRole.PUBLISHER),
        rtmToken: RtmTokenBuilder.buildToken(appId, certificate, grant.uid, ttl),
      }
    },
  }
}
