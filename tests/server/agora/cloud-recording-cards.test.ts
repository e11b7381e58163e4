import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LiveState } from '@streams/wire/constants'
import { CARD_SIZES } from '../../../src/server/media/compose/card-images'
import { updateRoom } from '../../../src/server/store/rooms'
import { meeting, ROOM, startServer, type TestServer } from '../harness'
import { agoraApp, recordingSettings } from './agora-app'
import { documented } from './cloud-recording-answers'
import { RestDouble } from './rest-double'

const PUBLIC = 'https://meet.example.com'
let double: RestDouble
let server: TestServer

beforeAll(async () => {
  double = await RestDouble.start(documented)
  server = await startServer({
    settings: {
      ...agoraApp,
      publicUrl: `${PUBLIC}/`,
      agoraRecording: recordingSettings(double.url),
    },
  })
})
afterAll(async () => {
  await server.close()
  await double.close()
})

interface Background {
  uid: string
  image_url: string
  render_mode: number
}

/** A name card address as Agora would fetch it, asked of this server instead. */
const fetchCard = (url: string) => fetch(url.replace(PUBLIC, server.url))

describe('cloud recording: name cards while a camera is off (backgroundConfig, PUBLIC_URL set)', () => {
  it('[LAYOUT-1] start and updateLayout give each placed person their name card at their place’s size, served here as JPEG', async () => {
    const m = await meeting(server)
    const answer = await m.host.client.post(`${ROOM}recording/mix/start`, { roomId: m.roomId })
    expect(answer.body.code).toBe(0)
    const config = double.calls('start')[0]!.body.clientRequest.recordingConfig.transcodingConfig
    const host = m.host.me.uid as string
    const guest = m.guest.me.uid as string
    // p_all_1: the host large (960x720 beside the column), Carl in the column (320x180).
    expect(config.backgroundConfig).toEqual([
      {
        uid: host,
        image_url: `${PUBLIC}/media/cards/card/960x720/${host}/Hana.jpg`,
        render_mode: 0,
      },
      {
        uid: guest,
        image_url: `${PUBLIC}/media/cards/card/320x180/${guest}/Carl.jpg`,
        render_mode: 0,
      },
    ])
    for (const b of config.backgroundConfig as Background[]) {
      const res = await fetchCard(b.image_url)
      expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/jpeg'])
      expect([...new Uint8Array(await res.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xd8])
    }

    // The layout changes (a 3x3 grid): updateLayout replaces every setting, so the cards are
    // sent again at the new places' size.
    await updateRoom(server.app.db, m.roomId, { layout: 'p_9_1' }, Date.now())
    await server.app.deps.recording.watch!(server.app.deps)
    const [update] = double.calls('updateLayout')
    const body = update!.body.clientRequest
    expect(body.mixedVideoLayout).toBe(3)
    expect((body.backgroundConfig as Background[]).map((b) => b.image_url)).toEqual([
      `${PUBLIC}/media/cards/card/426x240/${host}/Hana.jpg`,
      `${PUBLIC}/media/cards/card/428x240/${guest}/Carl.jpg`,
    ])
    for (const b of body.backgroundConfig as Background[])
      expect((await fetchCard(b.image_url)).status).toBe(200)
    // Nothing changed: no second updateLayout.
    await server.app.deps.recording.watch!(server.app.deps)
    expect(double.calls('updateLayout')).toHaveLength(1)
    expect(CARD_SIZES).toContain('426x240')

    // [LIVE-1] The live paused: local mode's program records the paused slate, so does Agora's
    // (the canvas's background image, every place transparent, no cards); then the room again.
    await updateRoom(server.app.db, m.roomId, { liveState: LiveState.PAUSE }, Date.now())
    await server.app.deps.recording.watch!(server.app.deps)
    const paused = double.calls('updateLayout')[1]!.body.clientRequest
    expect(paused.backgroundImage).toBe(`${PUBLIC}/media/cards/paused.jpg`)
    expect((paused.layoutConfig as { alpha: number }[]).map((r) => r.alpha)).toEqual([0, 0])
    expect(paused).not.toHaveProperty('backgroundConfig')
    const slate = await fetchCard(paused.backgroundImage as string)
    expect([slate.status, slate.headers.get('content-type')]).toEqual([200, 'image/jpeg'])
    await updateRoom(server.app.db, m.roomId, { liveState: LiveState.LIVING }, Date.now())
    await server.app.deps.recording.watch!(server.app.deps)
    const again = double.calls('updateLayout')[2]!.body.clientRequest
    expect(again).not.toHaveProperty('backgroundImage')
    expect((again.layoutConfig as { alpha: number }[]).map((r) => r.alpha)).toEqual([1, 1])
    expect(again.backgroundConfig).toEqual(body.backgroundConfig)
  })
})
