import { randomInt } from 'node:crypto'
import type { FastifyPluginAsync } from 'fastify'
import type { Member } from '@streams/wire/member'
import { InputService, type InputUser } from '@streams/wire/rest/inputs'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import { Code, isHost, loadRoom, requireHost, requireLive, requireMember } from '../rooms/access'
import { newStreamKey } from '../rooms/inputs'
import {
  deleteInputUser,
  insertInputUser,
  listInputUsers,
  type InputUserRow,
} from '../store/broadcast'
import type { RoomRow } from '../store/rooms'
import type { RouteOptions } from './options'

/** A 4-digit uid ([RTMP-1]): what marks an input user. */
const inputUid = () => String(randomInt(1000, 10_000))

/** The host of the request, without its port: where encoders reach this server. */
const hostOf = (hostname: string) => hostname.replace(/:\d+$/, '') || 'localhost'

/**
 * Input users (a project addition for spec §1's "third-party pulled-stream and RTMP input
 * users"): a host adds an RTMP input (and is given the ingest URL and a secret stream key) or a
 * URL to pull; what arrives shows in the room as that input's 4-digit uid, through the SFU.
 */
export const inputRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db, ingest } = deps

  const view = (row: InputUserRow, viewer: Member, host: string): InputUser => {
    const state = ingest.inputs?.state(row.room_id, row.uid) ?? { kind: 'idle' as const }
    const hosting = isHost(viewer)
    return {
      uid: row.uid,
      name: row.name,
      kind: row.kind,
      state: state.kind,
      error: state.kind === 'retrying' ? state.reason : '',
      ingestUrl: hosting && row.kind === 'rtmp' ? ingest.ingestUrl(host) : '',
      streamKey: hosting ? row.stream_key : '',
      sourceUrl: hosting ? row.source_url : '',
    }
  }
  const list = async (room: RoomRow, viewer: Member, host: string) =>
    (await listInputUsers(db, room.room_id)).map((row) => view(row, viewer, host))

  registerService(
    app,
    InputService,
    {
      async list({ params, who, request }) {
        const room = await loadRoom(db, params.roomId)
        const me = await requireMember(db, room, who)
        return list(room, me, hostOf(request.hostname))
      },

      async add({ params, body, who, request }) {
        const { room, me } = await requireHost(db, params.roomId, who)
        requireLive(room)
        const inputs = ingest.inputs
        if (!inputs)
          throw new ApiFailure(Code.live, `inputs are unavailable: ${ingest.why}`, {
            reason: 'inputsUnavailable',
          })
        const row = await insertInputUser(db, {
          room_id: room.room_id,
          kind: body.kind,
          name: body.name,
          stream_key: body.kind === 'rtmp' ? newStreamKey() : '',
          source_url: body.kind === 'pull' ? body.sourceUrl : '',
          created_by: me.uid,
          now: deps.now(),
          uids: inputUid,
        })
        if (!row)
          throw new ApiFailure(Code.conflict, 'no free input uid in this room', {
            reason: 'noInputUid',
          })
        if (row.kind === 'pull') inputs.pull(room, row)
        return view(row, me, hostOf(request.hostname))
      },

      async delete({ params, body, who, request }) {
        const { room, me } = await requireHost(db, params.roomId, who)
        const row = await deleteInputUser(db, room.room_id, body.uid, deps.now())
        if (!row) throw new ApiFailure(Code.noMember, 'no such input', { reason: 'noInput' })
        await ingest.inputs?.stop(room.room_id, row.uid)
        return list(room, me, hostOf(request.hostname))
      },
    },
    options,
  )
}
