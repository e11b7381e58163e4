import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../../src/server/app'
import type { TestServer } from '../harness'
import { enter, joinBoard, stroke } from './helpers'

const dataDir = mkdtempSync(join(tmpdir(), 'roomcast-board-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

async function start(port = 0): Promise<TestServer> {
  const app = await buildApp({ dataDir, logger: false, staticDir: undefined })
  const url = await app.fastify.listen({ host: '127.0.0.1', port })
  return { app, url, wsUrl: '', close: () => app.close() }
}

describe('board persistence', () => {
  it('[WB-1] strokes are stored: after a server restart the board comes back with every stroke', async () => {
    let server = await start()
    const host = await enter(server, `p1-${Math.random()}`, 1, 'Hana')
    const board = await joinBoard(server, host)
    board.writeElements([stroke('x1'), stroke('x2')])
    board.writeElements([stroke('x2', 3, { x: 9 })])
    await board.leave()
    await server.close()

    // Same address, so the member's session cookie and board token still apply.
    server = await start(Number(new URL(server.url).port))
    const again = await joinBoard(server, host)
    expect(again.elements().map((e) => [e.id, e.version])).toEqual([
      ['x1', 1],
      ['x2', 3],
    ])
    await again.leave()
    await server.close()
  })
})
