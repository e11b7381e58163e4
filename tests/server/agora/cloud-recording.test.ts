import { createRequire } from 'node:module'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { Cmd } from '../../../streams/wire/channel'
import { agoraRecordingEngine } from '../../../src/server/agora/cloud-recording'
import type { AgoraRecordingSettings } from '../../../src/server/agora/cloud-recording-settings'
import type { Deps } from '../../../src/server/deps'
import { startCloudRecording } from '../../../src/server/rooms/recordings'
import { getRecording, runningCloudRecording } from '../../../src/server/store/broadcast'
import { getRoom } from '../../../src/server/store/rooms'
import { meeting, ROOM, startServer, type TestServer } from '../harness'
import { agoraApp, APP_ID, CERTIFICATE, recordingSettings } from './agora-app'
import { documented, M3U8, MP4 } from './cloud-recording-answers'
import { RestDouble } from './rest-double'

let double: RestDouble
let server: TestServer
let clock = Date.now()
let settings: AgoraRecordingSettings

beforeAll(async () => {
  double = await RestDouble.start(documented)
  settings = recordingSettings(double.url, { prefix: 'rooms/rec' })
  server = await startServer({
    now: () => clock,
    settings: { ...agoraApp, agoraRecording: settings },
  })
})
afterAll(async () => {
  await server.close()
  await double.close()
})
beforeEach(() => double.clear())

const deps = () => server.app.deps
const started = async () => {
  const m = await meeting(server)
  const answer = await m.host.client.post(`${ROOM}recording/mix/start`, { roomId: m.roomId })
  return { ...m, answer }
}
const allList = async (m: Awaited<ReturnType<typeof meeting>>) =>
  (await m.host.client.get(`${ROOM}recording/all/list?roomId=${m.roomId}`)).body.data

/** Decodes an AccessToken2 with Agora's own parser. */
function parseToken(token: string) {
  const { AccessToken2 } = createRequire(import.meta.url)('agora-token/src/AccessToken2') as {
    AccessToken2: new () => { from_string(t: string): unknown; appId: string; services: any }
  }
  const parsed = new AccessToken2()
  parsed.from_string(token)
  return parsed
}

