import type { FastifyPluginAsync } from 'fastify'
import { StageService } from '@streams/wire/rest/stage'
import { stageKey, type Stage } from '@streams/wire/stage'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import { Code, requireHost, requireLive } from '../rooms/access'
import { listLiveStreams } from '../store/broadcast'
import { reserveStageUid } from '../store/stage-uids'
import type { RouteOptions } from './options'

/**
 * Media stages (Agora mode, streams/wire/stage.ts): a host's client asks for the room's uid of a
 * stage and a publisher token for it, again whenever that token nears its end.
 */
export const stageRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps
  registerService(
    app,
    StageService,
    {
      async stageToken({ params, body, who }) {
        const issue = deps.media.issueStage?.bind(deps.media)
        if (!issue)
          throw new ApiFailure(Code.notConfigured, 'stages exist in Agora mode only', {
            status: 400,
            reason: 'localMode',
          })
        if (body.stage === 'language' && !body.streamId)
          throw new ApiFailure(400, "params: streamId can't be empty", {
            status: 400,
            field: 'streamId',
            reason: 'empty',
          })
        const stage: Stage =
          body.stage === 'language'
            ? { stage: 'language', streamId: body.streamId! }
            : { stage: 'board' }
        const { room } = await refusedAs(403, async () => {
          const found = await requireHost(db, params.roomId, who)
          requireLive(found.room)
          return found
        })
        if (
          stage.stage === 'language' &&
          !(await listLiveStreams(db, room.room_id)).some((s) => s.streamId === stage.streamId)
        )
          throw new ApiFailure(Code.live, 'no such language stream', {
            status: 404,
            field: 'streamId',
            reason: 'noStream',
          })
        const uid = await reserveStageUid(db, room.room_id, stageKey(stage), deps.now())
        return { uid, token: issue(room.channel_name, uid) }
      },
    },
    options,
  )
}

/** The refusals of `check` (no room, not in it, not a host, ended) with this HTTP status. */
async function refusedAs<T>(status: number, check: () => Promise<T>): Promise<T> {
  try {
    return await check()
  } catch (error) {
    if (error instanceof ApiFailure)
      throw new ApiFailure(error.code, error.message, { ...error.detail, status })
    throw error
  }
}
