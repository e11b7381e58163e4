import { defineProjection } from '../core/projection'
import { PMap } from '../core/pmap'
import type { Event } from '../events'
import { MEDIA_SERVER_UNAVAILABLE, NETWORK_QUALITY_DEFAULT } from '../wire/constants'
import type { NetworkQuality } from '../wire/media'
import { isMe } from './derive'
import type { Slices } from './state'
import type { RemoteUser, MediaState } from './state/media'
export type { RemoteUser, MediaState } from './state/media'

const NOTHING = { audio: false, video: false, screen: false }
const UNMODERATED = { audio: false, video: false }

export const initialMedia: MediaState = {
  joined: false,
  published: NOTHING,
  active: true,
  networkQuality: NETWORK_QUALITY_DEFAULT as NetworkQuality,
  remote: PMap.empty(),
  noiseReduction: false,
  limit: null,
  serverDown: false,
  moderated: UNMODERATED,
}

/** A copy with some fields replaced (undefined is no change); an object literal, fast to fold. */
export function withMedia(s: MediaState, p: Partial<MediaState>): MediaState {
  return {
    joined: p.joined === undefined ? s.joined : p.joined,
    published: p.published === undefined ? s.published : p.published,
    active: p.active === undefined ? s.active : p.active,
    networkQuality: p.networkQuality === undefined ? s.networkQuality : p.networkQuality,
    remote: p.remote === undefined ? s.remote : p.remote,
    noiseReduction: p.noiseReduction === undefined ? s.noiseReduction : p.noiseReduction,
    limit: p.limit === undefined ? s.limit : p.limit,
    serverDown: p.serverDown === undefined ? s.serverDown : p.serverDown,
    moderated: p.moderated === undefined ? s.moderated : p.moderated,
  }
}

function published(m: MediaState, kind: 'audio' | 'video' | 'screen', on: boolean) {
  return {
    audio: kind === 'audio' ? on : m.published.audio,
    video: kind === 'video' ? on : m.published.video,
    screen: kind === 'screen' ? on : m.published.screen,
  }
}

/**
 * A remote user's entry with what changed (undefined is no change); one not seen yet starts with
 * nothing published, and `quality` is present once measured. The same state when nothing
 * changes. Positional arguments and two literal shapes, not a patch object with a computed key
 * and a spread: every media event of a 10,000-member room comes here, and those made objects of
 * varying shapes that slowed the handlers and the maps' readers (about 5-10% of bench:fold).
 */
function remote(
  m: MediaState,
  uid: string,
  before: RemoteUser | undefined,
  audio: boolean | undefined,
  video: boolean | undefined,
  quality: NetworkQuality | undefined,
): MediaState {
  const a = audio ?? before?.audio ?? false
  const v = video ?? before?.video ?? false
  const q = quality ?? before?.quality
  if (before && a === before.audio && v === before.video && q === before.quality) return m
  const user: RemoteUser =
    q === undefined ? { audio: a, video: v } : { audio: a, video: v, quality: q }
  return withMedia(m, { remote: m.remote.set(uid, user) })
}

/** [TRACK-9] a known remote user's measured quality. */
function withQuality(m: MediaState, uid: string, quality: NetworkQuality): MediaState {
  const before = m.remote.get(uid)
  return before ? remote(m, uid, before, undefined, undefined, quality) : m
}

export const mediaProjection = defineProjection<MediaState, Event, Slices<'me'>>(initialMedia, {
  'rtc/joined': (m) => withMedia(m, { joined: true }),
  'rtc/left': (m) =>
    withMedia(m, {
      joined: false,
      published: NOTHING,
      remote: PMap.empty(),
      serverDown: false,
      moderated: UNMODERATED,
    }),
  // The media server went away (its reason), or the connection is up again.
  'rtc/connectionStateChanged': (m, e) =>
    e.reason === MEDIA_SERVER_UNAVAILABLE
      ? m.serverDown
        ? m
        : withMedia(m, { serverDown: true, remote: PMap.empty() })
      : e.state === 'CONNECTED' && m.serverDown
        ? withMedia(m, { serverDown: false })
        : m,
  'rtc/userJoined': (m, e) =>
    m.remote.has(e.uid) ? m : remote(m, e.uid, undefined, undefined, undefined, undefined),
  'rtc/userLeft': (m, e) => withMedia(m, { remote: m.remote.delete(e.uid) }),
  'rtc/userPublished': (m, e) =>
    e.kind === 'audio'
      ? remote(m, e.uid, m.remote.get(e.uid), true, undefined, undefined)
      : remote(m, e.uid, m.remote.get(e.uid), undefined, true, undefined),
  'rtc/userUnpublished': (m, e) => {
    const before = m.remote.get(e.uid)
    if (!before) return m
    return e.kind === 'audio'
      ? remote(m, e.uid, before, false, undefined, undefined)
      : remote(m, e.uid, before, undefined, false, undefined)
  },
  'rtc/localPublished': (m, e) =>
    withMedia(m, {
      active: e.kind === 'screen' ? m.active : true,
      published: published(m, e.kind, true),
    }),
  'rtc/localUnpublished': (m, e) => withMedia(m, { published: published(m, e.kind, false) }),
  'rtc/trackEnded': (m, e) => withMedia(m, { published: published(m, e.kind, false) }),
  // [TRACK-2] a mic or camera failure marks the media state inactive
  'rtc/localTrackFailed': (m, e) =>
    withMedia(m, {
      active: e.kind === 'screen' ? m.active : false,
      published: published(m, e.kind, false),
    }),
  // [TRACK-8] an update needs a defined active flag
  'rtc/mediaStateChanged': (m, e) =>
    e.active === undefined || e.active === m.active ? m : withMedia(m, { active: e.active }),
  // [TRACK-9] my own quality (uid '0' or my uid) replaces the default; a remote user's is how
  // its media reaches me (its uplink as I see it)
  'rtc/networkQualityChanged': (m, e, reads) =>
    e.uid === '0' || isMe(reads, e.uid)
      ? withMedia(m, { networkQuality: e.uplink })
      : withQuality(m, e.uid, e.uplink),
  'rtc/limitReached': (m, e) => withMedia(m, { limit: { limit: e.limit, max: e.max } }),
  'rtc/localModerated': (m, e) =>
    m.moderated[e.kind] === e.muted
      ? m
      : withMedia(m, { moderated: { ...m.moderated, [e.kind]: e.muted } }),
  'ui/noiseReductionToggled': (m, e) => withMedia(m, { noiseReduction: e.on }),
  // [EXIT-1] the local media state is kept; the remote users and the channel are not
  'life/exited': (m) =>
    withMedia(m, {
      joined: false,
      published: NOTHING,
      remote: PMap.empty(),
      serverDown: false,
      moderated: UNMODERATED,
    }),
})
