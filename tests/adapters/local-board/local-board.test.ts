import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import { startServer, type TestServer } from '../../server/harness'
import { boardAt, type BoardAtStep } from '@streams/replay/board'
import { ReplayBoard } from '../../../src/web/board/replay-board'
import { boardToken, enter, joinBoard, nodeBoard, stroke, until } from '../../server/board/helpers'

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const room = () => `lb-${Math.random()}`

describe('LocalBoard', () => {
  it('[WB-1] [WB-4] joins at /init with scale 0.65 and reports joined, then leaves', async () => {
    const host = await enter(server, room(), 1, 'Hana')
    const board = await joinBoard(server, host)
    const events: Event[] = []
    board.events$.subscribe((e) => events.push(e))
    expect(board.view).toMatchObject({
      scenePath: '/init',
      index: 0,
      total: 1,
      scale: 0.65,
      writable: true,
    })
    await board.setScenePath('/')
    expect(board.view.scenePath).toBe('/init')
    await board.setScale(1)
    expect(events).toContainEqual({ type: 'board/scaleChanged', scale: 1 })
    await board.leave()
    expect(events.at(-1)).toEqual({ type: 'board/left' })
  })

  it('[WB-1] emits board/joined with the writability the server decided', async () => {
    const r = room()
    const host = await enter(server, r, 1, 'Hana')
    const guest = await enter(server, r, 2, 'Carl')
    const { nodeBoard, boardToken } = await import('../../server/board/helpers')
    const board = nodeBoard(server)
    const events: Event[] = []
    board.events$.subscribe((e) => events.push(e))
    const { boardId, boardToken: token } = await boardToken(guest)
    // Asking to write is not enough: the grant decides ([WB-2]).
    await board.join({
      boardId,
      boardToken: token,
      uid: guest.uid,
      userName: 'Carl',
      identity: 'guest',
      writable: true,
    })
    expect(events).toContainEqual({ type: 'board/joined', boardId, writable: false })
    expect(host.uid).not.toBe(guest.uid)
    await board.leave()
  })

  it('[WB-2] undo and redo take back only my own strokes', async () => {
    const r = room()
    const host = await enter(server, r, 1, 'Hana')
    const guest = await enter(server, r, 2, 'Carl')
    await server.app.db.query('UPDATE room_members SET grant_board = 1 WHERE uid = $1', [guest.uid])
    const a = await joinBoard(server, host)
    const b = await joinBoard(server, guest)
    a.writeElements([stroke('a1')])
    a.endStroke()
    b.writeElements([stroke('b1')])
    await until(() => a.elements().length === 2 && b.elements().length === 2)
    expect(a.view.canUndo).toBe(true)
    a.undo()
    await until(() => b.elements().length === 1)
    expect(a.elements().map((e) => e.id)).toEqual(['b1'])
    a.undo() // nothing of mine left: b1 stays
    expect(a.elements().map((e) => e.id)).toEqual(['b1'])
    a.redo()
    await until(() => b.elements().length === 2)
    expect(
      b
        .elements()
        .map((e) => e.id)
        .sort(),
    ).toEqual(['a1', 'b1'])
    a.clearPage()
    await until(() => b.elements().length === 0)
    await a.leave()
    await b.leave()
  })

  it('[WB-3] [WB-5] followers see the broadcaster page and view, locked, until it stops', async () => {
    const r = room()
    const host = await enter(server, r, 1, 'Hana')
    const guest = await enter(server, r, 2, 'Carl')
    const lead = await joinBoard(server, host)
    const follower = await joinBoard(server, guest)
    const events: Event[] = []
    follower.events$.subscribe((e) => events.push(e))

    // Only a writer may lead.
    await follower.setViewMode('broadcaster')
    expect(follower.view.mode).toBe('freedom')

    await lead.addPage()
    expect(lead.view).toMatchObject({ scenePath: '/2', index: 1, total: 2 })
    await lead.setViewMode('broadcaster')
    lead.setCamera({ scrollX: 120, scrollY: -40, zoom: 0.8 })
    await until(() => follower.view.locked && follower.view.camera.zoom === 0.8)
    expect(follower.view).toMatchObject({ mode: 'follower', scenePath: '/2', index: 1, total: 2 })
    expect(follower.view.camera).toEqual({ scrollX: 120, scrollY: -40, zoom: 0.8 })
    expect(events).toContainEqual({ type: 'board/viewModeChanged', mode: 'follower' })
    expect(events).toContainEqual({ type: 'board/lockChanged', locked: true })
    expect(events).toContainEqual({ type: 'board/sceneChanged', path: '/2', index: 1, total: 2 })

    // A follower cannot move its page or camera.
    await follower.setPage(0)
    follower.setCamera({ scrollX: 0, scrollY: 0, zoom: 2 })
    expect(follower.view).toMatchObject({ scenePath: '/2', scale: 0.8 })

    await lead.setPage(0)
    await until(() => follower.view.scenePath === '/init')
    await lead.setViewMode('freedom')
    await until(() => !follower.view.locked)
    expect(events).toContainEqual({ type: 'board/lockChanged', locked: false })
    expect(follower.view.mode).toBe('freedom')
    await lead.leave()
    await follower.leave()
  })

  it('[WB-3] when the broadcaster leaves, followers are free again', async () => {
    const r = room()
    const host = await enter(server, r, 1, 'Hana')
    const guest = await enter(server, r, 2, 'Carl')
    const lead = await joinBoard(server, host)
    const follower = await joinBoard(server, guest)
    await lead.setViewMode('broadcaster')
    await until(() => follower.view.locked)
    await lead.leave()
    await until(() => !follower.view.locked, 30_000)
    expect(follower.view.mode).toBe('freedom')
    await follower.leave()
  })
})

