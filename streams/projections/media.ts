import { defineProjection } from '../core/projection'
import { PMap } from '../core/pmap'
import type { Event } from '../events'
import { NETWORK_QUALITY_DEFAULT } from '../wire/constants'
import type { NetworkQuality } from '../wire/media'
import type { State } from './state'

/** What a remote user publishes. */
export interface RemoteUser {
  readonly audio: boolean
  readonly video: boolean
  /** [TRACK-9] How this user's media reaches me, once the media layer has measured it. */
  readonly quality?: NetworkQuality
}

/** Media state (spec §3 "rtc"): local tracks, remote users, network quality. */
export interface MediaState {
  readonly joined: boolean
  readonly published: { readonly audio: boolean; readonly video: boolean; readonly screen: boolean }
  /** False after a mic or camera failure ([TRACK-2]). */
  readonly active: boolean
  /** My uplink quality; 1 until the media layer reports one ([TRACK-9]). */
  readonly networkQuality: NetworkQuality
  readonly remote: PMap<RemoteUser>
  readonly noiseReduction: boolean
  readonly limit: { readonly limit: 'publishers' | 'watchers'; readonly max: number } | null
}

const NOTHING = { audio: false, video: false, screen: false }

export const initialMedia: MediaState = {
  joined: false,
  published: NOTHING,
  active: true,
  networkQuality: NETWORK_QUALITY_DEFAULT as NetworkQuality,
  remote: PMap.empty(),
  noiseReduction: false,
  limit: null,
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
  }
}

function published(m: MediaState, kind: 'audio' | 'video' | 'screen', on: boolean) {
  return {
    audio: kind === 'audio' ? on : m.published.audio,
    video: kind === 'video' ? on : m.published.video,
    screen: kind === 'screen' ? on : m.published.screen,
  }
}

const remote = (m: MediaState, uid: string, patch: Partial<RemoteUser>): MediaState => {
  const before: RemoteUser = m.remote.get(uid) ?? { audio: false, video: false }
  const quality = patch.quality === undefined ? before.quality : patch.quality
  return withMedia(m, {
    remote: m.remote.set(uid, {
      audio: patch.audio === undefined ? before.audio : patch.audio,
      video: patch.video === undefined ? before.video : patch.video,
      ...(quality === undefined ? {} : { quality }),
    }),
  })
}

export const mediaProjection = defineProjection<MediaState, Event, State>(initialMedia, {
  'rtc/joined': (m) => withMedia(m, { joined: true }),
  'rtc/left': (m) => withMedia(m, { joined: false, published: NOTHING, remote: PMap.empty() }),
  'rtc/userJoined': (m, e) => (m.remote.has(e.uid) ? m : remote(m, e.uid, {})),
  'rtc/userLeft': (m, e) => withMedia(m, { remote: m.remote.delete(e.uid) }),
  'rtc/userPublished': (m, e) => remote(m, e.uid, { [e.kind]: true }),
  'rtc/userUnpublished': (m, e) =>
    m.remote.has(e.uid) ? remote(m, e.uid, { [e.kind]: false }) : m,
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
  'rtc/networkQualityChanged': (m, e, root) =>
    e.uid === '0' || e.uid === root.me?.uid
      ? withMedia(m, { networkQuality: e.uplink })
      : m.remote.has(e.uid)
        ? remote(m, e.uid, { quality: e.uplink })
        : m,
  'rtc/limitReached': (m, e) => withMedia(m, { limit: { limit: e.limit, max: e.max } }),
  'ui/noiseReductionToggled': (m, e) => withMedia(m, { noiseReduction: e.on }),
  // [EXIT-1] the local media state is kept; the remote users and the channel are not
  'life/exited': (m) => withMedia(m, { joined: false, published: NOTHING, remote: PMap.empty() }),
})
