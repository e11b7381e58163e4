import { createSelector } from 'reselect'
import type { LivePush, LiveTile } from '../ports/media'
import type { State } from '../projections'
import { firstHost, meIsHost, memberOf } from '../projections/derive'
import { composeLayout, type Scene } from '../wire/cdn-layout'
import { LiveState } from '../wire/constants'
import type { LiveSetting } from '../wire/rest/live'
import { selectInterpretedLanguages } from './interpretation'
import { liveImages, type CameraPlace } from './live-images'
import { membersOf } from './members'

/** Agora's live transcoding takes at most this many users (placed and heard). */
export const MAX_TRANSCODING_USERS = 17

/**
 * Whether my client pushes the room's live (Agora mode): I am the first host (every client
 * picks the same one, so one client pushes each URL), in the media channel, and the live is
 * LIVING or PAUSE ([LIVE-1]).
 */
export function selectIsLivePusher(s: State): boolean {
  const state = s.live.liveState
  return (
    (state === LiveState.LIVING || state === LiveState.PAUSE) &&
    s.media.joined &&
    s.me !== null &&
    meIsHost(s) &&
    firstHost(s)?.uid === s.me.uid
  )
}

/**
 * Whether my client publishes the shared board's picture (Agora mode, where the board is no
 * media user): the board is what the CDN layout shows shared (no screen share wins over it), and
 * I push the live or I am the first host in the media channel while the room records.
 */
export function selectPublishesBoardStage(s: State): boolean {
  if (selectScene(s, false).scene.share?.kind !== 'board') return false
  const recording =
    s.room?.recordingState === 1 &&
    s.media.joined &&
    s.me !== null &&
    meIsHost(s) &&
    firstHost(s)?.uid === s.me.uid
  return recording || selectIsLivePusher(s)
}

/** Does `uid` publish this kind now (mine from my published tracks, others' as the SDK told)? */
function publishes(
  { media, me }: Pick<State, 'media' | 'me'>,
  uid: string,
  kind: 'audio' | 'video',
): boolean {
  if (uid === me?.uid) return media.published[kind]
  return media.remote.get(uid)?.[kind] === true
}

/**
 * The room's CDN scene as local mode's composition reads it from the room (spec §7 layout):
 * the layout, the people with a camera (hosts first; with `cards`, everyone who publishes), the large one (the layout's large uid, the
 * main screen, the host), the positions, and what is shared: a screen being published (by its
 * own media uid), else the board. Memoised on the slices it reads.
 */
const selectScene = createSelector(
  [
    (s: State) => s.users,
    (s: State) => s.media,
    (s: State) => s.layout,
    (s: State) => s.conference,
    (s: State) => s.me,
    (_: State, cards: boolean) => cards,
  ],
  (users, media, layout, conference, me, cards): { scene: Scene; screenUid: string } => {
    // With name cards, someone heard but not seen has a place, as in local mode.
    const people = membersOf(users)
      .filter(
        (m) =>
          publishes({ media, me }, m.uid, 'video') ||
          (cards && publishes({ media, me }, m.uid, 'audio')),
      )
      .map((m) => m.uid)
    const sharerUid = conference.shareScreen === 1 ? users.shareScreenUsers.keys()[0] : undefined
    const sharer = sharerUid ? memberOf({ users }, sharerUid) : undefined
    const screenUid = sharer?.screenId ?? ''
    const screenOn =
      sharer !== undefined &&
      screenUid !== '' &&
      (sharer.uid === me?.uid
        ? media.published.screen
        : media.remote.get(screenUid)?.video === true)
    const share: Scene['share'] = screenOn
      ? { kind: 'screen', uid: sharer.uid }
      : conference.shareBoard === 1
        ? { kind: 'board' }
        : null
    return {
      scene: {
        layout: layout.layout,
        people,
        large: layout.largeUid || conference.mainScreenUid || firstHost({ users })?.uid || '',
        positions: layout.positions.toObject(),
        share,
      },
      screenUid,
    }
  },
)

