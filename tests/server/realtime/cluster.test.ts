import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { DEFAULT_SETTINGS } from '../../../src/server/config'
import { boardServiceOf } from '../../../src/server/board'
import * as board from '../board/helpers'
import { enter, meeting, RtmClient, type TestServer } from '../harness'
import { clusterBackingInstalled, startServerPair, type ServerPair } from '../cluster-backing'

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let pair: ServerPair | undefined
/** Two server processes' worth of server: one database, one Redis. */
let a: TestServer
let b: TestServer
const logs: string[] = []

beforeAll(async () => {
  pair = await startServerPair({
    // X-Forwarded-For is the client address, so one test speaks for an address of its own.
    trustProxy: true,
    // The caps test holds twelve sockets before it logs any in: on a busy machine that takes
    // longer than the default login timeout (10 s), which would close them (4408) first.
    rtm: { ...DEFAULT_SETTINGS.rtm, maxPerUser: 2, maxPerAddress: 12, loginTimeoutMs: 120_000 },
  })
  if (!pair) return
  ;({ a, b } = pair)
  // The log of process b, as an operator would read it.
  for (const level of ['info', 'error'] as const) {
    const log = b.app.fastify.log
    const original = log[level].bind(log)
    log[level] = ((msg: unknown, ...rest: unknown[]) => {
      if (typeof msg === 'string') logs.push(msg)
      return (original as (...args: unknown[]) => void)(msg, ...rest)
    }) as typeof log.info
  }
})
afterAll(() => pair?.close())

const health = async (server: TestServer) =>
  (await (await fetch(`${server.url}/api/health`)).json()) as any

