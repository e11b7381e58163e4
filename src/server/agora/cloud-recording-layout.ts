import { LiveState } from '@streams/wire/constants'
import type { Member } from '@streams/wire/member'
import { Role } from '@streams/wire/roles'
import { isStageUid } from '@streams/wire/stage'
import { cardUrl, pausedUrl } from '@streams/wire/card-urls'
import { CANVAS, composeLayout } from '@streams/wire/cdn-layout'
import { layoutOf, positionsOf } from '../media/compose/layout'
import type { RoomRow } from '../store/rooms'

/**
 * The composite recording's picture (start's `transcodingConfig`, updateLayout's body) mapped
 * from the room's CDN layout ([LAYOUT-1]): the same places as the local program's, as fractions
 * of the canvas, in a custom layout (mixedVideoLayout 3). A share's place names no uid: Agora
 * puts there the first publisher the list does not name, the screen-share client.
 * https://docs.agora.io/en/api-reference/api-ref/cloud-recording/start (transcodingConfig),
 * https://docs.agora.io/en/cloud-recording/develop/layout (custom layout, layoutConfig).
 */

/** The picture's size, frame rate and bitrate by the recording config's resolution. */
const PROFILES = {
  // Agora's video profile table: 840x480 15 fps 500 kbps, 1280x720 1130, 1920x1080 2080.
  '480p': { width: 848, height: 480, fps: 15, bitrate: 500 },
  '720p': { width: CANVAS.width, height: CANVAS.height, fps: 15, bitrate: 1130 },
  '1080p': { width: 1920, height: 1080, fps: 15, bitrate: 2080 },
} as const
export type RecordingResolution = keyof typeof PROFILES

export interface LayoutRegion {
  readonly uid?: string
  readonly x_axis: number
  readonly y_axis: number
  readonly width: number
  readonly height: number
  readonly alpha: number
  /** 0: cropped to fill (cameras); 1: fitted whole (shares). */
  readonly render_mode: 0 | 1
}

const share = (n: number) => Math.round(n * 10_000) / 10_000

/**
 * The places of the room's present publishers (hosts and conferees), at most 17 (Agora's limit).
 * The shared board's place names `boardUid`, the stage uid its picture is published under by the
 * first host's client (docs/board.md "The board in the live and the recording"); without one the
 * board has no place, as before.
 */
export function layoutRegions(
  room: RoomRow,
  members: readonly Member[],
  boardUid = '',
): LayoutRegion[] {
  const people = members.filter((m) => m.role === Role.host || m.role === Role.conferee)
  const host = people.find((m) => m.role === Role.host)?.uid ?? ''
  const slots = composeLayout({
    layout: layoutOf(room.layout),
    people: people.map((m) => m.uid),
    large: room.large_uid || room.main_screen_uid || host,
    positions: positionsOf(room.layout_items),
    share:
      room.share_screen === 1
        ? { kind: 'screen', uid: '' }
        : room.share_board === 1 && boardUid
          ? { kind: 'board' }
          : null,
  })
  return slots.slice(0, 17).map((slot) => ({
    ...(slot.kind === 'camera'
      ? { uid: slot.key }
      : slot.kind === 'board'
        ? { uid: boardUid }
        : {}),
    x_axis: share(slot.rect.x / CANVAS.width),
    y_axis: share(slot.rect.y / CANVAS.height),
    width: share(slot.rect.width / CANVAS.width),
    height: share(slot.rect.height / CANVAS.height),
    alpha: 1,
    render_mode: slot.kind === 'camera' ? 0 : 1,
  }))
}

/** A person's picture while their camera is off: local mode's name card with its label. */
export interface UserBackground {
  readonly uid: string
  readonly image_url: string
  /** 0: cropped to fill (the card is made at the size of the place). */
  readonly render_mode: 0
}

/**
 * Each placed person's name card (`backgroundConfig`), which Agora shows in their place while
 * their camera sends nothing (https://docs.agora.io/en/api-reference/api-ref/cloud-recording/start,
 * transcodingConfig.backgroundConfig: uid, image_url, render_mode). JPEG: the format Agora's
 * recording reads for these pictures. None without `cardsUrl` (no PUBLIC_URL).
 */
export function userBackgrounds(
  regions: readonly LayoutRegion[],
  members: readonly Member[],
  cardsUrl: string,
): UserBackground[] {
  if (!cardsUrl) return []
  const names = new Map(members.map((m) => [m.uid, m.userName]))
  return regions.flatMap((r): UserBackground[] => {
    if (r.uid === undefined || isStageUid(r.uid)) return []
    const tile = {
      x: 0,
      y: 0,
      width: Math.round(r.width * CANVAS.width),
      height: Math.round(r.height * CANVAS.height),
    }
    const url = cardUrl(cardsUrl, r.uid, names.get(r.uid) ?? '', tile, 'jpg')
    return [{ uid: r.uid, image_url: url, render_mode: 0 }]
  })
}

/**
 * start's transcodingConfig for the room as it is now; with `cardsUrl` (PUBLIC_URL set), each
 * placed person's name card shows while their camera is off, and while the live is paused the
 * picture is local mode's paused slate (the canvas's background image, every place transparent),
 * as local mode's program records it then.
 */
export function transcodingConfig(
  room: RoomRow,
  members: readonly Member[],
  resolution: string,
  cardsUrl = '',
  boardUid = '',
): Record<string, unknown> {
  const profile = PROFILES[resolution as RecordingResolution] ?? PROFILES['720p']
  const regions = layoutRegions(room, members, boardUid)
  const paused = cardsUrl !== '' && room.live_state === LiveState.PAUSE
  const slate = paused ? { backgroundImage: pausedUrl(cardsUrl, 'jpg') } : {}
  // Nobody to place yet: Agora's best fit (1) until the layout is updated.
  if (regions.length === 0)
    return { ...profile, mixedVideoLayout: 1, backgroundColor: '#000000', ...slate }
  if (paused)
    return {
      ...profile,
      mixedVideoLayout: 3,
      backgroundColor: '#000000',
      ...slate,
      layoutConfig: regions.map((r) => ({ ...r, alpha: 0 })),
    }
  const backgrounds = userBackgrounds(regions, members, cardsUrl)
  return {
    ...profile,
    mixedVideoLayout: 3,
    backgroundColor: '#000000',
    layoutConfig: regions,
    ...(backgrounds.length > 0 ? { backgroundConfig: backgrounds } : {}),
  }
}

/** What updateLayout would change: the places, the name cards (names change too), the slate. */
export const layoutKey = (p: Record<string, unknown>) =>
  JSON.stringify([p.layoutConfig, p.backgroundConfig, p.backgroundImage])

/**
 * updateLayout's body from a transcodingConfig. updateLayout replaces every layout setting: the
 * name cards are sent again each time (a field left undefined is left out of the JSON body).
 */
export function updateLayoutBody(picture: Record<string, unknown>): Record<string, unknown> {
  const { mixedVideoLayout, backgroundColor, backgroundImage, layoutConfig, backgroundConfig } =
    picture
  return { mixedVideoLayout, backgroundColor, backgroundImage, layoutConfig, backgroundConfig }
}
