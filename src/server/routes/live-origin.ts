import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import send from '@fastify/send'
import { Type, type Static } from '@sinclair/typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { holds, readPlaylistState, tooFar } from '../media/compose/ll-hls-playlist'
import { LiveWatch } from '../media/compose/ll-hls-watch'

/** The files of a live stream: its playlist, initialization sections, parts and segments. */
export const LIVE_FILE = /^(index\.m3u8|init\d{1,15}\.mp4|[ps]\d{1,15}\.m4s)$/

/** A blocking playlist reload's delivery directives (RFC 8216bis 6.2.5). */
export const LiveQuerySchema = Type.Object({
  _HLS_msn: Type.Optional(Type.Integer({ minimum: 0 })),
  _HLS_part: Type.Optional(Type.Integer({ minimum: 0 })),
  _HLS_skip: Type.Optional(Type.String({ maxLength: 8 })),
})
export type LiveQuery = Static<typeof LiveQuerySchema>

/** How long a request may be held for what it waits for, in target durations (the spec's bound). */
const HOLD_TARGETS = 3
/** Parts past the hinted one a request may wait for (a player reading ahead a little). */
const PARTS_AHEAD = 2

export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  headers: Record<string, string>,
): Promise<FastifyReply> {
  const {
    statusCode,
    headers: sent,
    stream,
  } = await send(request.raw, path, {
    acceptRanges: true,
    cacheControl: false,
    etag: true,
    lastModified: true,
    dotfiles: 'deny',
  })
  return reply
    .code(statusCode)
    .headers({ ...sent, ...headers })
    .send(stream)
}

const fail = (reply: FastifyReply, code: number, msg: string) =>
  reply.code(code).send({ code, msg })

/**
 * A live stream's files, as a CDN's origin serves low-latency HLS:
 * - the playlist, never cached; with `_HLS_msn` (and `_HLS_part`) held until it lists that
 *   segment (or part) or a later one, three target durations at most (then 503); a directive too
 *   far ahead is 400 at once, as is a part without its segment;
 * - parts and segments, whose names are never reused (cached a minute); the part the playlist
 *   hints (or one or two after it) is held until it is written.
 */
export async function serveLive(
  request: FastifyRequest,
  reply: FastifyReply,
  dir: string,
  file: string,
  query: LiveQuery,
): Promise<FastifyReply> {
  if (file === 'index.m3u8') return servePlaylist(reply, dir, query)
  const path = join(dir, file)
  if (!existsSync(path)) {
    const wait = await hinted(dir, file)
    if (!wait) return fail(reply, 404, 'not live')
    const held = await LiveWatch.of(dir).until(() => existsSync(path), wait)
    if (held === 'timeout' || !existsSync(path)) return fail(reply, 404, 'not live')
  }
  return sendFile(request, reply, path, {
    'content-type': file.endsWith('.mp4') ? 'video/mp4' : 'video/iso.segment',
    'cache-control': 'public, max-age=60',
  })
}

/** How long to hold a request for part `file` (ms), or 0 when it is not about to be written. */
async function hinted(dir: string, file: string): Promise<number> {
  const wanted = /^p(\d+)\.m4s$/.exec(file)?.[1]
  const text = await readFile(join(dir, 'index.m3u8'), 'utf8').catch(() => undefined)
  if (!wanted || !text) return 0
  const state = readPlaylistState(text)
  const hint = /^p(\d+)\.m4s$/.exec(state.hint ?? '')?.[1]
  if (state.ended || !hint) return 0
  const ahead = Number(wanted) - Number(hint)
  return ahead >= 0 && ahead <= PARTS_AHEAD ? HOLD_TARGETS * state.targetDuration * 1000 : 0
}

async function servePlaylist(
  reply: FastifyReply,
  dir: string,
  query: LiveQuery,
): Promise<FastifyReply> {
  // Read whole into memory (a few kilobytes, replaced by a rename at every part): streamed from a
  // stat taken before the rename, a player could get a length that no longer matches.
  let text = await readFile(join(dir, 'index.m3u8'), 'utf8').catch(() => undefined)
  if (!text) return fail(reply, 404, 'not live')
  const { _HLS_msn: msn, _HLS_part: part } = query
  if (part !== undefined && msn === undefined) return fail(reply, 400, '_HLS_part needs _HLS_msn')
  if (msn !== undefined) {
    const directive = { msn, part }
    const state = readPlaylistState(text)
    if (tooFar(state, directive)) return fail(reply, 400, 'that segment or part is too far ahead')
    if (!holds(state, directive)) {
      const held = await LiveWatch.of(dir).until(
        (read) => read !== undefined && holds(read.state, directive),
        HOLD_TARGETS * state.targetDuration * 1000,
      )
      if (held === 'timeout' || held === undefined)
        return fail(reply, 503, 'that segment or part did not come in time')
      text = held.text
    }
  }
  return reply
    .headers({
      'content-type': 'application/vnd.apple.mpegurl',
      'cache-control': 'no-cache, no-store',
    })
    .send(text)
}
