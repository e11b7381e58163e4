import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { updateRoom } from '../../../src/server/store/rooms'
import { meeting, ROOM, SCENE, startServer, type TestServer } from '../harness'
import { agoraApp, APP_ID, recordingSettings } from './agora-app'
import { documented } from './cloud-recording-answers'
import { RestDouble } from './rest-double'

let double: RestDouble
let server: TestServer
let clock = Date.now()

beforeAll(async () => {
  double = await RestDouble.start(documented)
  server = await startServer({
    now: () => clock,
    settings: {
      ...agoraApp,
      agoraRecording: recordingSettings(double.url),
    },
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
  expect(answer.body.code).toBe(0)
  clock += 20_000
  return m
}
const firstRecording = async (m: Awaited<ReturnType<typeof meeting>>) =>
  (await m.host.client.get(`${ROOM}recording/all/list?roomId=${m.roomId}`)).body.data[0]
const STOP = `/v1/apps/${APP_ID}/cloud_recording/resourceid/res-1/sid/sid-1/mode/mix/stop`

describe('Agora cloud recording at the meeting’s end (contract with the documented REST API)', () => {
  it('[END-3] the host ending the meeting stops its recording at Agora at once, and once: the watch finds nothing left', async () => {
    const m = await started()
    expect((await m.host.client.post(m.host.path, { state: 0 })).body.code).toBe(0)
    // No watch call: the meeting's end itself stops the recording.
    await vi.waitFor(() => expect(double.calls('stop').map((c) => c.path)).toEqual([STOP]))
    await vi.waitFor(async () =>
      expect(await firstRecording(m)).toMatchObject({ status: 4, interrupted: false }),
    )
    await deps().recording.watch!(deps())
    expect(double.calls('stop')).toHaveLength(1)
    expect(double.calls('query')).toHaveLength(0)
  })

  it('[END-3] ending it through the scene service stops the recording at once too', async () => {
    const m = await started()
    const roomUuid = m.host.room.roomUuid
    const ended = await m.host.client.post(`${SCENE}state/update`, { roomUuid, state: 0 })
    expect(ended.body.code).toBe(0)
    await vi.waitFor(() => expect(double.calls('stop')).toHaveLength(1))
    await vi.waitFor(async () => expect((await firstRecording(m)).status).toBe(4))
  })

  it('a meeting that ended without telling the engine (its state changed in the database): the watch stops it', async () => {
    const m = await started()
    await updateRoom(deps().db, m.roomId, { state: 0 }, clock)
    expect(double.calls('stop')).toHaveLength(0)
    await deps().recording.watch!(deps())
    expect(double.calls('stop')).toHaveLength(1)
    expect(await firstRecording(m)).toMatchObject({ status: 4, interrupted: false })
  })
})

describe('Agora cloud recording: a host’s stop and the meeting’s end at the same moment', () => {
  it('[REC-3] Agora is told to stop once, and the files its answer listed stay the recording’s', async () => {
    const m = await started()
    const [stopped, ended] = await Promise.all([
      m.host.client.post(`${ROOM}recording/mix/stop`, { roomId: m.roomId }),
      m.host.client.post(m.host.path, { state: 0 }),
    ])
    expect(ended.body.code).toBe(0)
    // Whichever came first stopped it; the other found it stopping (a clear refusal, or nothing).
    if (stopped.body.code !== 0) expect(stopped.body.msg).toContain('already being stopped')
    await vi.waitFor(async () => expect((await firstRecording(m)).status).toBe(4))
    await deps().recording.watch!(deps())
    expect(double.calls('stop')).toHaveLength(1)
    expect((await firstRecording(m)).files.length).toBeGreaterThan(0)
  })

  it('a stop Agora refuses leaves the recording running (the claim undone), so it can be stopped again', async () => {
    const m = await started()
    double.answer('stop', { status: 500, body: { code: 1, reason: 'internal error' } })
    const refused = await m.host.client.post(`${ROOM}recording/mix/stop`, { roomId: m.roomId })
    expect(refused.body.msg).toContain('cloud recording stop failed')
    expect((await firstRecording(m)).status).toBe(0)
    const again = await m.host.client.post(`${ROOM}recording/mix/stop`, { roomId: m.roomId })
    expect(again.body.code).toBe(0)
    expect(double.calls('stop')).toHaveLength(2)
  })
})
