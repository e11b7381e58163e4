// @vitest-environment jsdom
import { Subject } from 'rxjs'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Event } from '@streams/events'
import type { BoardJoin } from '@streams/ports'
import type { WhiteBoardOptions } from '../../../src/adapters/white/white-board'

/** Which adapter modules were loaded and what they were built with. */
const loaded = vi.hoisted(() => ({
  /** Times the white-web-sdk adapter's module was imported (the mock's factory runs then). */
  whiteImports: 0,
  white: [] as unknown[],
  local: [] as unknown[],
  joins: [] as unknown[],
}))

vi.mock('../../../src/adapters/white/white-board', () => ({
  ...(loaded.whiteImports++, {}),
  WhiteBoard: class {
    readonly events$ = new Subject<Event>()
    constructor(options: unknown) {
      loaded.white.push(options)
    }
    async join(join: unknown) {
      loaded.joins.push(join)
    }
    picture() {
      return { start: () => ({ kind: 'video' }), stop: () => undefined, board: 'white' }
    }
  },
}))
vi.mock('../../../src/adapters/local-board/local-board', () => ({
  LocalBoard: class {
    readonly events$ = new Subject<Event>()
    constructor(options: unknown) {
      loaded.local.push(options)
    }
    async join(join: unknown) {
      loaded.joins.push(join)
    }
  },
}))

const { LazyBoard } = await import('../../../src/web/board/lazy-board')

const JOIN: BoardJoin = {
  boardId: 'uuid',
  boardToken: 'token',
  uid: '1',
  userName: 'Hana',
  identity: 'host',
  writable: true,
}

beforeEach(() => {
  loaded.white.length = 0
  loaded.local.length = 0
  loaded.joins.length = 0
})

describe('LazyBoard: the adapter loads on the first join, for the server mode', () => {
  it("Agora mode: nothing before Join; then white-web-sdk's adapter with the app identifier and region", async () => {
    const credentials = async () => ({ boardToken: 'fresh' })
    const config = vi.fn(async () => ({
      mode: 'agora' as const,
      netless: { appIdentifier: 'app-identifier', region: 'sg' },
    }))
    const board = new LazyBoard(config, { credentials })
    await board.setWritable(true)
    expect(config).not.toHaveBeenCalled()
    expect(loaded.whiteImports).toBe(0)
    await board.join(JOIN)
    expect(loaded.whiteImports).toBe(1)
    expect(loaded.local).toEqual([])
    const [options] = loaded.white as WhiteBoardOptions[]
    expect(options).toMatchObject({ appIdentifier: 'app-identifier', region: 'sg' })
    expect(options!.credentials).toBe(credentials)
    expect(loaded.joins).toEqual([JOIN])
  })

  it('local mode never loads the white-web-sdk adapter', async () => {
    const board = new LazyBoard(async () => ({ mode: 'local' as const }))
    await board.join(JOIN)
    expect(loaded.white).toEqual([])
    expect(loaded.local).toHaveLength(1)
  })

  it('Agora mode without Netless settings still loads the adapter, which then refuses the join itself', async () => {
    const board = new LazyBoard(async () => ({ mode: 'agora' as const }))
    await board.join(JOIN)
    expect(loaded.white).toEqual([{ appIdentifier: undefined, region: undefined }])
  })

  it("the board's picture for Agora's live and recording: the Netless board's; local mode's server draws its own", async () => {
    const white = new LazyBoard(async () => ({ mode: 'agora' as const }))
    expect(await white.picture()).toMatchObject({ board: 'white' })
    const local = new LazyBoard(async () => ({ mode: 'local' as const }))
    expect(await local.picture()).toBeUndefined()
  })
})
