import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_SENDABLE_CMDS, Cmd } from '@streams/wire/channel'
import {
  meeting,
  ROOM,
  RtmClient,
  SCENE,
  startServer,
  type Entered,
  type TestServer,
} from './harness'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

/** Every host-only action of spec §6 ([ROLE-2], [ROLE-3]) as the REST call that makes it. */
function hostOnlyCalls(actor: Entered, host: Entered, other: Entered) {
  const room = actor.path
  const id = actor.room.roomId
  const uuid = actor.room.roomUuid
  return [
    ['mute all', 'POST', room, { muteAllAudio: 1 }],
    ['mute all chat', 'POST', room, { muteAllChat: 1 }],
    ['end the meeting', 'POST', room, { state: 0 }],
    ['end the meeting (scene)', 'POST', `${SCENE}state/update`, { roomUuid: uuid, state: 0 }],
    ['board share on', 'POST', room, { shareBoard: 1 }],
    ['close every screen share', 'POST', room, { shareScreen: 0 }],
    ['kick', 'GET', `${room}/user/${other.me.uid}/exit?reason=kickUserBy`],
    ['kick the host', 'GET', `${room}/user/${host.me.uid}/exit?reason=kickUserBy`],
    [
      'make oneself host',
      'POST',
      `${room}/user/${actor.me.uid}/host`,
      [
        { uid: host.me.uid, role: 2 },
        { uid: actor.me.uid, role: 1 },
      ],
    ],
    ['grant audio', 'POST', `${room}/user/${other.me.uid}`, { enableAudio: 1 }],
    ['grant own video', 'POST', `${room}/user/${actor.me.uid}`, { enableVideo: 1 }],
    ['mute the host', 'POST', `${room}/user/${host.me.uid}`, { enableAudio: 0 }],
    ['grant chat', 'POST', `${room}/user/${other.me.uid}`, { enableChat: 1 }],
    ['grant the board', 'POST', `${room}/user/${other.me.uid}/board`, { grant: 1 }],
    ['grant oneself the board', 'POST', `${room}/user/${actor.me.uid}/board`, { grant: 1 }],
    ['close a screen share', 'POST', `${room}/user/${host.me.uid}/screen`, { grant: 0 }],
    ['invite', 'POST', `${room}/user/${other.me.uid}/invite`, { type: 1, action: 1 }],
    ['answer an application', 'POST', `${room}/apply`, { type: 1, action: 1, to: other.me.uid }],
    [
      'set the main screen',
      'POST',
      `${SCENE}meeting/room/mainScreen/update`,
      { roomId: id, mainScreen: other.me.uid },
    ],
    [
      'set the layout',
      'POST',
      `${SCENE}meeting/room/layout/update`,
      { roomUuid: uuid, layout: 'p_9_1', infoTypeVoList: [] },
    ],
    [
      'rename the room',
      'POST',
      `${SCENE}meeting/room/update`,
      { roomId: id, roomName: 'mine now' },
    ],
    ['get the countdown', 'GET', `${SCENE}meeting/surplus/${id}/info`],
    ['refresh the online count', 'GET', `${room}/rtm/usersAmount/update?usersAmount=99`],
    [
      'set the recording state',
      'POST',
      `${SCENE}record/state/update`,
      { roomId: id, recordingState: 1 },
    ],
    ['start recording', 'POST', `${ROOM}recording/mix/start`, { roomId: id }],
    ['set the live state', 'POST', `${ROOM}live/${uuid}/liveState/update/v2`, { liveState: 3 }],
    ['add a projection', 'POST', `${SCENE}meeting/projection/add`, { roomId: id, name: 'p' }],
    [
      'add a question',
      'POST',
      `${ROOM}question/admin/add`,
      { roomId: id, title: 'q', options: ['a', 'b'], answer: [] },
    ],
    ['add goods', 'POST', `${ROOM}goods/add`, { roomId: id, title: 'g' }],
    [
      'add a stream',
      'POST',
      `${ROOM}room/${id}/streamingUrls/add`,
      {
        languageType: 'en',
        languageName: 'English',
        pullUrl: 'https://cdn.example/live.m3u8',
      },
    ],
  ] as const
}

