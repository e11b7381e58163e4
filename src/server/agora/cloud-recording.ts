import { randomInt } from 'node:crypto'
import agoraToken from 'agora-token'
import type { Deps, EngineAvailability, RecordingEngine } from '../deps'
import { SERVER_ACTOR } from '../rooms/announce'
import { recordingState } from '../rooms/recording-state'
import {
  getRecording,
  RecordingStatus,
  runningCloudRecording,
  updateRecording,
  type RecordingRow,
} from '../store/broadcast'
import {
  claimRecordingStop,
  reopenRecording,
  cloudFilesOf,
  recordingsOfEngine,
  saveCloudFiles,
  saveCloudSession,
} from '../store/cloud-recordings'
import { presentMembers } from '../store/members'
import { getRecordingConfig } from '../store/recording-configs'
import { getRoom, updateRoom, type RoomRow } from '../store/rooms'
import { sharedBoardUid } from '../store/stage-uids'
import {
  CloudRecordingApi,
  CloudRecordingError,
  fileNamesOf,
  QUERY_STATUS_FAILED,
} from './cloud-recording-api'
import { RecordingAudio } from './cloud-recording-audio'
import { finishAgoraRecording } from './cloud-recording-finish'
import { PictureNudges, type Timer } from './cloud-recording-nudge'
import { layoutKey, transcodingConfig, updateLayoutBody } from './cloud-recording-layout'
import { checkRecordingSettings, type AgoraRecordingSettings } from './cloud-recording-settings'

/** The recorder's token lasts the longest Agora allows: cloud recording cannot renew it. */
const RECORDER_TOKEN_SECONDS = 24 * 60 * 60

export interface AgoraRecordingOptions {
  readonly appId: string
  readonly certificate: string
  readonly settings: AgoraRecordingSettings
  /** A running recording that query cannot find (404) or reach this long is lost (failed). */
  readonly lostAfterMs?: number
  /** Each REST call's limit. */
  readonly timeoutMs?: number
  /** Where Agora fetches name cards (`{PUBLIC_URL}/media/cards`); '' or absent: none. */
  readonly cardsUrl?: string
  /** Schedules the prompt updateLayout after a burst of room changes (tests fire it). */
  readonly timer?: Timer
}

/**
 * Agora mode's recording engine: Agora's Cloud Recording in composite mode records the room's
 * channel in its CDN layout and uploads HLS and MP4 files to the customer's storage.
 * - start: acquire then start, with the recorder's own uid (above members' uids: 2^31 and up)
 *   and an RTC token for it; the resource id and sid are stored at once, so a restarted server
 *   queries and stops the same recording.
 * - while it runs (watch, in one process): query; its file list is kept; status 20
 *   (exited abnormally), or a recording query cannot find for `lostAfterMs` (404: not running;
 *   Agora's failover answers 404 for up to 90 s), ends it with the files known and makes the
 *   room's state abnormal (2, [REC-1]). A changed layout is sent (updateLayout), changed
 *   interpreters (update: never heard, cloud-recording-audio.ts).
 * - a change the server announces (shares, layout, live pause/resume, members) is followed at
 *   once, a burst coalesced into one updateLayout (cloud-recording-nudge.ts), not at the watch.
 * - the meeting's end stops its recording at once (meetingEnded), or the watch does if that was
 *   missed; whichever comes first claims the row, so Agora is told to stop once.
 * - stop: its answer's file list becomes the recording's files (at the playback URL template);
 *   435 (nothing recorded) ends it with none; 404 (no longer running) with those queried.
 */
