import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { LiveState } from '@streams/wire/constants'
import { BACKOFF_MS, GAP_MS, SETTLE_MS } from '../../../src/server/agora/cloud-recording-nudge'
import { stageUidOf } from '../../../src/server/store/stage-uids'
import { enter, meeting, ROOM, SCENE, startServer, type Entered, type TestServer } from '../harness'
import { agoraApp, recordingSettings } from './agora-app'
import { documented } from './cloud-recording-answers'
import { RestDouble } from './rest-double'

const PUBLIC = 'https://meet.example.com'
let double: RestDouble
let server: TestServer

/** The engine's timer: nothing runs by itself; `fire` runs what is due and awaits it. */
let due: { run: () => void | Promise<void>; ms: number }[] = []
const fire = async () => {
  const now = due
  due = []
  await Promise.all(now.map((t) => t.run()))
}

beforeAll(async () => {
  double = await RestDouble.start(documented)
  server = await startServer({
    timer: (run, ms) => void due.push({ run, ms }),
    settings: {
      ...agoraApp,
      publicUrl: `${PUBLIC}/`,
      agoraLivePushUrl: 'rtmp://push.cdn.example.com/live/{channel}?key=secret',
      agoraLivePullUrl: 'https://pull.cdn.example.com/live/{channel}/index.m3u8',
      agoraRecording: recordingSettings(double.url),
    },
  })
})
afterAll(async () => {
  await server.close()
  await double.close()
})
beforeEach(() => {
  double.clear()
  due = []
})

interface Region {
  uid?: string
  alpha: number
  width: number
}
const layouts = () => double.calls('updateLayout').map((c) => c.body.clientRequest)
const recorded = async () => {
  const m = await meeting(server)
  const answer = await m.host.client.post(`${ROOM}recording/mix/start`, { roomId: m.roomId })
  expect(answer.body.code).toBe(0)
  return m
}
const live = (host: Entered, liveState: number) =>
  host.client.post(`${ROOM}live/${host.room.roomUuid}/liveState/update/v2`, { liveState })

