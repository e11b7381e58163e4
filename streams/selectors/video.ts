import { createSelector } from 'reselect'
import { firstHost, isMediaHost, memberOf } from '../projections/derive'
import type { State } from '../projections'
import type { Member } from '../wire/member'
import type { ScreenPreset, VideoProfile } from '../wire/media'
import { SCREEN_PROFILE, DEFAULT_SHARE_RESOLUTION } from '../wire/constants'
import {
  LAYOUT_PROFILES,
  MOBILE_PROFILE,
  SCREEN_PRESETS,
  nineLayoutSize,
  sizeByOthers,
  type LayoutName,
} from '../wire/video'

/** [LAYOUT-3] While a share is active (and its layout has followed, [MAIN-2]) the board layouts apply. */
export function selectEffectiveLayout(s: State): LayoutName {
  const sharing =
    s.layout.sharing && (s.conference.shareBoard === 1 || s.conference.shareScreen === 1)
  if (!sharing) return s.layout.layout
  return s.layout.layout === 'p_board_row' ? 'p_board_row' : 'p_board_column'
}

/** [LAYOUT-3] The uid on the large tile: the main screen, or the host when none. */
export function selectLargeUid(s: State): string {
  return s.conference.mainScreenUid || firstHost(s)?.uid || ''
}

/** How many members publish video tiles (media hosts, [ROLE-4]). */
export const selectPublisherCount: (s: State) => number = createSelector(
  [(s: State) => s.users],
  (users): number => {
    let n = 0
    const count = (m: Member) => {
      if (isMediaHost(m)) n++
    }
    users.hosts.forEach(count)
    users.audiences.forEach(count)
    return n
  },
)

/**
 * The exact encoder profile of `uid`'s tile ([LAYOUT-3], [VIDEO-1] to [VIDEO-7]); null for a
 * member who does not publish (its role decides, [ROLE-4]).
 */
export function selectVideoProfile(s: State, uid: string): VideoProfile | null {
  const member = memberOf(s, uid)
  if (!member || !isMediaHost(member)) return null
  const layout = selectEffectiveLayout(s)
  const profiles = LAYOUT_PROFILES[layout]
  const large = uid === selectLargeUid(s)
  if (large) return profiles.large
  const tiles = selectPublisherCount(s)
  if (layout === 'p_17_1' || layout === 'p_8_1')
    return { ...profiles.other, ...sizeByOthers(Math.max(1, tiles - 1)) }
  if (layout === 'p_9_1') return { ...profiles.other, ...nineLayoutSize(tiles) }
  return profiles.other
}

/** [VIDEO-5] My own publishing profile: fixed on mobile, else my tile's. */
export function selectMyVideoProfile(s: State): VideoProfile | null {
  if (!s.me) return null
  const tile = selectVideoProfile(s, s.me.uid)
  return tile && s.session.mobile ? MOBILE_PROFILE : tile
}

/** [SCREEN-4] The screen-share preset (720p_2 by default). */
export function selectScreenPreset(name: ScreenPreset['name'] = SCREEN_PROFILE): ScreenPreset {
  return SCREEN_PRESETS[name]
}

/** [SCREEN-4] The default share resolution setting (1080p). */
export const selectDefaultShareResolution = (): ScreenPreset =>
  SCREEN_PRESETS[DEFAULT_SHARE_RESOLUTION]
