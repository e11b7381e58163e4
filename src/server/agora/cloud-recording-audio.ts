import { stageKey } from '@streams/wire/stage'
import { listLiveStreams } from '../store/broadcast'
import type { Db } from '../store/db'
import { reserveStageUid } from '../store/stage-uids'

type Queryable = Pick<Db, 'query'>

/** Agora's cloud recording takes at most this many uids in a subscription list. */
export const MAX_SUBSCRIPTION_UIDS = 32

/**
 * Whom the recording must not hear, as local mode's recording keeps the room's own sound (track
 * 0): the interpreters, and each interpreted language's stage uid, under which the live pusher's
 * browser publishes that language's mix (reserved now if need be, so the recording leaves it
 * out before it is first published). Sorted; at most 32 (Agora's limit).
 */
export async function unheardUids(db: Queryable, roomId: string, now: number): Promise<string[]> {
  const interpreted = (await listLiveStreams(db, roomId)).filter((s) => s.interpreterUid !== '')
  const uids = new Set(interpreted.map((s) => s.interpreterUid))
  for (const s of interpreted.filter((l) => l.pushUrl !== ''))
    uids.add(
      await reserveStageUid(db, roomId, stageKey({ stage: 'language', streamId: s.streamId }), now),
    )
  return [...uids].sort().slice(0, MAX_SUBSCRIPTION_UIDS)
}

/**
 * The audio subscription of a recording (start's recordingConfig, update's streamSubscribe):
 * everyone but `unheard`; with nobody to leave out, everyone ('#allstream#').
 */
export function audioSubscription(unheard: readonly string[]) {
  return unheard.length > 0
    ? { unSubscribeAudioUids: [...unheard] }
    : { subscribeAudioUids: ['#allstream#'] }
}

/** What follow needs of a running recording and of the API. */
interface Running {
  readonly recording_id: string
  readonly resource_id: string
  readonly sid: string | null
  readonly recorder_uid: string
}
type Update = (
  resourceId: string,
  sid: string,
  cname: string,
  uid: string,
  streamSubscribe: Record<string, unknown>,
) => Promise<void>

/**
 * Each running recording's audio subscription: taken at its start, sent again (update) when the
 * interpreters or the interpreted languages change.
 */
export class RecordingAudio {
  private readonly sent = new Map<string, string>()

  /** Whom a starting recording leaves out (remembered as sent). */
  async atStart(db: Queryable, roomId: string, recordingId: string, now: number) {
    const unheard = await unheardUids(db, roomId, now)
    this.sent.set(recordingId, unheard.join(','))
    return unheard
  }

  /** Sends the subscription again if whom it leaves out changed. */
  async follow(
    db: Queryable,
    room: { readonly room_id: string; readonly channel_name: string },
    row: Running,
    now: number,
    update: Update,
  ): Promise<void> {
    if (!row.sid) return
    const unheard = await unheardUids(db, room.room_id, now)
    const key = unheard.join(',')
    if (this.sent.get(row.recording_id) === key) return
    await update(row.resource_id, row.sid, room.channel_name, row.recorder_uid, {
      audioUidList: audioSubscription(unheard),
    })
    this.sent.set(row.recording_id, key)
  }

  forget(recordingId: string): void {
    this.sent.delete(recordingId)
  }
}