describe('cloud recording follows the room at once (updateLayout without the 30 s check)', () => {
  it('[LAYOUT-1] a shared board gets its place under its stage uid in one updateLayout after the settle', async () => {
    const { host, roomId } = await recorded()
    expect((await host.client.post(host.path, { shareBoard: 1 })).body.code).toBe(0)
    // One settle pending, nothing sent before it.
    expect(due.map((t) => t.ms)).toEqual([SETTLE_MS])
    expect(layouts()).toHaveLength(0)
    await fire()
    const board = await stageUidOf(server.app.db, roomId, 'board')
    expect(board).toMatch(/^\d{5}$/)
    const [picture] = layouts()
    expect(layouts()).toHaveLength(1)
    const uids = (picture!.layoutConfig as Region[]).map((r) => r.uid)
    expect(uids).toContain(board)
    expect(uids).toContain(host.me.uid)
    expect(double.calls('query')).toHaveLength(0)
    // Nothing new: the check that follows sends nothing more.
    await server.app.deps.recording.watch!(server.app.deps)
    expect(layouts()).toHaveLength(1)

    // Board share off: the board's place goes at once too.
    await host.client.post(host.path, { shareBoard: 0 })
    await fire()
    expect(layouts()).toHaveLength(2)
    expect((layouts()[1]!.layoutConfig as Region[]).map((r) => r.uid)).not.toContain(board)
  })

  it('[LIVE-1] a burst (live, pause, a screen share) makes one updateLayout with the last picture; resume brings the room back at once', async () => {
    const { host } = await recorded()
    expect((await live(host, LiveState.LIVING)).body.code).toBe(0)
    expect((await live(host, LiveState.PAUSE)).body.code).toBe(0)
    const share = await host.client.post(`${host.path}/user/${host.me.uid}/screen`, { grant: 1 })
    expect(share.body.code).toBe(0)
    expect(due).toHaveLength(1)
    await fire()
    expect(layouts()).toHaveLength(1)
    const paused = layouts()[0]!
    expect(paused.backgroundImage).toBe(`${PUBLIC}/media/cards/paused.jpg`)
    const regions = paused.layoutConfig as Region[]
    expect(regions.map((r) => r.alpha).every((a) => a === 0)).toBe(true)
    // The screen's place (it names no uid) is in the picture under the slate.
    expect(regions.some((r) => r.uid === undefined)).toBe(true)

    expect((await live(host, LiveState.LIVING)).body.code).toBe(0)
    await fire()
    expect(layouts()).toHaveLength(2)
    const resumed = layouts()[1]!
    expect(resumed).not.toHaveProperty('backgroundImage')
    expect((resumed.layoutConfig as Region[]).every((r) => r.alpha === 1)).toBe(true)
    expect(resumed.backgroundConfig).toBeDefined()

    // The screen share stops: its place goes at once.
    await host.client.post(`${host.path}/user/${host.me.uid}/screen`, { grant: 0 })
    await fire()
    expect(layouts()).toHaveLength(3)
    expect((layouts()[2]!.layoutConfig as Region[]).every((r) => r.uid !== undefined)).toBe(true)
    expect(double.calls('query')).toHaveLength(0)
  })

  it("[LAYOUT-1] the host's layout, the main screen and a new conferee are each followed at once", async () => {
    const { host, guest, name } = await recorded()
    const layout = await host.client.post(`${SCENE}meeting/room/layout/update`, {
      roomUuid: host.room.roomUuid,
      layout: 'p_9_1',
      infoTypeVoList: [],
      typeOfCDN: 'p_9_1',
    })
    expect(layout.body.code).toBe(0)
    await fire()
    expect(layouts()).toHaveLength(1)
    // p_9_1: a 3x3 grid, every place a third of the canvas wide.
    const grid = layouts()[0]!.layoutConfig as Region[]
    expect(grid.map((r) => Math.round(r.width * 100))).toEqual([33, 33])
    expect(grid.map((r) => r.uid)).toEqual([host.me.uid, guest.me.uid])

    // The guest on the main screen: the large picture, first in the grid.
    const main = await host.client.post(`${SCENE}meeting/room/mainScreen/update`, {
      roomId: host.room.roomId,
      mainScreen: guest.me.uid,
    })
    expect(main.body.code).toBe(0)
    await fire()
    expect(layouts()).toHaveLength(2)
    expect((layouts()[1]!.layoutConfig as Region[])[0]!.uid).toBe(guest.me.uid)

    // A conferee arrives: placed at once.
    const dora = await enter(server, { roomName: name, userName: 'Dora', role: 2 })
    await fire()
    expect(layouts()).toHaveLength(3)
    expect((layouts()[2]!.layoutConfig as Region[]).map((r) => r.uid)).toContain(dora.me.uid)
    expect(double.calls('query')).toHaveLength(0)
  })

  it('two rooms changed at once are sent at least GAP_MS apart (Agora allows 10 calls a second per App ID)', async () => {
    const a = await recorded()
    const b = await recorded()
    await a.host.client.post(a.host.path, { shareBoard: 1 })
    await b.host.client.post(b.host.path, { shareBoard: 1 })
    expect(due).toHaveLength(1)
    const flushing = fire()
    await vi.waitFor(() => expect(due.map((t) => t.ms)).toEqual([GAP_MS]), { timeout: 10_000 })
    expect(layouts()).toHaveLength(1)
    await fire()
    await flushing
    expect(layouts()).toHaveLength(2)
    const channels = double.calls('updateLayout').map((c) => c.body.cname)
    expect(new Set(channels).size).toBe(2)
  })

  it('Agora answering 429 (too many requests): the same picture is sent again after 1 s, then 3 s, then left to the check', async () => {
    const { host } = await recorded()
    const tooMany = { status: 429, body: { message: 'Too Many Requests' } }
    double.answer('updateLayout', tooMany, tooMany)
    await host.client.post(host.path, { shareBoard: 1 })
    await fire()
    expect(layouts()).toHaveLength(1)
    expect(due.map((t) => t.ms)).toEqual([BACKOFF_MS[0]])
    await fire() // the backoff, then the settle
    expect(due.map((t) => t.ms)).toEqual([SETTLE_MS])
    await fire()
    expect(layouts()).toHaveLength(2)
    expect(due.map((t) => t.ms)).toEqual([BACKOFF_MS[1]])
    await fire()
    await fire()
    expect(layouts()).toHaveLength(3)
    expect(layouts()[2]).toEqual(layouts()[0])
    // Answered: nothing more is scheduled, and the check has nothing to send.
    expect(due).toHaveLength(0)
    await server.app.deps.recording.watch!(server.app.deps)
    expect(layouts()).toHaveLength(3)
  })

  it('a change in a room that is not recording sends nothing', async () => {
    const { host } = await meeting(server)
    await host.client.post(host.path, { shareBoard: 1 })
    await fire()
    expect(double.calls('updateLayout')).toHaveLength(0)
    expect(double.calls('query')).toHaveLength(0)
  })
})

describe('local mode', () => {
  it('has no prompt path: its program reads the room every second', async () => {
    const local = await startServer({ timer: (run, ms) => void due.push({ run, ms }) })
    try {
      expect(local.app.deps.recording.kind).toBe('local')
      expect(local.app.deps.recording.announced).toBeUndefined()
      const { host } = await meeting(local)
      await host.client.post(host.path, { shareBoard: 1 })
      expect(due).toHaveLength(0)
    } finally {
      await local.close()
    }
  })
})