describe.skipIf(!clusterBackingInstalled)(
  'the realtime service over two processes (REDIS_URL)',
  () => {
    it('[MSG-9] [APPLY-6] members on two processes meet in one channel: one member list, one count, chat both ways, a chat mute on either', async () => {
      const { host, guest } = await meeting(a)
      const channel = host.room.channelName
      const hostRtm = await RtmClient.join(a, host)
      const guestRtm = await RtmClient.join(b, guest)
      await hostRtm.next((f) => f.t === 'memberJoined' && f.uid === guest.me.uid)
      for (const rtm of [hostRtm, guestRtm]) {
        const members = await rtm.request({ t: 'getMembers', channel })
        expect(members.data.members.sort()).toEqual([host.me.uid, guest.me.uid].sort())
        const counts = await rtm.request({ t: 'getMemberCount', channels: [channel] })
        expect(counts.data.counts[channel]).toBe(2)
        const online = await rtm.request({ t: 'queryPeersOnline', uids: [host.me.uid, '999'] })
        expect(online.data.online).toEqual({ [host.me.uid]: true, '999': false })
      }
      await guestRtm.next((f) => f.t === 'memberCountUpdated' && f.count === 2, 30_000)
      await hostRtm.next((f) => f.t === 'memberCountUpdated' && f.count === 2, 30_000)
      const say = (rtm: RtmClient, userId: string, message: string) =>
        rtm.request({
          t: 'channelMessage',
          channel,
          text: JSON.stringify({
            cmd: 1,
            version: 1,
            timestamp: 1,
            data: { userId, userName: 'x', message },
          }),
        })
      expect(await say(hostRtm, host.me.userId, 'from a')).toMatchObject({ t: 'ack' })
      expect(await say(guestRtm, guest.me.userId, 'from b')).toMatchObject({ t: 'ack' })
      expect((await guestRtm.message(1, (m) => m.data.message === 'from a')).from).toBe(host.me.uid)
      expect((await hostRtm.message(1, (m) => m.data.message === 'from b')).from).toBe(guest.me.uid)
      // Nobody hears its own message back, on either process.
      expect(hostRtm.messages(1).map((m) => m.data.message)).toEqual(['from b'])
      expect(guestRtm.messages(1).map((m) => m.data.message)).toEqual(['from a'])
      // [APPLY-6] Chat muted through process a: b, which vetted the conferee's line before, knows.
      expect((await host.client.post(host.path, { muteAllChat: 1 })).body.code).toBe(0)
      await guestRtm.message(3, (m) => m.data.muteAllChat === 1)
      expect(await say(guestRtm, guest.me.userId, 'muted')).toMatchObject({ code: 'chatMuted' })
      expect((await host.client.post(host.path, { muteAllChat: 0 })).body.code).toBe(0)
      await guestRtm.message(3, (m) => m.data.muteAllChat === 0)
      // Peer messages and channel attributes cross too.
      const peer = await guestRtm.request({ t: 'peerMessage', to: host.me.uid, text: 'hi' })
      expect(peer.data).toEqual({ delivered: true })
      await hostRtm.next((f) => f.t === 'peerMessage' && f.from === guest.me.uid && f.text === 'hi')
      await hostRtm.request({ t: 'setAttributes', channel, attributes: { topic: 'scale' } })
      await guestRtm.next((f) => f.t === 'attributesUpdated' && f.attributes.topic === 'scale')
      expect((await guestRtm.request({ t: 'getAttributes', channel })).data.attributes).toEqual({
        topic: 'scale',
      })
      guestRtm.close()
      await hostRtm.next((f) => f.t === 'memberLeft' && f.uid === guest.me.uid)
      await hostRtm.next((f) => f.t === 'memberCountUpdated' && f.count === 1, 30_000)
      hostRtm.close()
    })

    it('[HOST-6] [KICK-1] [END-3] mute all, a kick and the end reach the members of both processes', async () => {
      const { host, guest, name } = await meeting(a)
      const third = await enter(b, { roomName: name, userName: 'Tess', role: 2 })
      const hostRtm = await RtmClient.join(a, host)
      const guestRtm = await RtmClient.join(b, guest)
      const thirdRtm = await RtmClient.join(b, third)
      await hostRtm.next((f) => f.t === 'memberJoined' && f.uid === third.me.uid)
      // Asked of process b, announced by it: heard on a and b.
      host.client.retarget(b.url)
      expect((await host.client.post(host.path, { muteAllAudio: 1 })).body.code).toBe(0)
      for (const rtm of [hostRtm, guestRtm, thirdRtm])
        expect((await rtm.message(3, (m) => m.data.muteAllAudio === 1)).from).toBe('server')
      // Asked of process a: the kicked member, on b, hears the kick and then nothing more.
      host.client.retarget(a.url)
      const kicked = await host.client.get(
        `${host.path}/user/${guest.me.uid}/exit?role=2&reason=kickUserBy`,
      )
      expect(kicked.body.code).toBe(0)
      expect((await guestRtm.message(8)).data.uid).toBe(guest.me.uid)
      await hostRtm.next((f) => f.t === 'memberLeft' && f.uid === guest.me.uid)
      await thirdRtm.next((f) => f.t === 'memberLeft' && f.uid === guest.me.uid)
      const members = await thirdRtm.request({ t: 'getMembers', channel: host.room.channelName })
      expect(members.data.members.sort()).toEqual([host.me.uid, third.me.uid].sort())
      expect((await host.client.post(host.path, { state: 0 })).body.code).toBe(0)
      for (const rtm of [hostRtm, thirdRtm])
        expect((await rtm.message(13)).data.reason).toBe('host')
      expect(guestRtm.messages(13)).toEqual([])
      for (const rtm of [hostRtm, guestRtm, thirdRtm]) rtm.close()
    })

    it('a second login of a uid on the other process closes the first as a remote login', async () => {
      const { guest } = await meeting(a)
      const first = await RtmClient.join(a, guest)
      const closed = new Promise<number>((r) => first.socket.once('close', (code) => r(code)))
      const second = await RtmClient.join(b, guest)
      await first.next((f) => f.t === 'connectionStateChanged' && f.reason === 'REMOTE_LOGIN')
      expect(await closed).toBe(4001)
      const online = await second.request({ t: 'queryPeersOnline', uids: [guest.me.uid] })
      expect(online.data.online[guest.me.uid]).toBe(true)
      expect(
        (await second.request({ t: 'getMembers', channel: guest.room.channelName })).data.members,
      ).toContain(guest.me.uid)
      second.close()
    })

    it('[WB-1] [WB-2] [WB-3] one whiteboard across processes: strokes, grants (asked of either process) and the broadcaster view cross both ways', async () => {
      const room = `cluster-board-${Math.random()}`
      const host = await board.enter(a, room, 1, 'Hana')
      const guest = await board.enter(b, room, 2, 'Carl')
      const hostBoard = await board.joinBoard(a, host)
      hostBoard.writeElements([board.stroke('before')])
      // The board is open on a only: b loads what a stored and asks a for the rest.
      const guestBoard = await board.joinBoard(b, guest)
      await board.until(() => guestBoard.elements().some((e) => e.id === 'before'), 30_000)
      hostBoard.writeElements([board.stroke('live')])
      await board.until(() => guestBoard.elements().some((e) => e.id === 'live'), 30_000)
      // The grant is asked of process b; the conferee draws there and the host on a sees it.
      await b.app.db.query(
        'UPDATE room_members SET grant_board = 1 WHERE room_id = $1 AND uid = $2',
        [guest.roomId, guest.uid],
      )
      await boardServiceOf(b.app.fastify)!.grantChanged(guest.roomId, guest.uid)
      await board.until(() => guestBoard.view.writable, 30_000)
      guestBoard.writeElements([board.stroke('from-b')])
      await board.until(() => hostBoard.elements().some((e) => e.id === 'from-b'), 30_000)
      // The broadcaster's view rides on awareness: the follower on the other process is locked.
      await hostBoard.setViewMode('broadcaster')
      await board.until(() => guestBoard.view.locked && guestBoard.view.mode === 'follower', 30_000)
      // The host's presence is held on a: the conferee may not erase it from b either (4403).
      const onB = await boardServiceOf(b.app.fastify)!.open((await board.boardToken(guest)).boardId)
      const [hostId] = [...onB.awareness.getStates()].find(([, s]) => s.user?.uid === host.uid)!
      const clock = onB.awareness.meta.get(hostId)!.clock
      boardServiceOf(b.app.fastify)!.release(onB)
      expect(await board.eraseAwareness(b, guest, hostId, clock + 5)).toBe(4403)
      expect(guestBoard.view.locked).toBe(true)
      expect(
        hostBoard
          .elements()
          .map((e) => e.id)
          .sort(),
      ).toEqual(['before', 'from-b', 'live'])
      expect(
        guestBoard
          .elements()
          .map((e) => e.id)
          .sort(),
      ).toEqual(['before', 'from-b', 'live'])
      // A revoke asked of process a reaches the conferee's board connection on b at once.
      await a.app.db.query(
        'UPDATE room_members SET grant_board = 0 WHERE room_id = $1 AND uid = $2',
        [guest.roomId, guest.uid],
      )
      await boardServiceOf(a.app.fastify)!.grantChanged(guest.roomId, guest.uid)
      await board.until(() => !guestBoard.view.writable, 30_000)
      await hostBoard.leave()
      await board.until(() => !guestBoard.view.locked, 30_000)
      await guestBoard.leave()
    })

    it('the connection caps count the connections of both processes (4429, tooManyConnections)', async () => {
      const address = '192.0.2.77'
      const open = (server: TestServer) => {
        const socket = new WebSocket(server.wsUrl, { headers: { 'x-forwarded-for': address } })
        const closed = new Promise<number>((r) => socket.once('close', (code) => r(code)))
        const opened = new Promise<void>(
          (r, j) => (socket.once('open', r), socket.once('error', j)),
        )
        return { socket, closed, opened }
      }
      const login = (socket: WebSocket, uid: string) =>
        new Promise<any>((resolve) => {
          const token = a.app.deps.tokens.sign({
            kind: 'rtm',
            sub: uid,
            ch: 'capped',
            uid: 'acct-c',
          })
          socket.on('message', (raw) => {
            const frame = JSON.parse(raw.toString())
            if ((frame.t === 'ack' || frame.t === 'error') && frame.id === 1) resolve(frame)
          })
          socket.send(JSON.stringify({ t: 'login', id: 1, uid, token }))
        })
      // A ping is answered only once the processes have counted the connection in (frames wait
      // for that word): an answered ping is an admitted connection. Without it, the thirteenth's
      // count could overtake one of the twelve's on a busy machine, and that one be refused.
      const admitted = (socket: WebSocket) =>
        new Promise<void>((resolve) => {
          socket.on('message', (raw) => {
            const frame = JSON.parse(raw.toString())
            if (frame.t === 'ack' && frame.id === 99) resolve()
          })
          socket.send(JSON.stringify({ t: 'ping', id: 99 }))
        })
      // Twelve from the address, six on each process: the thirteenth is refused on either.
      const held = Array.from({ length: 12 }, (_, i) => open(i % 2 === 0 ? a : b))
      await Promise.all(held.map((c) => c.opened))
      await Promise.all(held.map((c) => admitted(c.socket)))
      expect(await open(a).closed).toBe(4429)
      expect(await open(b).closed).toBe(4429)
      // Two logins of one account, one on each process: a third is refused.
      expect(await login(held[0]!.socket, 'c1')).toMatchObject({ t: 'ack' })
      expect(await login(held[1]!.socket, 'c2')).toMatchObject({ t: 'ack' })
      expect(await login(held[2]!.socket, 'c3')).toMatchObject({
        t: 'error',
        code: 'tooManyConnections',
      })
      expect(await held[2]!.closed).toBe(4429)
      // Places are given back as connections close.
      held[0]!.socket.close()
      await held[0]!.closed
      for (;;) {
        const again = open(a)
        await again.opened
        const code = await Promise.race([again.closed, sleep(300).then(() => 0)])
        if (code === 0) {
          expect(await login(again.socket, 'c4')).toMatchObject({ t: 'ack' })
          again.socket.close()
          break
        }
        expect(code).toBe(4429)
      }
      for (const c of held) c.socket.close()
    })

    it('Redis going away: each process serves its own members, health and log say so, and all comes back', async () => {
      const { host, guest, name } = await meeting(a)
      const local = await enter(b, { roomName: name, userName: 'Lou', role: 2 })
      const channel = host.room.channelName
      const hostRtm = await RtmClient.join(a, host)
      const guestRtm = await RtmClient.join(b, guest)
      const localRtm = await RtmClient.join(b, local)
      await hostRtm.next((f) => f.t === 'memberJoined' && f.uid === local.me.uid)
      expect((await health(b)).status).toBe('ok')

      await pair!.backing.redis.stop()
      while ((await health(b)).status !== 'degraded') await sleep(50)
      expect((await health(b)).realtime.bus).toMatchObject({ kind: 'redis', connected: false })
      expect(logs.some((l) => l.includes('redis is unreachable'))).toBe(true)
      const say = (rtm: RtmClient, userId: string, message: string) =>
        rtm.request({
          t: 'channelMessage',
          channel,
          text: JSON.stringify({
            cmd: 1,
            version: 1,
            timestamp: 1,
            data: { userId, userName: 'x', message },
          }),
        })
      // On process b, its two members still talk; what is said on a does not reach b.
      expect(await say(guestRtm, guest.me.userId, 'b only')).toMatchObject({ t: 'ack' })
      await localRtm.message(1, (m) => m.data.message === 'b only')
      expect(await say(hostRtm, host.me.userId, 'lost on the way')).toMatchObject({ t: 'ack' })
      const members = await localRtm.request({ t: 'getMembers', channel })
      expect(members.data.members.sort()).toEqual([guest.me.uid, local.me.uid].sort())

      // Redis comes back empty: each process tells it again what it holds.
      await pair!.backing.redis.start()
      while ((await health(b)).status !== 'ok' || (await health(a)).status !== 'ok')
        await sleep(100)
      expect(logs.some((l) => l.includes('redis is back'))).toBe(true)
      const everyone = [host.me.uid, guest.me.uid, local.me.uid].sort()
      for (;;) {
        const now = await localRtm.request({ t: 'getMembers', channel })
        if (now.data.members.length === 3) {
          expect(now.data.members.sort()).toEqual(everyone)
          break
        }
        await sleep(50)
      }
      expect(await say(hostRtm, host.me.userId, 'across again')).toMatchObject({ t: 'ack' })
      await guestRtm.message(1, (m) => m.data.message === 'across again', 30_000)
      await localRtm.message(1, (m) => m.data.message === 'across again', 30_000)
      expect(guestRtm.messages(1).map((m) => m.data.message)).not.toContain('lost on the way')
      for (const rtm of [hostRtm, guestRtm, localRtm]) rtm.close()
    })
  },
)