export function agoraRecordingEngine(options: AgoraRecordingOptions): RecordingEngine {
  const lostAfterMs = options.lostAfterMs ?? 120_000
  const missingSince = new Map<string, number>()
  const layouts = new Map<string, string>()
  const relaying = new Map<string, Promise<boolean>>()
  const audio = new RecordingAudio()
  const nudges = new PictureNudges((...a) => relayout(...a), options.timer)
  const checked = () => checkRecordingSettings(options.settings)
  const api = () => {
    const c = checked()
    if (!c.ok) throw new Error(`cloud recording needs ${c.problems.join('; ')}`)
    const client = new CloudRecordingApi({
      restUrl: c.restUrl,
      appId: options.appId,
      auth: c.auth,
      timeoutMs: options.timeoutMs,
    })
    return { client, storage: c.storage }
  }

  async function begin(deps: Deps, room: RoomRow, recordingId: string) {
    const { client, storage } = api()
    const cname = room.channel_name
    const uid = String(randomInt(2 ** 31, 2 ** 32 - 1))
    const token = agoraToken.RtcTokenBuilder.buildTokenWithUid(
      options.appId,
      options.certificate,
      cname,
      Number(uid),
      agoraToken.RtcRole.SUBSCRIBER,
      RECORDER_TOKEN_SECONDS,
      RECORDER_TOKEN_SECONDS,
    )
    const config = await getRecordingConfig(deps.db, room.room_id)
    const members = await presentMembers(deps.db, room.room_id)
    const board = await sharedBoardUid(deps.db, room, deps.now())
    const picture = config.audioOnly
      ? undefined
      : transcodingConfig(room, members, config.resolution, options.cardsUrl, board)
    const unheard = await audio.atStart(deps.db, room.room_id, recordingId, deps.now())
    const resourceId = await client.acquire(cname, uid)
    await saveCloudSession(deps.db, recordingId, { resourceId, recorderUid: uid })
    const request = { cname, uid, token, storage, transcodingConfig: picture, unheard }
    const sid = await client.start(resourceId, request)
    await saveCloudSession(deps.db, recordingId, { sid })
    if (picture) layouts.set(recordingId, layoutKey(picture))
  }

  /** Stops it at Agora; keeps the files the answer lists (or those queried, when it had ended). */
  async function stop(deps: Deps, room: RoomRow, row: RecordingRow) {
    forget(row.recording_id)
    if (!row.sid) return // start never completed: nothing runs at Agora
    const { client } = api()
    try {
      const answer = await client.stop(
        row.resource_id,
        row.sid,
        room.channel_name,
        row.recorder_uid,
      )
      const files = fileNamesOf(answer.serverResponse.fileList)
      const uploading = answer.serverResponse.uploadingStatus ?? 'unknown'
      await saveCloudFiles(
        deps.db,
        row.recording_id,
        files.length > 0 ? files : cloudFilesOf(row),
        uploading,
      )
    } catch (error) {
      if (!(error instanceof CloudRecordingError) || !(error.notRunning || error.nothingRecorded))
        throw error
      deps.log.info(`recording ${row.recording_id}: ${error.message}`)
      await saveCloudFiles(
        deps.db,
        row.recording_id,
        error.nothingRecorded ? [] : cloudFilesOf(row),
        error.nothingRecorded ? 'none' : 'ended',
      )
    }
  }

  function forget(recordingId: string) {
    missingSince.delete(recordingId)
    layouts.delete(recordingId)
    relaying.delete(recordingId)
    audio.forget(recordingId)
  }

  /** A recording that ended without a stop (failed, lost, or its room ended): kept as far as it went. */
  async function ended(deps: Deps, row: RecordingRow, room: RoomRow | undefined, why: string) {
    forget(row.recording_id)
    await updateRecording(deps.db, row.recording_id, {
      status: RecordingStatus.convert,
      stopTime: deps.now(),
      interrupted: why !== '',
      error: why || undefined,
    })
    if (room && room.state !== 0 && why !== '') {
      deps.log.warn(`recording ${row.recording_id} failed: ${why}`)
      await recordingState(deps, room, SERVER_ACTOR, 2)
    } else if (room?.recording_state === 1)
      await updateRoom(deps.db, room.room_id, { recordingState: 0 }, deps.now())
    await finishAgoraRecording(deps, row.recording_id)
  }

  /** The meeting ended: the recording stops with it, whatever its length, by one caller. */
  async function atMeetingEnd(deps: Deps, room: RoomRow | undefined, row: RecordingRow) {
    if (!(await claimRecordingStop(deps.db, row.recording_id, deps.now()))) return
    try {
      if (room) await stop(deps, room, row)
    } catch (error) {
      deps.log.warn(
        `recording ${row.recording_id} at the meeting's end: ${(error as Error).message}`,
      )
    }
    return ended(deps, (await getRecording(deps.db, row.recording_id)) ?? row, room, '')
  }

  /** One look at a running recording. */
  async function check(deps: Deps, row: RecordingRow) {
    const room = await getRoom(deps.db, row.room_id)
    if (!room || room.state === 0) return atMeetingEnd(deps, room, row)
    if (!row.sid) {
      // A start that never completed (the server stopped between acquire and start).
      if (deps.now() - Number(row.start_time) > lostAfterMs)
        await ended(deps, row, room, 'the recording never started at Agora')
      return
    }
    const { client } = api()
    try {
      const answer = await client.query(row.resource_id, row.sid)
      missingSince.delete(row.recording_id)
      const response = answer.serverResponse
      const files = fileNamesOf(response.fileList)
      if (files.length > 0) await saveCloudFiles(deps.db, row.recording_id, files)
      if (
        response.status === QUERY_STATUS_FAILED ||
        response.subServiceStatus?.recordingService === 'serviceAbnormal'
      ) {
        const fresh = (await getRecording(deps.db, row.recording_id)) ?? row
        return ended(
          deps,
          fresh,
          room,
          `Agora reports the recording failed (status ${response.status ?? '?'})`,
        )
      }
      await relayout(deps, room, row)
    } catch (error) {
      const since = missingSince.get(row.recording_id) ?? deps.now()
      missingSince.set(row.recording_id, since)
      const message = (error as Error).message
      if (deps.now() - since < lostAfterMs) {
        deps.log.warn(`recording ${row.recording_id}: ${message}`)
        return
      }
      return ended(deps, row, room, `the recording is gone: ${message}`)
    }
  }

  /** One relayout at a time per recording (the watch's, a prompt one), with the room as it is then. */
  function relayout(deps: Deps, room: RoomRow, row: RecordingRow): Promise<boolean> {
    const run = (relaying.get(row.recording_id) ?? Promise.resolve(false))
      .catch(() => false)
      .then(async () => relayoutNow(deps, (await getRoom(deps.db, room.room_id)) ?? room, row))
    relaying.set(row.recording_id, run)
    return run
  }

  /** Sends the room's picture (and whom it leaves unheard) again when they changed. */
  async function relayoutNow(deps: Deps, room: RoomRow, row: RecordingRow): Promise<boolean> {
    await audio.follow(deps.db, room, row, deps.now(), (...a) => api().client.update(...a))
    const config = await getRecordingConfig(deps.db, room.room_id)
    if (config.audioOnly) return false
    const picture = transcodingConfig(
      room,
      await presentMembers(deps.db, room.room_id),
      config.resolution,
      options.cardsUrl,
      await sharedBoardUid(deps.db, room, deps.now()),
    )
    const key = layoutKey(picture)
    if (layouts.get(row.recording_id) === key) return false
    const { client } = api()
    const body = updateLayoutBody(picture)
    await client.updateLayout(row.resource_id, row.sid, room.channel_name, row.recorder_uid, body)
    layouts.set(row.recording_id, key)
    return true
  }

  return {
    kind: 'agora',
    get availability(): EngineAvailability {
      const c = checked()
      return c.ok
        ? { available: true }
        : { available: false, why: `cloud recording needs ${c.problems.join('; ')}` }
    },
    async start(deps, room, recordingId, failed) {
      try {
        await begin(deps, room, recordingId)
      } catch (error) {
        failed((error as Error).message)
        throw error
      }
    },
    // A host's stop claims the row as the meeting's end does, so the two never both stop it at
    // Agora (a second stop's 404 would replace the files the first one saved).
    async stop(deps, room, row) {
      if (!(await claimRecordingStop(deps.db, row.recording_id, deps.now())))
        throw new Error('the recording is already being stopped')
      try {
        await stop(deps, room, row)
      } catch (error) {
        await reopenRecording(deps.db, row.recording_id)
        throw error
      }
    },
    finish: finishAgoraRecording,
    async meetingEnded(deps, roomId) {
      const row = await runningCloudRecording(deps.db, roomId)
      if (row) await atMeetingEnd(deps, await getRoom(deps.db, roomId), row)
    },
    async recover(deps) {
      // Running ones go on in the cloud: the watch queries them. Stopped ones are finished.
      const rows = await recordingsOfEngine(deps.db, 'agora', [RecordingStatus.convert])
      for (const row of rows) await finishAgoraRecording(deps, row.recording_id)
      return rows.length
    },
    announced: (deps, channel, cmd) => nudges.announced(deps, channel, cmd),
    watchMs: options.settings.queryMs,
    async watch(deps) {
      const rows = await recordingsOfEngine(deps.db, 'agora', [RecordingStatus.recording])
      for (const row of rows)
        await check(deps, row).catch((e: Error) =>
          deps.log.warn(`recording ${row.recording_id}: ${e.message}`),
        )
    },
  }
}
