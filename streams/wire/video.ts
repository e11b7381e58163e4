import { Type, type Static } from '@sinclair/typebox'
import type { ScreenPreset, VideoProfile } from './media'

/** Layouts ([LAYOUT-1]); p_all_1 is the default. */
export const LAYOUTS = [
  'p_board_column',
  'p_board_row',
  'p_all_1',
  'p_17_1',
  'p_8_1',
  'p_9_1',
] as const
export type LayoutName = (typeof LAYOUTS)[number]
export const DEFAULT_LAYOUT: LayoutName = 'p_all_1'
export const LayoutNameSchema = Type.Union(LAYOUTS.map((name) => Type.Literal(name)))

/** Where a uid's tile sits in a layout ([LAYOUT-1]). */
export const PositionTypeSchema = Type.Union([Type.Literal('inner'), Type.Literal('right')])
export type PositionType = Static<typeof PositionTypeSchema>

const p = (width: number, height: number, bitrate: number, frameRate: number): VideoProfile => ({
  width,
  height,
  bitrate,
  frameRate,
})

/** The large and other tile profiles of each layout ([VIDEO-1] to [VIDEO-4], [VIDEO-7]). */
export interface LayoutProfiles {
  readonly large: VideoProfile
  readonly other: VideoProfile
}

export const LAYOUT_PROFILES: Readonly<Record<LayoutName, LayoutProfiles>> = {
  // [VIDEO-1] layouts with 17 or 8 users
  p_17_1: { large: p(660, 280, 260, 30), other: p(240, 100, 240, 15) },
  p_8_1: { large: p(660, 280, 260, 30), other: p(240, 100, 240, 15) },
  // [VIDEO-2] the all-1 layout
  p_all_1: { large: p(720, 300, 310, 30), other: p(192, 80, 120, 15) },
  // [VIDEO-3] board column
  p_board_column: { large: p(1280, 720, 1130, 15), other: p(220, 120, 80, 15) },
  // [VIDEO-4] board row; the spec gives no frame rate, so it keeps the board column's 15 fps
  p_board_row: { large: p(848, 480, 610, 15), other: p(220, 120, 80, 15) },
  // [VIDEO-7] the 9-user layout: all 600 kbps 24 fps; other sizes depend on the tile count
  p_9_1: { large: p(940, 400, 600, 24), other: p(310, 125, 600, 24) },
}

/** [VIDEO-3] The board column layout's extra profiles (width, height, kbps; 15 fps). */
export const BOARD_COLUMN_EXTRAS: readonly VideoProfile[] = [
  p(848, 480, 610, 15),
  p(900, 500, 500, 15),
  p(320, 320, 200, 15),
]

/** [VIDEO-5] Mobile publishes one fixed profile. */
export const MOBILE_PROFILE: VideoProfile = p(640, 480, 500, 15)

/**
 * [VIDEO-6] Size of the other tiles by the count of others (in the 17- and 8-user layouts):
 * 1 is 720x280; 2 is 360x280; 3 or 4 is 360x140; 5 or 6 is 240x140; 7 to 9 (and more) is 240x100.
 */
export function sizeByOthers(others: number): { width: number; height: number } {
  if (others <= 1) return { width: 720, height: 280 }
  if (others === 2) return { width: 360, height: 280 }
  if (others <= 4) return { width: 360, height: 140 }
  if (others <= 6) return { width: 240, height: 140 }
  return { width: 240, height: 100 }
}

/**
 * [VIDEO-7] The 9-user layout's tile size by tile count: one tile is the large 940x400; 2 tiles
 * 400x240; 3 to 4 tiles 424x180; 5 to 6 tiles 455x125; more than 6 tiles 310x125.
 */
export function nineLayoutSize(tiles: number): { width: number; height: number } {
  if (tiles <= 1) return { width: 940, height: 400 }
  if (tiles === 2) return { width: 400, height: 240 }
  if (tiles <= 4) return { width: 424, height: 180 }
  if (tiles <= 6) return { width: 455, height: 125 }
  return { width: 310, height: 125 }
}

/** [SCREEN-4] Screen-share presets: size, fps, kbps exactly as spec §9 lists them. */
export const SCREEN_PRESETS: Readonly<Record<ScreenPreset['name'], ScreenPreset>> = {
  '720p': { name: '720p', width: 1280, height: 720, frameRate: 5, bitrate: 800 },
  '720p_2': { name: '720p_2', width: 1280, height: 720, frameRate: 24, bitrate: 2000 },
  '720p_3': { name: '720p_3', width: 1280, height: 720, frameRate: 15, bitrate: 1130 },
  '1080p': { name: '1080p', width: 1600, height: 900, frameRate: 5, bitrate: 1800 },
  '1080p_2': { name: '1080p_2', width: 1600, height: 900, frameRate: 24, bitrate: 3200 },
  '1080p_3': { name: '1080p_3', width: 1600, height: 900, frameRate: 15, bitrate: 2080 },
}
