import { isMediaHost, memberOf } from '../../../streams/projections/derive'
import type { State } from '../../../streams/projections'
import type { NetworkQuality } from '../../../streams/wire/media'

export interface Tile {
  readonly uid: string
  readonly name: string
  readonly photo: string
  readonly screen: boolean
  readonly me: boolean
  readonly quality?: NetworkQuality
  /** The microphone is published (cameras only). */
  readonly audio?: boolean
}

/** Who a uid without a member record is: a member's screen share (its screenId, or `uid-screen`). */
function screenOwner(s: State, uid: string) {
  let owner = undefined as ReturnType<typeof memberOf>
  const find = (m: NonNullable<ReturnType<typeof memberOf>>) => {
    if (!owner && (m.screenId === uid || `${m.uid}-screen` === uid)) owner = m
  }
  s.users.hosts.forEach(find)
  s.users.audiences.forEach(find)
  return owner
}

let last: { media: State['media']; users: State['users']; me: State['me'] } | undefined
let lastTiles: readonly Tile[] = []

/**
 * The tiles of the video area: mine while I am a media host ([ROLE-4]), then every remote user
 * of the media session, screen shares first; the layout's rules are the core's selectors.
 */
export function selectTiles(s: State): readonly Tile[] {
  if (last && last.media === s.media && last.users === s.users && last.me === s.me) return lastTiles
  const tiles: Tile[] = []
  if (s.me && s.media.joined && isMediaHost(s.me)) {
    const record = memberOf(s, s.me.uid)
    tiles.push({
      uid: s.me.uid,
      name: record?.userName ?? s.me.userName,
      photo: record?.userPhoto ?? s.me.userPhoto,
      screen: false,
      me: true,
      quality: s.media.networkQuality,
      audio: s.media.published.audio,
    })
  }
  const remote: Tile[] = []
  s.media.remote.forEach((user, uid) => {
    const member = memberOf(s, uid)
    if (member) {
      // A member who may not publish and sends nothing has no tile (as Agora's live mode).
      if (!isMediaHost(member) && !user.audio && !user.video) return
      remote.push({
        uid,
        name: member.userName,
        photo: member.userPhoto,
        screen: false,
        me: false,
        audio: user.audio,
      })
      return
    }
    const owner = screenOwner(s, uid)
    if (owner && owner.uid !== s.me?.uid)
      remote.unshift({ uid, name: owner.userName, photo: owner.userPhoto, screen: true, me: false })
  })
  last = { media: s.media, users: s.users, me: s.me }
  lastTiles = [...tiles, ...remote]
  return lastTiles
}
