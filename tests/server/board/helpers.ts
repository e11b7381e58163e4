import * as encoding from 'lib0/encoding'
import WebSocket from 'ws'
import { BoardFrame } from '@streams/wire/board'
import { LocalBoard } from '../../../src/adapters/local-board/local-board'
import type { SocketLike } from '../../../src/adapters/local-board/connection'
import { Client, type TestServer } from '../harness'

const api = '/api/s1/serve/roomcast/v1'

export interface Member {
  readonly client: Client
  readonly uid: string
  readonly userId: string
  readonly roomId: string
}

/** Enters a room through the real entry route. */
export async function enter(
  server: TestServer,
  roomName: string,
  role: 1 | 2,
  userName: string,
): Promise<Member> {
  const client = new Client(server.url)
  const { body } = await client.call('POST', `${api}/room/entry`, {
    roomName,
    userName,
    roomType: 1,
    role,
    password: 'pw',
  })
  if (body.code !== 0) throw new Error(body.msg)
  return {
    client,
    uid: body.data.me.uid,
    userId: body.data.me.userId,
    roomId: body.data.roomInfo.roomId,
  }
}

export async function boardToken(member: Member): Promise<{ boardId: string; boardToken: string }> {
  const { body } = await member.client.call('GET', `${api}/room/${member.roomId}/board`)
  if (body.code !== 0) throw new Error(body.msg)
  return body.data
}

/** The board adapter in Node, on the server's real board socket; `sockets` collects those it opens. */
export function nodeBoard(server: TestServer, sockets?: WebSocket[]): LocalBoard {
  return new LocalBoard({
    socketUrl: (boardId) => `${server.url.replace('http', 'ws')}/board/${boardId}`,
    createSocket: (url) => {
      const socket = new WebSocket(url)
      sockets?.push(socket)
      return socket as unknown as SocketLike
    },
  })
}

/** A board joined as a guest member, with the member's board token. */
export async function joinAs(board: LocalBoard, member: Member, writable = true) {
  const { boardId, boardToken: token } = await boardToken(member)
  await board.join({
    boardId,
    boardToken: token,
    uid: member.uid,
    userName: member.uid,
    identity: 'guest',
    writable,
  })
  return board
}

export async function joinBoard(server: TestServer, member: Member, writable = true) {
  return joinAs(nodeBoard(server), member, writable)
}

export function stroke(id: string, version = 1, extra: Record<string, unknown> = {}) {
  return {
    id,
    version,
    versionNonce: version * 7,
    index: `a${id}`,
    type: 'freedraw',
    x: 1,
    y: 2,
    points: [
      [0, 0],
      [5, 5],
    ],
    ...extra,
  }
}

export async function until(check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 10))
  }
}

/**
 * A member's own board socket (not the adapter) that speaks for `clientId`'s presence with a
 * null state (erasing it) at `clock`, then asks for a grant check: answers the close code, or
 * 'open' once the check's answer shows the presence frame was handled and taken.
 */
export async function eraseAwareness(
  server: TestServer,
  member: Member,
  clientId: number,
  clock: number,
): Promise<number | 'open'> {
  const { boardId, boardToken: token } = await boardToken(member)
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/board/${boardId}`)
  const control = (value: unknown) =>
    Buffer.from([BoardFrame.control, ...new TextEncoder().encode(JSON.stringify(value))])
  return new Promise((resolve, reject) => {
    let answers = 0
    socket.once('error', reject)
    socket.once('close', (code) => resolve(code))
    socket.once('open', () => socket.send(control({ t: 'auth', token })))
    socket.on('message', (data: Buffer) => {
      if (data[0] !== BoardFrame.control) return
      if ((JSON.parse(data.subarray(1).toString()) as { t: string }).t !== 'writable') return
      if (++answers === 1) {
        const encoder = encoding.createEncoder()
        for (const n of [1, clientId, clock]) encoding.writeVarUint(encoder, n)
        encoding.writeVarString(encoder, 'null')
        socket.send(Buffer.from([BoardFrame.awareness, ...encoding.toUint8Array(encoder)]))
        socket.send(control({ t: 'recheck' }))
      } else {
        socket.removeAllListeners('close')
        socket.close()
        resolve('open')
      }
    })
  })
}