async function refusedEverywhere(role: 'conferee' | 'audience') {
  const { host, guest, audience } = await meeting(server, true)
  const actor = role === 'conferee' ? guest : audience
  const other = role === 'conferee' ? audience : guest
  const watcher = await RtmClient.join(server, host)
  const before = (await host.client.get(host.path)).body.data.room
  for (const [what, method, path, body] of hostOnlyCalls(actor, host, other)) {
    const answer = await actor.client.call(method, path, method === 'GET' ? undefined : body)
    expect([what, answer.body.code], `${role} may not ${what}`).toEqual([what, 1301])
  }
  // Nothing changed and the server announced nothing.
  const after = (await host.client.get(host.path)).body.data.room
  expect({ ...after, updateTime: 0 }).toEqual({ ...before, updateTime: 0 })
  const members = (await host.client.get(`${host.path}/user/page`)).body.data.list
  expect(members.map((m: any) => [m.role, m.enableAudio, m.grantBoard])).toEqual([
    [1, 1, 0],
    [2, 0, 0],
    [3, 0, 0],
  ])
  await host.client.post(host.path, { muteAllChat: 0 })
  await watcher.message(3, (m) => m.data.muteAllChat === 0)
  expect(
    watcher
      .messages()
      .filter((m) => m.data.userId !== host.me.userId && m.cmd !== Cmd.memberChanged),
  ).toEqual([])
  watcher.close()
  return { host, actor }
}

describe('[HOST-6] [ROLE-2] host-only actions', () => {
  it('a conferee cannot perform any host-only action over REST', async () => {
    await refusedEverywhere('conferee')
  })

  it('a CDN audience member cannot perform any host-only action over REST', async () => {
    await refusedEverywhere('audience')
  })

  it('neither can say a server-only command on the channel, nor an invite or a user state to a peer; nobody hears it', async () => {
    const { host, guest, audience } = await meeting(server, true)
    const watcher = await RtmClient.join(server, host)
    const serverOnly = [...new Set(Object.values(Cmd))].filter(
      (cmd) => !CLIENT_SENDABLE_CMDS.has(cmd),
    )
    expect(serverOnly.length).toBeGreaterThan(25)
    for (const who of [guest, audience]) {
      const rtm = await RtmClient.join(server, who)
      for (const cmd of serverOnly) {
        const text = JSON.stringify({
          cmd,
          version: 1,
          timestamp: 1,
          data: { userId: who.me.userId, userName: 'x', uid: who.me.uid },
        })
        const answer = await rtm.request({
          t: 'channelMessage',
          channel: who.room.channelName,
          text,
        })
        expect([cmd, answer.t, answer.code]).toEqual([cmd, 'error', 'forbidden'])
      }
      for (const cmd of [1, 4]) {
        const text = JSON.stringify({
          cmd,
          version: 1,
          timestamp: 1,
          data: { userId: who.me.userId, userName: 'x', uid: who.me.uid, type: 1, role: 1 },
        })
        const answer = await rtm.request({ t: 'peerMessage', to: host.me.uid, text })
        expect([cmd, answer.code]).toEqual([cmd, 'forbidden'])
      }
      const cheers = JSON.stringify({
        cmd: 18,
        version: 1,
        timestamp: 1,
        data: { userId: who.me.userId, userName: 'x', type: 'cheers' },
      })
      expect(
        (await rtm.request({ t: 'channelMessage', channel: who.room.channelName, text: cheers })).t,
      ).toBe('ack')
      await watcher.message(18, (m) => m.data.userId === who.me.userId)
      rtm.close()
    }
    expect(watcher.messages().filter((m) => m.cmd !== 18 && m.cmd !== Cmd.memberChanged)).toEqual(
      [],
    )
    expect(watcher.pushed.filter((f) => f.t === 'peerMessage')).toEqual([])
    watcher.close()
  })
})
