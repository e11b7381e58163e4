import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LiveState } from '@streams/wire/constants'
import { updateRoom } from '../../../src/server/store/rooms'
import { meeting, ROOM, RtmClient, startServer, type TestServer } from '../harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

describe('language streams announced in every live state the room is watched in', () => {
  it('[CMD-27] [ENTRY-3] a language added, changed or removed is announced with the live state the room is in: READY, LIVING, PAUSE; never END ([LIVE-2])', async () => {
    const { host, guest, roomId } = await meeting(server, true)
    const rtm = await RtmClient.join(server, guest)
    const setState = (liveState: number) =>
      updateRoom(server.app.db, roomId, { liveState }, Date.now())
    const add = (languageType: string) =>
      host.client.post(`${ROOM}room/${roomId}/streamingUrls/add`, {
        languageType,
        languageName: languageType,
        pullUrl: `https://cdn.example.com/live/${languageType}.m3u8`,
      })
    // Each change is followed by the announcement of the state it was made in, in order.
    const states: number[] = []
    const nextState = async () => {
      const before = rtm.messages(27).length
      await rtm.next(
        (f) =>
          f.t === 'channelMessage' &&
          JSON.parse(f.text).cmd === 27 &&
          rtm.messages(27).length > before,
      )
      const state = rtm.messages(27)[before]!.data.liveState as number
      states.push(state)
      return state
    }

    // Paused (the audience watches the paused stream): the new language is announced.
    await setState(LiveState.PAUSE)
    let next = nextState()
    const paused = await add('fr')
    expect(paused.body.code).toBe(0)
    expect(await next).toBe(LiveState.PAUSE)

    // Before the live: so are changes, for the members who listen to interpreters.
    await setState(LiveState.READY)
    next = nextState()
    const streamId = paused.body.data[0].streamId as string
    await host.client.post(`${ROOM}room/${roomId}/streamingUrls/update`, {
      streamId,
      interpreterUid: guest.me.uid,
    })
    expect(await next).toBe(LiveState.READY)

    // After the END nothing is announced: the next announcement is the one made back in LIVING.
    await setState(LiveState.END)
    await host.client.post(`${ROOM}room/${roomId}/streamingUrls/delete`, { streamId })
    await setState(LiveState.LIVING)
    next = nextState()
    await add('es')
    expect(await next).toBe(LiveState.LIVING)
    expect(states).toEqual([LiveState.PAUSE, LiveState.READY, LiveState.LIVING])
    expect(rtm.messages(27).map((m) => m.data.liveState)).toEqual(states)
    rtm.close()
  })
})
