import * as encoding from 'lib0/encoding'
import { afterAll, beforeAll, expect, it } from 'vitest'
import WebSocket from 'ws'
import { BoardFrame } from '@streams/wire/board'
import { boardServiceOf } from '../../../src/server/board'
import { BOARD_RATE } from '../../../src/server/board/intake'
import { startServer, type TestServer } from '../harness'
import { boardToken, enter, until } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const FLOOD = 3000

/** One client's awareness entry: its id, clock and state, as y-protocols encodes it. */
function awarenessFrame(clientId: number, clock: number): Buffer {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, 1)
  encoding.writeVarUint(encoder, clientId)
  encoding.writeVarUint(encoder, clock)
  encoding.writeVarString(encoder, JSON.stringify({ pointer: { x: clock, y: clock } }))
  return Buffer.from([BoardFrame.awareness, ...encoding.toUint8Array(encoder)])
}

it('[WB-2] a member flooding the board socket is slowed to the board rate: nothing it sent is refused or lost, and it stays connected', async () => {
  const host = await enter(server, `flood-${Math.random()}`, 1, 'Hana')
  const { boardId, boardToken: token } = await boardToken(host)
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/board/${boardId}`)
  const received: Buffer[] = []
  socket.on('message', (data: Buffer) => received.push(data))
  let closed: number | undefined
  socket.on('close', (code) => (closed = code))
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  const auth = JSON.stringify({ t: 'auth', token })
  socket.send(Buffer.from([BoardFrame.control, ...new TextEncoder().encode(auth)]))
  await until(() => received.some((d) => d[0] === BoardFrame.control))

  const doc = await boardServiceOf(server.app.fastify)!.open(boardId)
  const clientId = 424_242
  let applied = 0
  doc.awareness.on('update', ({ added, updated }: { added: number[]; updated: number[] }) => {
    if (added.includes(clientId) || updated.includes(clientId)) applied++
  })
  const started = Date.now()
  for (let clock = 1; clock <= FLOOD; clock++) socket.send(awarenessFrame(clientId, clock))
  await until(() => applied === FLOOD, 120_000)
  const seconds = (Date.now() - started) / 1000
  console.log(`board flood: ${FLOOD} frames applied in ${seconds.toFixed(1)} s`)
  // A burst of two seconds' worth, then the rate: never faster (a busy machine is only slower).
  const burst = 2 * BOARD_RATE.framesPerSecond
  expect(seconds).toBeGreaterThanOrEqual((FLOOD - burst) / BOARD_RATE.framesPerSecond)
  expect(doc.awareness.meta.get(clientId)?.clock).toBe(FLOOD)
  expect(closed).toBeUndefined()
  socket.close()
  boardServiceOf(server.app.fastify)!.release(doc)
})