describe('cloud recording in Agora mode (contract with the documented REST API)', () => {
  it('[REC-3] start acquires and starts a composite recording: Basic auth, the recorder uid and its token, the storage and the layout; stop lists the files, played at the playback URL', async () => {
    const announced = vi.spyOn(deps().announce, 'channel')
    const config = (await fetch(`${server.url}/api/config`).then((r) => r.json())) as any
    expect(config.data).toMatchObject({ mode: 'agora', recording: { available: true } })
    const m = await started()
    expect(m.answer.body).toMatchObject({ code: 0, data: { status: 0, files: [] } })
    expect(deps().recording.kind).toBe('agora')

    const [acquire] = double.calls('acquire')
    const auth = 'Basic ' + Buffer.from('cust:secret').toString('base64')
    expect(acquire).toMatchObject({
      method: 'POST',
      path: `/v1/apps/${APP_ID}/cloud_recording/acquire`,
      authorization: auth,
      body: { cname: m.host.room.channelName, clientRequest: { resourceExpiredHour: 24 } },
    })
    const uid = acquire!.body.uid as string
    // Above every member uid (those end at 2^31 - 1), within Agora's 1 to 2^32 - 1.
    expect(Number(uid)).toBeGreaterThanOrEqual(2 ** 31)
    expect(Number(uid)).toBeLessThan(2 ** 32)

    const [start] = double.calls('start')
    expect(start).toMatchObject({
      method: 'POST',
      path: `/v1/apps/${APP_ID}/cloud_recording/resourceid/res-1/mode/mix/start`,
      authorization: auth,
      body: { cname: m.host.room.channelName, uid },
    })
    const request = start!.body.clientRequest
    expect(request.storageConfig).toEqual({
      vendor: 1,
      region: 0,
      bucket: 'my-bucket',
      accessKey: 'AKIA-TEST',
      secretKey: 'S3-SECRET',
      fileNamePrefix: ['rooms', 'rec'],
    })
    expect(request.recordingFileConfig).toEqual({ avFileType: ['hls', 'mp4'] })
    expect(request.recordingConfig).toMatchObject({ channelType: 1, streamTypes: 2 })
    // The room's CDN layout (p_all_1): the host large, the conferee in the right column.
    expect(request.recordingConfig.transcodingConfig).toMatchObject({
      width: 1280,
      height: 720,
      mixedVideoLayout: 3,
      layoutConfig: [
        { uid: m.host.me.uid, x_axis: 0, y_axis: 0, width: 0.75, height: 1 },
        { uid: m.guest.me.uid, x_axis: 0.75, y_axis: 0, width: 0.25, height: 0.25 },
      ],
    })
    const token = parseToken(request.token)
    expect(String(token.appId)).toBe(APP_ID)
    expect(String(token.services[1].__channel_name)).toBe(m.host.room.channelName)
    expect(String(token.services[1].__uid)).toBe(uid)

    const room = await getRoom(deps().db, m.roomId)
    expect(room?.recording_state).toBe(1)
    expect(announced).toHaveBeenCalledWith(
      m.host.room.channelName,
      Cmd.recordingStateChange,
      expect.objectContaining({ recordingState: 1 }),
    )
    const row = await runningCloudRecording(deps().db, m.roomId)
    expect(row).toMatchObject({
      engine: 'agora',
      resource_id: 'res-1',
      sid: 'sid-1',
      recorder_uid: uid,
    })

    clock += 20_000
    const stopped = await m.host.client.post(`${ROOM}recording/mix/stop`, { roomId: m.roomId })
    expect(stopped.body.code).toBe(0)
    const [stop] = double.calls('stop')
    expect(stop).toMatchObject({
      method: 'POST',
      path: `/v1/apps/${APP_ID}/cloud_recording/resourceid/res-1/sid/sid-1/mode/mix/stop`,
      authorization: auth,
      body: { cname: m.host.room.channelName, uid, clientRequest: {} },
    })
    await vi.waitFor(async () => expect((await allList(m))[0].status).toBe(4))
    const [saved] = await allList(m)
    expect(saved.duration).toBe(20)
    expect(saved.files).toEqual([
      {
        fileId: MP4,
        url: `https://my-bucket.s3.amazonaws.com/${MP4}`,
        size: 0,
        contentType: 'video/mp4',
      },
      {
        fileId: M3U8,
        url: `https://my-bucket.s3.amazonaws.com/${M3U8}`,
        size: 0,
        contentType: 'application/vnd.apple.mpegurl',
      },
    ])
    const playback = (await m.host.client.get(`${ROOM}recording/list?roomId=${m.roomId}`)).body
    expect(playback.data.uploadedVideoUrl).toBe(`https://my-bucket.s3.amazonaws.com/${MP4}`)
    expect((await getRoom(deps().db, m.roomId))?.recording_state).toBe(0)
    announced.mockRestore()
  })

  it('[REC-2] a stop before 15 seconds is refused as too short, and no stop reaches Agora', async () => {
    const m = await started()
    clock += 5_000
    const early = await m.host.client.post(`${ROOM}recording/mix/stop`, { roomId: m.roomId })
    expect(early.body).toMatchObject({ msg: 'recording too short' })
    expect(double.calls('stop')).toHaveLength(0)
    clock += 15_000
    expect(
      (await m.host.client.post(`${ROOM}recording/mix/stop`, { roomId: m.roomId })).body.code,
    ).toBe(0)
  })

  it('[REC-1] Agora refusing start (400, code 2): the API error carries its answer, the state turns abnormal (2), the row ends finished', async () => {
    double.answer('start', { status: 400, body: { code: 2, reason: 'invalid transcodingConfig' } })
    const announced = vi.spyOn(deps().announce, 'channel')
    const m = await started()
    expect(m.answer.body.code).not.toBe(0)
    expect(m.answer.body.msg).toContain(
      'cloud recording start failed: Agora start answered 400 (code 2: invalid transcodingConfig)',
    )
    await vi.waitFor(async () =>
      expect((await getRoom(deps().db, m.roomId))?.recording_state).toBe(2),
    )
    expect(announced).toHaveBeenCalledWith(
      m.host.room.channelName,
      Cmd.recordingStateChange,
      expect.objectContaining({ recordingState: 2 }),
    )
    const [row] = await allList(m)
    expect(row).toMatchObject({ status: 1, files: [] })
    expect(row.error).toContain('code 2')
    // A new start is possible (nothing is left running).
    expect(
      (await m.host.client.post(`${ROOM}recording/mix/start`, { roomId: m.roomId })).body.code,
    ).toBe(0)
    clock += 16_000
    expect(
      (await m.host.client.post(`${ROOM}recording/mix/stop`, { roomId: m.roomId })).body.code,
    ).toBe(0)
    announced.mockRestore()
  })

  it('[REC-1] no answer in time from Agora: start refused, the state abnormal (2)', async () => {
    const m = await meeting(server)
    const room = (await getRoom(deps().db, m.roomId))!
    const slow = agoraRecordingEngine({
      appId: APP_ID,
      certificate: CERTIFICATE,
      settings,
      timeoutMs: 300,
    })
    double.answer('acquire', 'hang')
    const failure = startCloudRecording({ ...deps(), recording: slow } as Deps, room, m.host.me)
    await expect(failure).rejects.toThrow(
      'cloud recording start failed: Agora acquire: no answer in time',
    )
    await vi.waitFor(async () =>
      expect((await getRoom(deps().db, m.roomId))?.recording_state).toBe(2),
    )
  })

  it('[REC-1] while recording: a query reporting failure (status 20) ends it with the files known and makes the state abnormal', async () => {
    const m = await started()
    const recordingId = m.answer.body.data.recordingId
    await deps().recording.watch!(deps())
    expect(double.calls('query')[0]).toMatchObject({
      method: 'GET',
      path: `/v1/apps/${APP_ID}/cloud_recording/resourceid/res-1/sid/sid-1/mode/mix/query`,
    })
    double.answer('query', {
      status: 200,
      body: { resourceId: 'res-1', sid: 'sid-1', serverResponse: { status: 20 } },
    })
    clock += 30_000
    await deps().recording.watch!(deps())
    expect((await getRoom(deps().db, m.roomId))?.recording_state).toBe(2)
    const row = await getRecording(deps().db, recordingId)
    expect(row).toMatchObject({ status: '4', interrupted: 1 })
    expect(row?.error).toContain('status 20')
    expect((await allList(m))[0].files[0].fileId).toBe(MP4)
  })

  it('[REC-1] a recording query cannot find: a short 404 (Agora failover) is waited out; one that lasts ends it, abnormal', async () => {
    const m = await started()
    double.answer('query', { status: 404, body: { code: 404, reason: 'failed to find worker' } })
    await deps().recording.watch!(deps())
    expect((await getRoom(deps().db, m.roomId))?.recording_state).toBe(1)
    await deps().recording.watch!(deps()) // answered again: the default (status 5)
    double.answer('query', { status: 404, body: {} }, { status: 404, body: {} })
    await deps().recording.watch!(deps())
    clock += 121_000
    await deps().recording.watch!(deps())
    expect((await getRoom(deps().db, m.roomId))?.recording_state).toBe(2)
    // Kept as far as it went: the files the earlier query listed.
    const [row] = await allList(m)
    expect(row).toMatchObject({ status: 4, interrupted: true })
    expect(row.files[0].fileId).toBe(MP4)
    expect(row.error).toContain('Agora query answered 404')
  })

  it('after a restart, a new engine queries and stops the stored resourceId and sid; 435 (nothing recorded) ends it with no file', async () => {
    const m = await started()
    const again = agoraRecordingEngine({ appId: APP_ID, certificate: CERTIFICATE, settings })
    const restarted = { ...deps(), recording: again } as Deps
    expect(await again.recover(restarted)).toBe(0)
    await again.watch!(restarted)
    expect(double.calls('query').map((q) => q.path)).toEqual([
      `/v1/apps/${APP_ID}/cloud_recording/resourceid/res-1/sid/sid-1/mode/mix/query`,
    ])
    double.answer('stop', { status: 400, body: { code: 435, reason: 'no recorded file' } })
    clock += 16_000
    const room = (await getRoom(deps().db, m.roomId))!
    const row = (await runningCloudRecording(deps().db, m.roomId))!
    await again.stop(restarted, room, row)
    expect(double.calls('stop')).toHaveLength(1)
    await again.finish(restarted, row.recording_id)
    expect(await getRecording(deps().db, row.recording_id)).toMatchObject({
      status: '1',
      error: 'nothing was recorded',
    })
  })

  it('missing settings in Agora mode: a refusal naming them (API error and log), no call to Agora', async () => {
    const m = await meeting(server)
    const room = (await getRoom(deps().db, m.roomId))!
    const bare = agoraRecordingEngine({
      appId: APP_ID,
      certificate: CERTIFICATE,
      settings: { restUrl: double.url, queryMs: 30_000, vendor: 'x' },
    })
    const warn = vi.fn()
    const refused = startCloudRecording(
      { ...deps(), recording: bare, log: { ...deps().log, warn } } as unknown as Deps,
      room,
      m.host.me,
    )
    await expect(refused).rejects.toThrow(
      /AGORA_CUSTOMER_ID is not set; AGORA_CUSTOMER_SECRET is not set; AGORA_RECORDING_VENDOR must be a whole number/,
    )
    expect(warn.mock.calls[0]![0]).toContain('AGORA_RECORDING_PLAYBACK_URL is not set')
    expect(double.received).toHaveLength(0)
  })
})

describe('cloud recording in local mode', () => {
  it('uses the local engine and never calls Agora, even with every Agora recording setting there', async () => {
    const local = await startServer({ settings: { agoraRecording: settings } })
    try {
      expect(local.app.deps.recording.kind).toBe('local')
      const config = (await fetch(`${local.url}/api/config`).then((r) => r.json())) as any
      expect(config.data.recording).toEqual(config.data.live)
      const m = await meeting(local)
      const answer = await m.host.client.post(`${ROOM}recording/mix/start`, { roomId: m.roomId })
      // No Janus in this test server: the local engine refuses with its own reason.
      expect(answer.body.msg).toContain('live and recording need the Janus media server')
      await local.app.deps.recording.watch?.(local.app.deps)
      expect(double.received).toHaveLength(0)
    } finally {
      await local.close()
    }
  })
})
