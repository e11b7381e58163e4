import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { meeting, ROOM, startServer, type TestServer } from '../harness'
import { agoraApp, recordingSettings } from './agora-app'
import { documented } from './cloud-recording-answers'
import { RestDouble } from './rest-double'

let double: RestDouble
let server: TestServer

beforeAll(async () => {
  double = await RestDouble.start(documented)
  server = await startServer({
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

describe('cloud recording: the room’s own sound, without interpreters or language mixes (as local mode’s track 0)', () => {
  it('start leaves out the interpreter and the language’s stage uid; a change of interpreter is sent with update; nothing changed, nothing sent', async () => {
    const m = await meeting(server)
    const post = (path: string, body: Record<string, unknown>) =>
      m.host.client.post(`${ROOM}room/${m.roomId}/${path}`, body)
    const guest = m.guest.me.uid as string
    const added = await post('streamingUrls/add', {
      languageType: 'en',
      languageName: 'English',
      pushUrl: 'rtmp://ingest.example.com/live/en-key',
      interpreterUid: guest,
    })
    const streamId = added.body.data[0].streamId as string
    const start = await m.host.client.post(`${ROOM}recording/mix/start`, { roomId: m.roomId })
    expect(start.body.code).toBe(0)
    const config = double.calls('start')[0]!.body.clientRequest.recordingConfig
    // The stage uid the live pusher's browser will publish the en mix under: the same one.
    const stage = await post('media/stageToken', { stage: 'language', streamId })
    const stageUid = stage.body.data.uid as string
    expect(stageUid).toMatch(/^\d{5}$/)
    expect(config.unSubscribeAudioUids).toEqual([stageUid, guest].sort())
    expect(config).not.toHaveProperty('subscribeAudioUids')

    // Nothing changed: no update.
    await server.app.deps.recording.watch!(server.app.deps)
    expect(double.calls('update')).toHaveLength(0)
    // The interpreter removed: everyone is heard again.
    await post('streamingUrls/update', { streamId, interpreterUid: '' })
    await server.app.deps.recording.watch!(server.app.deps)
    const [update] = double.calls('update')
    expect(update!.path).toMatch(/\/resourceid\/res-1\/sid\/sid-1\/mode\/mix\/update$/)
    expect(update!.body).toEqual({
      cname: double.calls('start')[0]!.body.cname,
      uid: double.calls('start')[0]!.body.uid,
      clientRequest: { streamSubscribe: { audioUidList: { subscribeAudioUids: ['#allstream#'] } } },
    })
    await server.app.deps.recording.watch!(server.app.deps)
    expect(double.calls('update')).toHaveLength(1)
  })
})
