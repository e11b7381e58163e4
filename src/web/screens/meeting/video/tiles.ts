import type { State } from '@streams/projections'
import { isMediaHost, selectLargeUid } from '@streams/selectors'
import type { Member } from '@streams/wire/member'
import type { TileProps } from './Tile'

export interface TileSet {
  /** The large tile (the main screen, or the host when none), if it publishes. */
  readonly large: TileProps | null
  readonly others: readonly TileProps[]
}

function tile(s: State, m: Member, large: boolean): TileProps {
  const remote = s.media.remote.get(m.uid)
  const mine = s.me?.uid === m.uid
  return {
    uid: m.uid,
    name: m.userName,
    photo: m.userPhoto,
    audio: mine ? s.media.published.audio : (remote?.audio ?? m.enableAudio === 1),
    video: mine ? s.media.published.video : (remote?.video ?? false),
    large,
    local: mine,
    quality: mine ? (s.media.joined ? s.media.networkQuality : undefined) : remote?.quality,
  }
}

let lastKey: readonly unknown[] = []
let last: TileSet = { large: null, others: [] }

/**
 * The video area's tiles: every member in the media host role ([ROLE-4]), the large one first
 * ([LAYOUT-3]), the others by name. Recomputed only when members, media or the main screen change.
 */
export function selectTiles(s: State): TileSet {
  const largeUid = selectLargeUid(s)
  const key = [s.users, s.media, largeUid, s.me]
  if (key.every((k, i) => k === lastKey[i])) return last
  let large: TileProps | null = null
  const others: TileProps[] = []
  const add = (m: Member) => {
    if (!isMediaHost(m)) return
    if (m.uid === largeUid) large = tile(s, m, true)
    else others.push(tile(s, m, false))
  }
  s.users.hosts.forEach(add)
  s.users.audiences.forEach(add)
  others.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.uid < b.uid ? -1 : 1))
  lastKey = key
  last = { large, others }
  return last
}
