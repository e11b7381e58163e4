import type { LanguageStream, Playback, Recording } from '../../ports/rest-types'
import type { LiveStateId } from '../../wire/constants'
import type { Flag } from '../../wire/roles'

/** Live, likes and counts (spec §3 Room live fields, hotNum, usersAmountOfNX). */
export interface LiveState {
  readonly liveState: LiveStateId
  /** The open-live flag ([OPEN-1]). */
  readonly openLive: Flag
  /** A live state was received since entry: the first END is delayed, later ones are not ([LIVE-3]). */
  readonly played: boolean
  /** The END waiting for its 8000 ms ([LIVE-3]). */
  readonly pending: LiveStateId | null
  /** The live URL list: one CDN stream per language ([ENTRY-3]). */
  readonly liveUrls: readonly LanguageStream[]
  /** Our own HLS stream of the room, under the app's origin ('' when not live). */
  readonly liveUrl: string
  /** The language stream the audience chose to play (its streamId; '' the room's own). */
  readonly language: string
  /** The interpreted language a member in the meeting listens to (its streamId; '' original). */
  readonly interpretation: string
  readonly playback: Playback | null
  /** The room's recordings, as last loaded (null: not asked yet). */
  readonly recordings: readonly Recording[] | null
  readonly hotNum: number
  readonly likeTotal: number
  readonly usersAmount: number
  readonly converterState: number
  readonly converterMob: Flag
  /** When the cloud recording I started began (epoch ms), for [REC-2]. */
  readonly recordingStartedAt: number | null
}
