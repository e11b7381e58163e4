import agoraToken from 'agora-token'
import type { Tokens as MediaTokenSet } from '@streams/wire/rest/room'
import { Role, type RoleId } from '@streams/wire/roles'
import type { Tokens } from './tokens'

/**
 * How long media and realtime tokens last, and their privileges with them; clients refresh them
 * ([API-4]) when the SDKs warn, 30 s before the end.
 */
export const MEDIA_TOKEN_TTL_SECONDS = 2 * 60 * 60

/**
 * [ROLE-4] Who may publish: a host, and a conferee (it takes the media host role whenever a
 * host's grant or an accepted application turns its audio or video on, without a new token). A
 * CDN audience and a projection screen never publish: their media tokens only join.
 */
export function mayPublish(role: RoleId): boolean {
  return role === Role.host || role === Role.conferee
}

export interface MediaGrant {
  /** The member's uid (realtime and media) and its screen-share uid. */
  readonly uid: string
  readonly screenUid: string
  /** The room's channel. */
  readonly channel: string
  /** The account behind the uid. */
  readonly userId: string
  /** The member's room role: whether its media tokens may publish ([ROLE-4], mayPublish). */
  readonly role: RoleId
}

export interface MediaTokens {
  readonly mode: 'local' | 'agora'
  /** The app id the media and messaging clients use. */
  readonly appId: string
  issue(grant: MediaGrant): MediaTokenSet
  /**
   * Agora mode: an RTC token that joins the channel as a stage uid (streams/wire/stage.ts) and
   * publishes, lasting as a member's. Local mode has no stages (its server composes the program).
   */
  issueStage?(channel: string, uid: string): string
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
 * for the uid (its login privilege), built with Agora's maintained token builder. An RTC token
 * joins the room's channel and, for those who may publish, publishes audio, video and data; the
 * token and each privilege last MEDIA_TOKEN_TTL_SECONDS. The certificate never leaves here.
 */
export function agoraMediaTokens(appId: string, certificate: string): MediaTokens {
  checkAgoraCredential('AGORA_APP_ID', appId)
  checkAgoraCredential('AGORA_APP_CERTIFICATE', certificate)
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
      const role = mayPublish(grant.role) ? RtcRole.PUBLISHER : RtcRole.SUBSCRIBER
      return {
        rtcToken: rtc(grant.uid, role),
        screenToken: rtc(grant.screenUid, role),
        rtmToken: RtmTokenBuilder.buildToken(appId, certificate, grant.uid, ttl),
      }
    },
    issueStage(channel, uid) {
      return RtcTokenBuilder.buildTokenWithUid(
        appId,
        certificate,
        channel,
        Number(uid),
        RtcRole.PUBLISHER,
        ttl,
        ttl,
      )
    },
  }
}

/**
 * An App ID and an App Certificate are 32 hexadecimal digits (Agora Console shows them so); the
 * token builder answers an empty token for anything else, which a client would only learn as a
 * refused join. Named here instead.
 */
export function checkAgoraCredential(name: string, value: string): void {
  if (!/^[0-9a-f]{32}$/i.test(value))
    throw new Error(
      `${name} must be the 32 hexadecimal digits Agora Console shows, got ${value.length} characters`,
    )
}
