import type WebSocket from 'ws'
import type { LocalBoard } from '../../../src/adapters/local-board/local-board'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import { MAX_BOARD_CHANGE_BYTES, MAX_BOARD_FRAME_BYTES } from '@streams/wire/board'
import { startServer, type TestServer } from '../harness'
import { enter, joinAs, joinBoard, nodeBoard, stroke, until, type Member } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
}, 180_000)
afterAll(() => server.close())

/** The board adapter on the real socket, counting the sockets it opens and keeping its events. */
async function countedBoard(member: Member) {
  const sockets: WebSocket[] = []
  const board = nodeBoard(server, sockets)
  const events: Event[] = []
  board.events$.subscribe((event) => events.push(event))
  await joinAs(board, member)
  return { board, sockets, events }
}

const ids = (board: LocalBoard) =>
  board
    .elements()
    .map((e) => e.id)
    .sort()

describe('a big change on the board', () => {
  it('[WB-1] a writer pasting 300 long strokes at once: every one reaches the other member', async () => {
    const room = `big-${Math.random()}`
    const host = await enter(server, room, 1, 'Hana')
    const guest = await enter(server, room, 2, 'Carl')
    const hostBoard = await joinBoard(server, host)
    const guestBoard = await joinBoard(server, guest)
    const points = Array.from({ length: 100 }, (_, i) => [i * 1.5, i * 2.25])
    const many = Array.from({ length: 300 }, (_, i) => stroke(`p${i}`, 1, { points }))
    expect(hostBoard.writeElements(many)).toBe(300)
    await until(() => guestBoard.elements().length === 300, 30_000)
    await hostBoard.leave()
    await guestBoard.leave()
  })

  it('[WB-1] a change over the 2 MB frame limit (about 3 MB) goes in parts and reaches the other member, on one socket', async () => {
    const room = `big3-${Math.random()}`
    const host = await countedBoard(await enter(server, room, 1, 'Hana'))
    const guestBoard = await joinBoard(server, await enter(server, room, 2, 'Carl'))
    // 600 strokes of 300 points that no float32 holds: 600 × 300 × 2 × 9 bytes ≈ 3.2 MB.
    const points = Array.from({ length: 300 }, (_, i) => [i * 1.1, i * 2.3])
    const many = Array.from({ length: 600 }, (_, i) => stroke(`q${i}`, 1, { points }))
    expect(host.board.writeElements(many)).toBe(600)
    const sizes = host.events.flatMap((e) => (e.type === 'board/updated' ? [e.omitted ?? 0] : []))
    expect(Math.max(...sizes)).toBeGreaterThan(MAX_BOARD_FRAME_BYTES + 512 * 1024)
    await until(() => guestBoard.elements().length === 600, 60_000)
    expect(guestBoard.elements().find((e) => e.id === 'q599')).toMatchObject({ points })
    expect(host.sockets.length).toBe(1)
    await host.board.leave()
    await guestBoard.leave()
  })

  it('[WB-1] a change over the 16 MB cap is not sent: board/changeRefused once, the board back to the server’s, no retry', async () => {
    const room = `big16-${Math.random()}`
    const host = await countedBoard(await enter(server, room, 1, 'Hana'))
    const guestBoard = await joinBoard(server, await enter(server, room, 2, 'Carl'))
    host.board.writeElements([stroke('kept')])
    await until(() => ids(guestBoard).includes('kept'), 30_000)
    // 17 texts of 1 MB each, in one change.
    const text = 'x'.repeat(1024 * 1024)
    const huge = Array.from({ length: 17 }, (_, i) => stroke(`huge${i}`, 1, { type: 'text', text }))
    expect(host.board.writeElements(huge)).toBe(17)
    await until(() => host.events.some((e) => e.type === 'board/changeRefused'), 30_000)
    // The writer's board is the server's again, and goes on working.
    await until(() => host.board.view.joined && host.board.view.writable, 30_000)
    await until(() => ids(host.board).join() === 'kept', 30_000)
    host.board.writeElements([stroke('after')])
    await until(() => ids(guestBoard).includes('after'), 30_000)
    // Nothing was sent again: one socket for the refused session, one for the fresh one.
    await new Promise((r) => setTimeout(r, 1000))
    expect(host.events.filter((e) => e.type === 'board/changeRefused')).toEqual([
      { type: 'board/changeRefused', reason: 'tooBig', limitBytes: MAX_BOARD_CHANGE_BYTES },
    ])
    expect(host.sockets.length).toBe(2)
    expect(ids(guestBoard)).toEqual(['after', 'kept'])
    await host.board.leave()
    await guestBoard.leave()
  })
})