describe('LocalBoard in the session log', () => {
  it('[WB-1] every change of the document, mine or another writer’s, is a board/updated event; the recorded updates rebuild the drawing, step by step', async () => {
    const r = room()
    const host = await enter(server, r, 1, 'Hana')
    const guest = await enter(server, r, 2, 'Carl')
    const recorded = async (member: typeof host, identity: 'host' | 'guest') => {
      const board = nodeBoard(server)
      const events: Event[] = []
      board.events$.subscribe((e) => events.push(e))
      const { boardId, boardToken: token } = await boardToken(member)
      await board.join({
        boardId,
        boardToken: token,
        uid: member.uid,
        userName: identity,
        identity,
        writable: identity === 'host',
      })
      return { board, events }
    }
    const mine = await recorded(host, 'host')
    const theirs = await recorded(guest, 'guest')
    mine.board.writeElements([stroke('s1') as never])
    mine.board.writeElements([stroke('s2') as never])
    await until(() => theirs.board.elements().length === 2)

    for (const { events } of [mine, theirs]) {
      const envelopes = events.map((event, seq) => ({ seq, at: seq, event }))
      expect(envelopes.filter((e) => e.event.type === 'board/updated').length).toBeGreaterThan(0)
      const replayed = new ReplayBoard()
      const at = boardAt(envelopes, envelopes.length)
      expect(at?.omittedBytes).toBe(0)
      replayed.show(at!, '/init', 0.65)
      expect(replayed.elements().map((e) => e.id)).toEqual(['s1', 's2'])
      // one step after the first stroke arrived: only it
      const first = envelopes.findIndex(
        (_, i) => boardAt(envelopes, i + 1) !== null && ids(boardAt(envelopes, i + 1)!).length > 0,
      )
      replayed.show(boardAt(envelopes, first + 1)!, '/init', 0.65)
      expect(replayed.elements().map((e) => e.id)).toEqual(['s1'])
    }
    await mine.board.leave()
    await theirs.board.leave()
    // after the board was left, nothing is shown
    const after = mine.events.map((event, seq) => ({ seq, at: seq, event }))
    expect(boardAt(after, after.length)).toBeNull()
  })
})

/** The element ids a recorded board holds. */
function ids(at: BoardAtStep): string[] {
  const board = new ReplayBoard()
  board.show(at, '/init', 1)
  return board.elements().map((e) => e.id)
}
