import { Cmd } from '@streams/wire/channel'
import type { Deps } from './deps'
import { SERVER_ACTOR } from './rooms/announce'
import { memberGone } from './rooms/departure'
import { endMeeting } from './rooms/room-state'
import { getMember, staleMembers, touchMembers } from './store/members'
import { markHostedRoomsSeen, roomsDue, withdrawInactiveWarning } from './store/room-timers'
import { getRoom, updateRoom } from './store/rooms'

/**
 * Background work of one server process, each on its own timer:
 * - presence ([KICK-2]): this process marks the members it holds a realtime connection for as
 *   seen; a present member not seen for the grace period (its connection dropped and did not
 *   come back, or never came) is removed with reason serverTimeOut and announced, freeing its
 *   seat. Several processes sharing one database each refresh their own members.
 * - rooms: a room without a host for `inactiveAfterMs` is warned (cmd 25), and ended (cmd 26)
 *   when nobody cancels within `inactiveGraceMs` ([INACTIVE-1], [INACTIVE-3]); a room past its
 *   time limit ends ([COUNT-2]).
 */
export function startJobs(deps: Deps): { stop(): void } {
  const grace = deps.settings.presenceGraceMs
  const timers: ReturnType<typeof setInterval>[] = []
  const every = (ms: number, name: string, job: () => Promise<void>) => {
    let running = false
    const timer = setInterval(
      async () => {
        if (running) return
        running = true
        try {
          await job()
        } catch (error) {
          deps.log.error({ err: error }, `${name} job failed`)
        } finally {
          running = false
        }
      },
      Math.max(50, ms),
    )
    timer.unref?.()
    timers.push(timer)
  }
  every(grace / 3, 'presence', () => presence(deps))
  // With several processes, one of them at a time warns and ends rooms.
  const roomsEvery =
    Math.min(deps.settings.inactiveGraceMs, deps.settings.inactiveAfterMs, 60_000) / 2
  every(roomsEvery, 'rooms', async () => {
    if (await deps.shared.bus.lead('rooms', Math.max(1000, roomsEvery * 3))) await rooms(deps)
  })
  // Cloud recordings that run elsewhere (Agora's) are watched by one process at a time.
  const { recording } = deps
  if (recording.watch && recording.watchMs)
    every(recording.watchMs, 'recording', async () => {
      if (await deps.shared.bus.lead('recording', Math.max(1000, recording.watchMs! * 3)))
        await recording.watch!(deps)
    })
  return {
    stop: () => timers.forEach((t) => clearInterval(t)),
  }
}

export async function presence(deps: Deps): Promise<void> {
  const now = deps.now()
  // Input users are present while their media arrives (they hold no realtime connection).
  // Those seen within half the grace are not written again: the check below, on the same
  // clock, comes after this, so a member online here is never stale there.
  await touchMembers(
    deps.db,
    [...deps.hub.onlineUids(), ...(deps.ingest.inputs?.liveUids() ?? [])],
    now,
    now - deps.settings.presenceGraceMs / 2,
  )
  const stale = await staleMembers(deps.db, now - deps.settings.presenceGraceMs)
  // Connected to another process of a cluster: that process marks it seen.
  const online = await deps.shared.online(stale.map((m) => m.uid))
  for (const { roomId, uid } of stale) {
    if (online[uid] || deps.ingest.inputs?.busy(roomId, uid)) continue
    const [room, member] = await Promise.all([
      getRoom(deps.db, roomId),
      getMember(deps.db, roomId, uid),
    ])
    if (room && member) await memberGone(deps, room, member, 'serverTimeOut')
  }
}

export async function rooms(deps: Deps): Promise<void> {
  const now = deps.now()
  const { inactiveAfterMs, inactiveGraceMs, meetingMaxMinutes } = deps.settings
  // Rooms with a host present are active: their host was seen now, and a warning is withdrawn.
  const hosted = await markHostedRoomsSeen(deps.db, now)
  for (const { channel } of hosted.filter((r) => r.warned)) {
    await withdrawInactiveWarning(deps.db, channel)
    deps.announce.channel(channel, Cmd.cancelPopupOfInactiveRoom, { ...SERVER_ACTOR })
  }
  const due = await roomsDue(deps.db, {
    hostlessSince: now - inactiveAfterMs,
    warnedBefore: now - inactiveGraceMs,
    maxMinutes: meetingMaxMinutes,
    startedBefore: now - meetingMaxMinutes * 60_000,
  })
  for (const room of due) {
    const fresh = await getRoom(deps.db, room.room_id)
    if (!fresh || fresh.state === 0) continue
    const overTime =
      meetingMaxMinutes > 0 && Number(fresh.start_time) < now - meetingMaxMinutes * 60_000
    if (overTime) {
      await endMeeting(deps, fresh, SERVER_ACTOR, 'countdown')
    } else if (fresh.inactive_warned_at === null) {
      await updateRoom(deps.db, fresh.room_id, { inactiveWarnedAt: now }, now)
      deps.announce.channel(fresh.channel_name, Cmd.confirmInactiveRoom, {
        ...SERVER_ACTOR,
        seconds: Math.round(inactiveGraceMs / 1000),
      })
    } else {
      deps.announce.channel(fresh.channel_name, Cmd.exitInactiveRoom, { ...SERVER_ACTOR })
      await endMeeting(deps, fresh, SERVER_ACTOR, 'inactive')
    }
  }
}