/**
 * The CDN picture as transcoding users: each place of the layout by its media uid (a screen
 * share under its own uid, the board under `boardUid`, its stage uid while my client publishes
 * its picture; without one the board's place shows the background), the large picture at the
 * bottom and the small tiles over it. Then the room's sound as local mode's mixer makes it:
 * everyone publishing sound but the interpreters (`heard`, uncapped), and those of them not
 * placed as voices; at most 17 transcoding users in all.
 */
export const selectLiveTiles = createSelector(
  [
    selectScene,
    (s: State) => s.users,
    (s: State) => s.media,
    (s: State) => s.me,
    selectInterpretedLanguages,
    (_: State, _cards: boolean, boardUid = '') => boardUid,
  ],
  (
    { scene, screenUid },
    users,
    media,
    me,
    languages,
    boardUid,
  ): {
    tiles: readonly LiveTile[]
    voices: readonly string[]
    heard: readonly string[]
    interpreters: readonly string[]
    /** The kept camera places: who, their name, where, and whether their camera is seen. */
    places: readonly CameraPlace[]
  } => {
    const slots = composeLayout(scene)
    const tiles = slots.flatMap((slot, i): LiveTile[] => {
      const uid = slot.kind === 'camera' ? slot.key : slot.kind === 'screen' ? screenUid : boardUid
      return uid ? [{ uid, ...slot.rect, zOrder: i === 0 ? 1 : 2 }] : []
    })
    const interpreters = [...new Set(languages.map((l) => l.interpreterUid))]
    const placed = new Set(tiles.map((t) => t.uid))
    const heard = membersOf(users)
      .filter((m) => !interpreters.includes(m.uid) && publishes({ media, me }, m.uid, 'audio'))
      .map((m) => m.uid)
    const voices = heard.filter((uid) => !placed.has(uid))
    const kept = tiles.slice(0, MAX_TRANSCODING_USERS)
    const seen = new Set(kept.map((t) => t.uid))
    const places = slots
      .filter((slot) => slot.kind === 'camera' && seen.has(slot.key))
      .map((slot) => ({
        uid: slot.key,
        name: memberOf({ users }, slot.key)?.userName ?? '',
        rect: slot.rect,
        video: publishes({ media, me }, slot.key, 'video'),
      }))
    return {
      tiles: kept,
      voices: voices.slice(0, MAX_TRANSCODING_USERS - kept.length),
      heard,
      interpreters,
      places,
    }
  },
)

/**
 * What my client pushes (Agora mode), or null when it pushes nothing: the picture and sound,
 * paused as a still background without sound ([LIVE-1] PAUSE shows no room), to the room's own
 * push URL and every language stream's (from the last live setting the server answered), each
 * language with an interpreter carrying its own sound.
 */
export function selectLivePush(
  s: State,
  setting: LiveSetting | null,
  boardUid = '',
): LivePush | null {
  if (!setting || !selectIsLivePusher(s)) return null
  const targets = [
    ...(setting.pushUrl ? [{ streamId: '', url: setting.pushUrl, interpreterUid: '' }] : []),
    ...setting.streamingUrls
      .filter((u) => u.pushUrl !== '')
      .map((u) => ({ streamId: u.streamId, url: u.pushUrl, interpreterUid: u.interpreterUid })),
  ]
  const paused = s.live.liveState === LiveState.PAUSE
  const cardsUrl = setting.cardsUrl ?? ''
  const all = selectLiveTiles(s, cardsUrl !== '', boardUid)
  const { tiles, voices, heard, places } = paused
    ? { tiles: [], voices: [], heard: [], places: [] }
    : all
  const background = setting.backgroundImages.find((i) => /^https?:\/\//.test(i.url))
  const backgroundImage = background?.url ?? ''
  const images = liveImages(cardsUrl, paused, places, backgroundImage ? 1 : 0)
  const { interpreters } = all
  return { tiles, voices, heard, interpreters, paused, backgroundImage, images, targets }
}
