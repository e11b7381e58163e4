import { isMediaHost } from '../projections/derive'
import type { State } from '../projections'
import type { MediaKind, MediaRole } from '../wire/media'

export { isMediaHost }

/** [ROLE-4] My media role: 'host' publishes, 'audience' only receives. */
export function selectMediaRole(s: State): MediaRole {
  return s.me && isMediaHost(s.me) ? 'host' : 'audience'
}

/**
 * [TRACK-6] [ROLE-4] May I publish this kind now? I must be in the media host role, have the kind
 * enabled, and have a device of that kind; otherwise publishing silently does nothing. A kind the
 * media server mutes by the room's permissions is not sent either (our server's word wins over
 * a flag not yet updated here).
 */
export function selectMayPublish(s: State, kind: MediaKind): boolean {
  const me = s.me
  if (!me || !isMediaHost(me)) return false
  if (s.media.moderated[kind]) return false
  if ((kind === 'audio' ? me.enableAudio : me.enableVideo) !== 1) return false
  const device = kind === 'audio' ? 'microphone' : 'camera'
  return s.devices.list.some((d) => d.kind === device)
}

/** What should be published right now ([TRACK-1]): in the media channel, and allowed. */
export function selectDesiredPublish(s: State): { audio: boolean; video: boolean } {
  if (!s.media.joined) return { audio: false, video: false }
  return { audio: selectMayPublish(s, 'audio'), video: selectMayPublish(s, 'video') }
}
