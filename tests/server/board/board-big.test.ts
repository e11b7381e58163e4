import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from '../harness'
import { enter, joinBoard, stroke, until } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
}, 180_000)
afterAll(() => server.close())

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
})
