import { createSelector } from 'reselect'
import type { State } from '@streams/projections'
import { isMediaHost, selectLargeUid } from '@streams/selectors'
import type { Member } from '@streams/wire/member'
import type { TileProps } from './Tile'

export interface TileSet {
  /** The large tile (the main screen, or the host when none), if it publishes. */
  readonly large: TileProps | null
  readonly others: readonly TileProps[]
}

function tile(media: State['media'], me: State['me'], m: Member, large: boolean): TileProps {
  const remote = media.remote.get(m.uid)
  const mine = me?.uid === m.uid
  return {
    uid: m.uid,
    name: m.userName,
    photo: m.userPhoto,
    audio: mine ? media.published.audio : (remote?.audio ?? m.enableAudio === 1),
    video: mine ? media.published.video : (remote?.video ?? false),
    large,
    local: mine,
    quality: mine ? (media.joined ? media.networkQuality : undefined) : remote?.quality,
  }
}

/**
 * The video area's tiles: every member in the media host role ([ROLE-4]), the large one first
 * ([LAYOUT-3]), the others by name. Recomputed only when members, media or the main screen change
 * (reselect's cache is keyed by these inputs, so two stores on a page keep their own results).
 */
export const selectTiles: (s: State) => TileSet = createSelector(
  [(s: State) => s.users, (s: State) => s.media, selectLargeUid, (s: State) => s.me],
  (users, media, largeUid, me): TileSet => {
    let large: TileProps | null = null
    const others: TileProps[] = []
    const add = (m: Member) => {
      if (!isMediaHost(m)) return
      if (m.uid === largeUid) large = tile(media, me, m, true)
      else others.push(tile(media, me, m, false))
    }
    users.hosts.forEach(add)
    users.audiences.forEach(add)
    others.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.uid < b.uid ? -1 : 1))
    return { large, others }
  },
)
