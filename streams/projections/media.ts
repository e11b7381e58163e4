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

const remote = (m: MediaState, uid: string, patch: Partial<RemoteUser>): MediaState => {
  const before = m.remote.get(uid) ?? { audio: false, video: false }
  return { ...m, remote: m.remote.set(uid, { ...before, ...patch }) }
}

export const mediaProjection = defineProjection<MediaState, Event, State>(initialMedia, {
  'rtc/joined': (m) => ({ ...m, joined: true }),
  'rtc/left': (m) => ({ ...m, joined: false, published: NOTHING, remote: PMap.empty() }),
  'rtc/userJoined': (m, e) => (m.remote.has(e.uid) ? m : remote(m, e.uid, {})),
  'rtc/userLeft': (m, e) => ({ ...m, remote: m.remote.delete(e.uid) }),
  'rtc/userPublished': (m, e) => remote(m, e.uid, { [e.kind]: true }),
  'rtc/userUnpublished': (m, e) =>
    m.remote.has(e.uid) ? remote(m, e.uid, { [e.kind]: false }) : m,
  'rtc/localPublished': (m, e) => ({
    ...m,
    active: e.kind === 'screen' ? m.active : true,
    published: { ...m.published, [e.kind]: true },
  }),
  'rtc/localUnpublished': (m, e) => ({ ...m, published: { ...m.published, [e.kind]: false } }),
  'rtc/trackEnded': (m, e) => ({ ...m, published: { ...m.published, [e.kind]: false } }),
  // [TRACK-2] a mic or camera failure marks the media state inactive
  'rtc/localTrackFailed': (m, e) => ({
    ...m,
    active: e.kind === 'screen' ? m.active : false,
    published: { ...m.published, [e.kind]: false },
  }),
  // [TRACK-8] an update needs a defined active flag
  'rtc/mediaStateChanged': (m, e) =>
    e.active === undefined || e.active === m.active ? m : { ...m, active: e.active },
  // [TRACK-9] my own quality (uid '0' or my uid) replaces the default
  'rtc/networkQualityChanged': (m, e, root) =>
    e.uid === '0' || e.uid === root.me?.uid ? { ...m, networkQuality: e.uplink } : m,
  'rtc/limitReached': (m, e) => ({ ...m, limit: { limit: e.limit, max: e.max } }),
  'ui/noiseReductionToggled': (m, e) => ({ ...m, noiseReduction: e.on }),
  // [EXIT-1] the local media state is kept; the remote users and the channel are not
  'life/exited': (m) => ({ ...m, joined: false, published: NOTHING, remote: PMap.empty() }),
})
