import { RTMP_UID_LENGTH } from '../wire/constants'
import { Role } from '../wire/roles'
import type { Member } from '../wire/member'
import type { Slices } from './state'

/**
 * Small derivations the reducers and the selectors share (selectors re-export them): the reads
 * across slices that a projection's rules make. Each takes only the slices it reads, so a
 * projection's handlers can call it with their declared `reads`. They read the state before the
 * event being folded, never the clock.
 */

export const isHostRole = (role: number | undefined): boolean => role === Role.host

/** [RTMP-1] A uid of exactly 4 digits is an RTMP input user. */
export function isRtmpUid(uid: string): boolean {
  return uid.length === RTMP_UID_LENGTH && /^\d+$/.test(uid)
}

/** A member of the roster by uid (hosts first). */
export function memberOf(state: Slices<'users'>, uid: string): Member | undefined {
  return state.users.hosts.get(uid) ?? state.users.audiences.get(uid)
}

/** Am I this member (by uid)? */
export const isMe = (state: Slices<'me'>, uid: string): boolean => state.me?.uid === uid

/** Am I a host (the role in my own record)? */
export const meIsHost = (state: Slices<'me'>): boolean => state.me?.role === Role.host

/**
 * [ROLE-4] decision: a host publishes; a conferee takes the media host role while its audio or
 * video is enabled; a CDN audience and a projection never publish.
 */
export function isMediaHost(member: { role: number; enableAudio: number; enableVideo: number }) {
  if (member.role === Role.host) return true
  if (member.role !== Role.conferee) return false
  return member.enableAudio === 1 || member.enableVideo === 1
}

/**
 * [MSG-5] On CDN watch: a CDN audience (role 3), or an audience (role 2) who is not publishing
 * while the room's audience watch type is not 1. A projection display (role 4) is no audience
 * (spec: a separate role): it shows members' video, so it never watches the CDN.
 */
export function isOnCdnWatch(state: Slices<'me' | 'room'>): boolean {
  const me = state.me
  if (!me) return false
  if (me.role === Role.cdnAudience) return true
  if (me.role === Role.projection) return false
  if (!state.room || state.room.audienceWatchType === 1) return false
  return !isMediaHost(me)
}

/** Live is on: the open-live flag is set, or the live state is LIVING. */
export function isLiveOn(state: Slices<'live'>): boolean {
  return state.live.openLive === 1 || state.live.liveState === 1
}

/** The first host (by uid order, so every client picks the same one). */
export function firstHost(state: Slices<'users'>): Member | undefined {
  let first: Member | undefined
  state.users.hosts.forEach((m) => {
    if (!first || m.uid < first.uid) first = m
  })
  return first
}
