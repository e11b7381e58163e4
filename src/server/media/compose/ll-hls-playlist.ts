/**
 * The low-latency HLS media playlist (RFC 8216bis, protocol version 9): written from the part
 * writer's window, and read back by the origin to answer blocking reloads (`_HLS_msn`,
 * `_HLS_part`) in whichever process serves the request.
 */

export interface PlaylistPart {
  readonly name: string
  readonly duration: number
  /** Starts with a key frame. */
  readonly independent: boolean
}

export interface PlaylistSegment {
  readonly msn: number
  /** Its file once complete (the parts put together); undefined while parts still come. */
  readonly name: string | undefined
  readonly duration: number
  readonly parts: readonly PlaylistPart[]
  /** Its initialization section (`EXT-X-MAP`). */
  readonly map: string
  /** Discontinuity sequence number: a new stream (ffmpeg started again) starts a new one. */
  readonly discontinuity: number
}

export interface PlaylistShape {
  readonly targetDuration: number
  readonly partTarget: number
  /** How far behind the live edge a low-latency player stays (seconds). */
  readonly partHoldBack: number
  /** Segments whose parts stay listed (the last ones). */
  readonly partSegments: number
}

const seconds = (s: number): string => s.toFixed(5)

/**
 * The playlist of `segments` (oldest first; the last may be open). `next` is the name the next
 * part will have (the preload hint); none once the stream has ended.
 */
export function renderPlaylist(
  shape: PlaylistShape,
  segments: readonly PlaylistSegment[],
  next: string | undefined,
): string {
  const first = segments[0]
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:9',
    `#EXT-X-TARGETDURATION:${shape.targetDuration}`,
    `#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=${seconds(shape.partHoldBack)},HOLD-BACK=${seconds(3 * shape.targetDuration)}`,
    `#EXT-X-PART-INF:PART-TARGET=${seconds(shape.partTarget)}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.msn ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first?.discontinuity ?? 0}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ]
  const complete = segments.filter((s) => s.name !== undefined).length
  let previous: PlaylistSegment | undefined
  segments.forEach((segment, i) => {
    if (previous && previous.discontinuity !== segment.discontinuity)
      lines.push('#EXT-X-DISCONTINUITY')
    if (!previous || previous.map !== segment.map) lines.push(`#EXT-X-MAP:URI="${segment.map}"`)
    // Parts of the last segments only (a player joins and plays near the live edge).
    if (i >= complete - shape.partSegments)
      for (const part of segment.parts)
        lines.push(
          `#EXT-X-PART:DURATION=${seconds(part.duration)},URI="${part.name}"${part.independent ? ',INDEPENDENT=YES' : ''}`,
        )
    if (segment.name !== undefined)
      lines.push(`#EXTINF:${seconds(segment.duration)},`, segment.name)
    previous = segment
  })
  if (next === undefined) lines.push('#EXT-X-ENDLIST')
  else lines.push(`#EXT-X-PRELOAD-HINT:TYPE=PART,URI="${next}"`)
  return `${lines.join('\n')}\n`
}

/** What a blocking reload needs to know of a playlist. */
export interface PlaylistState {
  readonly ended: boolean
  readonly targetDuration: number
  readonly partTarget: number
  /** The last segment listed (complete or not), and the index of its last part (-1: none listed). */
  readonly lastMsn: number
  readonly lastPart: number
  /** The last complete segment (-1 below the first: none yet). */
  readonly lastCompleteMsn: number
  /** Part files listed, and the one hinted. */
  readonly parts: ReadonlySet<string>
  readonly hint: string | undefined
}

/** Reads back a playlist written by `renderPlaylist`. */
export function readPlaylistState(text: string): PlaylistState {
  const number = (tag: string): number =>
    Number(new RegExp(`^#${tag}:([\\d.]+)`, 'm').exec(text)?.[1] ?? 0)
  let msn = number('EXT-X-MEDIA-SEQUENCE')
  let part = -1
  let lastCompleteMsn = msn - 1
  const parts = new Set<string>()
  let hint: string | undefined
  for (const line of text.split('\n')) {
    if (line.startsWith('#EXT-X-PART:')) {
      part++
      const uri = /URI="([^"]+)"/.exec(line)?.[1]
      if (uri) parts.add(uri)
    } else if (line.startsWith('#EXTINF:')) {
      lastCompleteMsn = msn
      msn++
      part = -1
    } else if (line.startsWith('#EXT-X-PRELOAD-HINT:')) hint = /URI="([^"]+)"/.exec(line)?.[1]
  }
  const open = part >= 0
  return {
    ended: /^#EXT-X-ENDLIST/m.test(text),
    targetDuration: number('EXT-X-TARGETDURATION'),
    partTarget: Number(/PART-TARGET=([\d.]+)/.exec(text)?.[1] ?? 0),
    lastMsn: open ? msn : lastCompleteMsn,
    lastPart: open ? part : -1,
    lastCompleteMsn,
    parts,
    hint,
  }
}

/** A blocking reload's request: a segment, and a part of it (or a whole segment). */
export interface Directive {
  readonly msn: number
  readonly part: number | undefined
}

/**
 * Whether the playlist holds what the directive waits for (RFC 8216bis 6.2.5.2): segment `msn`
 * (whole) or later; with a part, part `part` of segment `msn` or a later part. A segment that
 * ended with fewer parts is followed by the next segment's first part. An ended stream holds
 * all it ever will.
 */
export function holds(state: PlaylistState, { msn, part }: Directive): boolean {
  if (state.ended) return true
  if (part === undefined) return state.lastCompleteMsn >= msn
  if (msn < state.lastMsn) return true
  return msn === state.lastMsn && state.lastPart >= part
}

/**
 * A directive too far ahead to wait for (answered 400 at once): a segment more than two past the
 * last one, or a part more than the Advance Part Limit past the last part (three part target
 * durations' worth of parts, or three, whichever is more).
 */
export function tooFar(state: PlaylistState, { msn, part }: Directive): boolean {
  if (state.ended) return false
  if (msn > state.lastMsn + 2) return true
  if (part === undefined) return false
  const limit = state.partTarget < 1 ? Math.floor(3 / state.partTarget) : 3
  if (msn === state.lastMsn) return part > state.lastPart + limit
  return msn > state.lastMsn && part > limit
}
