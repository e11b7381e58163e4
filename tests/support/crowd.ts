import type { Member } from '../../streams/wire/member'
import type { App } from '../../src/server/app'
import { announceMember } from '../../src/server/rooms/entry'
import { addMember } from '../../src/server/store/seats'
import { findActiveRoomByName } from '../../src/server/store/rooms'

/**
 * Seeds `count` conferees straight into the database of a real server, each announced on the
 * room's channel the way the entry route announces an arrival (entering thousands of people
 * through the entry route is what `bench:admission` measures, not what a list test needs).
 * Arrivals come in waves of 250, as a crowd does, not as one burst.
 */
export async function seedCrowd(
  app: App,
  roomName: string,
  count: number,
  /** Called once, when half the crowd has arrived (awaited), with the members seeded so far. */
  halfway?: (seeded: readonly Member[]) => void | Promise<void>,
): Promise<void> {
  const room = await findActiveRoomByName(app.db, roomName)
  if (!room) throw new Error(`no room ${roomName}`)
  const seeded: Member[] = []
  for (let i = 0; i < count; i++) {
    if (i > 0 && i % 250 === 0) await new Promise((resolve) => setTimeout(resolve, 250))
    if (i === Math.floor(count / 2)) await halfway?.(seeded)
    const member = await addMember(app.db, {
      roomId: room.room_id,
      userId: `seed${i}`,
      userName: crowdName(i),
      userPhoto: '',
      role: 2,
      enableAudio: 0,
      enableVideo: 0,
      now: Date.now(),
    })
    announceMember(app.deps, room.channel_name, member, 'join')
    seeded.push(member)
  }
}

/** The name of the i-th seeded member: 'Member 00042'. */
export const crowdName = (i: number): string => `Member ${String(i).padStart(5, '0')}`
