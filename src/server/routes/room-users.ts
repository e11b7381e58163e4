import type { FastifyPluginAsync } from 'fastify'
import { Cmd } from '@streams/wire/channel'
import type { Member } from '@streams/wire/member'
import { RoomUserService } from '@streams/wire/rest/room-users'
import { Role } from '@streams/wire/roles'
import { ApiFailure } from '../http/errors'
import { registerService } from '../http/register'
import { Code, isHost, loadRoom, requireAction, requireLive, requireMember } from '../rooms/access'
import { memberGone } from '../rooms/departure'
import { setBoardGrant, setMediaFlag, type MediaField } from '../rooms/grants'
import {
  answerApplication,
  answerInvite,
  apply,
  cancelRequest,
  invite,
  takeRequest,
} from '../rooms/requests'
import { findPresentMember, getMember, updateMember } from '../store/members'
import { projectionMember } from '../store/projections'
import { clearScreenGrants } from '../store/room-members'
import { toRoomInfo, updateRoom } from '../store/rooms'
import type { RouteOptions } from './options'

const actorOf = (m: Member) => ({ userId: m.userId, userName: m.userName })

/** Member routes of the room service (spec §7): media flags, grants, exit and kick, host change. */
export const roomUserRoutes: FastifyPluginAsync<RouteOptions> = async (
  app,
  { deps, register: options },
) => {
  const { db } = deps
  const target = async (roomId: string, key: string) => {
    const member = await findPresentMember(db, roomId, key)
    // [BOARD-9] a change for an unknown member is aborted.
    if (!member) throw new ApiFailure(Code.noMember, 'no matching audience', { reason: 'noMember' })
    return member
  }

  registerService(
    app,
    RoomUserService,
    {
      async mediaFlag({ params, body, who }) {
        const room = await loadRoom(db, params.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const member = await target(room.room_id, params.userId)
        const self = member.uid === me.uid
        let result = member
        for (const field of ['enableAudio', 'enableVideo', 'enableChat', 'grantBoard'] as const) {
          const value = body[field]
          if (value === undefined) continue
          const type = { enableAudio: 1, enableVideo: 2, grantBoard: 3, enableChat: 4 }[field] as
            1 | 2 | 3 | 4
          if (!self) requireAction(me, field === 'grantBoard' ? 'grantBoard' : 'grantMedia')
          // Turning your own state on needs a host's invitation ([ROLE-4]); off is always allowed.
          else if (
            value === 1 &&
            !isHost(me) &&
            !(await takeRequest(deps, room, 'invite', member.uid, type))
          )
            throw new ApiFailure(
              Code.forbidden,
              'only a host may turn this on for you: apply first',
              {
                reason: 'forbidden',
              },
            )
          result =
            field === 'grantBoard'
              ? (await setBoardGrant(deps, room, actorOf(me), result, value)).member
              : await setMediaFlag(deps, room, actorOf(me), result, field as MediaField, value)
        }
        return result
      },

      async grantBoard({ params, body, who }) {
        const room = await loadRoom(db, params.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const member = await target(room.room_id, params.userId)
        const selfRevoke = member.uid === me.uid && body.grant === 0
        if (!selfRevoke) requireAction(me, 'grantBoard')
        const result = await setBoardGrant(deps, room, actorOf(me), member, body.grant)
        return { member: result.member, room: toRoomInfo(result.room) }
      },

      async grantScreen({ params, body, who }) {
        const room = await loadRoom(db, params.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const member = await target(room.room_id, params.userId)
        const self = member.uid === me.uid
        if (body.grant === 1) {
          if (!self)
            throw new ApiFailure(Code.forbidden, 'a member starts its own screen share', {
              reason: 'forbidden',
            })
          // [ROLE-4] only a publisher shares: a host, or a conferee with audio or video granted.
          requireAction(me, 'shareScreen')
          if (!isHost(me) && !me.enableAudio && !me.enableVideo)
            throw new ApiFailure(
              Code.forbidden,
              'only a host or a granted speaker may share the screen',
              {
                reason: 'forbidden',
              },
            )
        } else if (!self) requireAction(me, 'closeShareScreen')
        const now = deps.now()
        const updated = await db.transaction(async (tx) => {
          // One screen share at a time: 0 clears all sharers ([SCREEN-1]).
          await clearScreenGrants(tx, room.room_id)
          if (body.grant === 1) await updateMember(tx, room.room_id, member.uid, { grantScreen: 1 })
          return updateRoom(tx, room.room_id, { shareScreen: body.grant }, now)
        })
        if (!self)
          deps.announce.channel(room.channel_name, Cmd.endHostShare, {
            ...actorOf(me),
            uid: member.uid,
          })
        deps.announce.channel(room.channel_name, Cmd.screenShare, {
          ...actorOf(me),
          uid: member.uid,
          screenShare: body.grant,
          screenId: member.screenId,
        })
        const fresh = (await getMember(db, room.room_id, member.uid)) ?? member
        return { member: fresh, room: toRoomInfo(updated) }
      },

      async exit({ params, query, who }) {
        const room = await loadRoom(db, params.roomId)
        const member = await getMember(db, room.room_id, params.uid)
        if (!member)
          throw new ApiFailure(Code.noMember, 'no matching audience', { reason: 'noMember' })
        if (member.userId === who.userId) {
          if (query.reason === 'kickUserBy')
            throw new ApiFailure(Code.forbidden, 'you cannot kick yourself', {
              reason: 'forbidden',
            })
          await memberGone(deps, room, member, 'leave')
          return null
        }
        // [KICK-1] another member's exit is a kick, a host's power.
        const me = await requireMember(db, room, who)
        requireAction(me, 'kick')
        if (member.userState === 0)
          throw new ApiFailure(Code.noMember, 'no matching audience', { reason: 'noMember' })
        await memberGone(deps, room, member, 'kickUserBy', actorOf(me))
        return null
      },

      async setHost({ params, body, who }) {
        const room = await loadRoom(db, params.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        requireAction(me, 'setHost')
        const chosen = body.find((u) => u.role === Role.host)
        const old = body.find((u) => u.role === Role.conferee)
        if (!chosen || !old || chosen.uid !== params.uid)
          throw new ApiFailure(
            400,
            'params: the body names the old host (role 2) and the new host (role 1, the uid of the path)',
            {
              status: 400,
              field: 'body',
              reason: 'invalid',
            },
          )
        // [HOST-5] the new host must be in the audience list.
        const newHost = await findPresentMember(db, room.room_id, chosen.uid)
        if (!newHost || newHost.role !== Role.conferee)
          throw new ApiFailure(Code.noMember, 'no matching audience', { reason: 'noMember' })
        const oldHost = await findPresentMember(db, room.room_id, old.uid)
        if (!oldHost || oldHost.role !== Role.host)
          throw new ApiFailure(Code.noMember, 'the old host is not a host of this room', {
            reason: 'noMember',
          })
        const members = await db.transaction(async (tx) => {
          const a = await updateMember(tx, room.room_id, oldHost.uid, { role: Role.conferee })
          const b = await updateMember(tx, room.room_id, newHost.uid, { role: Role.host })
          await updateRoom(tx, room.room_id, { replacedHostUid: oldHost.uid }, deps.now())
          return [a, b].filter((m): m is Member => Boolean(m))
        })
        deps.announce.channel(room.channel_name, Cmd.hostChanged, {
          ...actorOf(me),
          oldHostUid: oldHost.uid,
          newHostUid: newHost.uid,
        })
        return members
      },

      async invite({ params, body, who }) {
        const room = await loadRoom(db, params.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const other = await target(room.room_id, params.userId)
        if (isHost(me) && body.action === 1) return invite(deps, room, me, other, body.type)
        if (isHost(me) && body.action === 3)
          return cancelRequest(deps, room, 'invite', me, other, body.type)
        // Only a host invites ([APPLY-4]); others answer a host's invitation.
        if (!isHost(other)) requireAction(me, 'invite')
        return answerInvite(deps, room, me, other, body.type, body.action)
      },

      async apply({ params, body, who }) {
        const room = await loadRoom(db, params.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        if (body.to) {
          const applicant = await target(room.room_id, body.to)
          if (body.action === 3)
            throw new ApiFailure(400, 'params: an application is cancelled by its applicant', {
              status: 400,
              field: 'action',
              reason: 'invalid',
            })
          return answerApplication(deps, room, me, applicant, body.type, body.action)
        }
        if (body.action === 3) return cancelRequest(deps, room, 'apply', me, undefined, body.type)
        if (body.action !== 1)
          throw new ApiFailure(400, "params: to can't be empty", {
            status: 400,
            field: 'to',
            reason: 'empty',
          })
        return apply(deps, room, me, body.type)
      },

      async joinName({ body, who }) {
        const room = await loadRoom(db, body.roomId)
        requireLive(room)
        const me = await requireMember(db, room, who)
        const member = body.uid ? await target(room.room_id, body.uid) : me
        if (member.uid !== me.uid) requireAction(me, 'manageRoom')
        const name = body.joinName.trim()
        if (!name)
          throw new ApiFailure(400, "params: joinName can't be empty", {
            status: 400,
            field: 'joinName',
            reason: 'empty',
          })
        const updated = await updateMember(db, room.room_id, member.uid, { userName: name })
        if (!updated)
          throw new ApiFailure(Code.noMember, 'no matching audience', { reason: 'noMember' })
        deps.announce.channel(room.channel_name, Cmd.joinName, {
          ...actorOf(me),
          uid: member.uid,
          name,
        })
        return updated
      },

      async projectionSelect({ params, who }) {
        const room = await loadRoom(db, params.roomId)
        await requireMember(db, room, who)
        const member = await projectionMember(db, room.room_id, params.id)
        if (!member)
          throw new ApiFailure(Code.noMember, 'no matching audience', { reason: 'noMember' })
        return member
      },
    },
    options,
  )
}
