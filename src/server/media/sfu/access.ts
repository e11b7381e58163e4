import type { Member } from '@streams/wire/member'
import { can } from '@streams/wire/permissions'
import { Role } from '@streams/wire/roles'

/**
 * [ROLE-4] Who may send what through the SFU, from the permission table the client reads too: a
 * host publishes; a conferee publishes audio only while its audio is enabled and video only while
 * its video is (a host's grant, an accepted application; forced mute turns audio off, [MUTE-2]).
 */
export function mayPublish(member: Member, kind: 'audio' | 'video'): boolean {
  if (!can(member.role, 'publishMedia')) return false
  if (member.role === Role.host) return true
  return (kind === 'audio' ? member.enableAudio : member.enableVideo) === 1
}

/** A screen share: the roles the table lets share (hosts and conferees). */
export function mayShareScreen(member: Member): boolean {
  return can(member.role, 'shareScreen')
}

/**
 * [MSG-5] Who watches the CDN, not the SFU (the client's `isOnCdnWatch`, on our own table): a CDN
 * audience always, and a conferee who publishes nothing while the room's audience watch type is
 * not 1. Neither joins the room's media; a projection display shows members' video and does.
 */
export function watchesCdn(member: Member, audienceWatchType: number): boolean {
  if (member.role === Role.cdnAudience) return true
  if (member.role !== Role.conferee || audienceWatchType === 1) return false
  return member.enableAudio !== 1 && member.enableVideo !== 1
}
