import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isStageUid } from '@streams/wire/stage'
import { MEDIA_TOKEN_TTL_SECONDS } from '../../../src/server/auth/media-tokens'
import { newUid } from '../../../src/server/store/seats'
import { reserveStageUid, sharedBoardUid } from '../../../src/server/store/stage-uids'
import { updateRoom } from '../../../src/server/store/rooms'
import {
  decode,
  JOIN,
  PUBLISH_AUDIO,
  PUBLISH_DATA,
  PUBLISH_VIDEO,
  RTC,
  signs,
} from '../auth/access-token2'
import { meeting, ROOM, startServer, type TestServer } from '../harness'
import { agoraApp, APP_ID, CERTIFICATE } from '../agora/agora-app'

const ttl = MEDIA_TOKEN_TTL_SECONDS

let server: TestServer
beforeAll(async () => {
  server = await startServer({
    settings: agoraApp,
  })
})
afterAll(() => server.close())

describe('stage uids and tokens (Agora mode)', () => {
  it("a host gets the board's stage uid and a publisher token for it; asked again, the same uid and a fresh token", async () => {
    const { host, roomId } = await meeting(server)
    const path = `${ROOM}room/${roomId}/media/stageToken`
    const first = await host.client.post(path, { stage: 'board' })
    expect(first.body.code).toBe(0)
    const { uid, token } = first.body.data as { uid: string; token: string }
    expect(isStageUid(uid)).toBe(true)
    const decoded = decode(token)
    expect(decoded.appId).toBe(APP_ID)
    expect(decoded.expire).toBe(ttl)
    expect(decoded.services).toEqual([
      {
        type: RTC,
        channel: host.room.channelName,
        uid,
        privileges: {
          [JOIN]: ttl,
          [PUBLISH_AUDIO]: ttl,
          [PUBLISH_VIDEO]: ttl,
          [PUBLISH_DATA]: ttl,
        },
      },
    ])
    expect(signs(decoded, CERTIFICATE)).toBe(true)
    const again = await host.client.post(path, { stage: 'board' })
    expect(again.body.data.uid).toBe(uid)
    expect(again.body.data.token).not.toBe(token)
    // No member of the room has it.
    const users = await host.client.get(`${ROOM}room/${roomId}/user/page`)
    const uids = users.body.data.list.flatMap((m: { uid: string; screenId: string }) => [
      m.uid,
      m.screenId,
    ])
    expect(uids).not.toContain(uid)
    // The cloud recording's board place names the same uid while the board is shared.
    const db = server.app.db
    expect(await sharedBoardUid(db, { room_id: roomId, share_board: 1 }, Date.now())).toBe(uid)
    expect(await sharedBoardUid(db, { room_id: roomId, share_board: 0 }, Date.now())).toBe('')
  })

  it('each language stream has its own stage uid; an unknown stream is refused (404)', async () => {
    const { host, roomId } = await meeting(server)
    const path = `${ROOM}room/${roomId}/media/stageToken`
    const add = (languageType: string) =>
      host.client.post(`${ROOM}room/${roomId}/streamingUrls/add`, {
        languageType,
        languageName: languageType,
        pushUrl: `rtmp://push.example.com/live/${languageType}`,
      })
    await add('en')
    const streams = (await add('fr')).body.data as { streamId: string }[]
    const uids = new Set<string>()
    for (const { streamId } of streams) {
      const answer = await host.client.post(path, { stage: 'language', streamId })
      expect(answer.body).toMatchObject({ code: 0 })
      uids.add(answer.body.data.uid)
    }
    uids.add((await host.client.post(path, { stage: 'board' })).body.data.uid)
    expect(uids.size).toBe(3)
    const unknown = await host.client.post(path, { stage: 'language', streamId: 'nope' })
    expect([unknown.status, unknown.body.code, unknown.body.msg]).toEqual([
      404,
      2001,
      'no such language stream',
    ])
  })

  it('refused to a conferee (403), after the meeting ended, and for a body of neither shape (400)', async () => {
    const { host, guest, roomId } = await meeting(server)
    const path = `${ROOM}room/${roomId}/media/stageToken`
    const refused = await guest.client.post(path, { stage: 'board' })
    expect([refused.status, refused.body.code, refused.body.msg]).toEqual([
      403,
      1301,
      'only a host may change the room settings',
    ])
    const bad = async (body: unknown) => {
      const { status, body: answer } = await host.client.post(path, body)
      return [status, answer.code, answer.msg, answer.data.field]
    }
    expect(await bad({ stage: 'screen' })).toEqual([
      400,
      400,
      'params: stage must be equal to constant',
      'stage',
    ])
    expect(await bad({ stage: 'language' })).toEqual([
      400,
      400,
      "params: streamId can't be empty",
      'streamId',
    ])
    await updateRoom(server.app.db, roomId, { state: 0 }, Date.now())
    const ended = await host.client.post(path, { stage: 'board' })
    expect([ended.status, ended.body.code]).toEqual([403, 1006])
  })

  it('reserved uids are five digits, one per stage under concurrent requests, never a member uid', async () => {
    const db = server.app.db
    const room = `stage-room-${Date.now()}`
    const uids = await Promise.all(
      Array.from({ length: 6 }, () => reserveStageUid(db, room, 'board', Date.now())),
    )
    expect(new Set(uids).size).toBe(1)
    const languages = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reserveStageUid(db, room, `language:${i}`, Date.now())),
    )
    expect(new Set([...languages, uids[0]]).size).toBe(21)
    expect([...languages, uids[0]!].every(isStageUid)).toBe(true)
    for (let i = 0; i < 1000; i++) expect(isStageUid(newUid())).toBe(false)
  })
})

describe('stage tokens in local mode', () => {
  it('are refused by name (400): the server composes the program itself', async () => {
    const local = await startServer()
    try {
      const { host, roomId } = await meeting(local)
      const answer = await host.client.post(`${ROOM}room/${roomId}/media/stageToken`, {
        stage: 'board',
      })
      expect([answer.status, answer.body.code, answer.body.msg]).toEqual([
        400,
        1901,
        'stages exist in Agora mode only',
      ])
    } finally {
      await local.close()
    }
  })
})
