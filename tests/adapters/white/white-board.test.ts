// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Event } from '@streams/events'
import type { BoardJoin } from '@streams/ports'
import { FakeWhiteSdk, roomTokenWith } from './fake-white-sdk'

// white-web-sdk reads the 2D canvas context's prototype when it loads; jsdom has none.
globalThis.CanvasRenderingContext2D ??= class {} as unknown as typeof CanvasRenderingContext2D
const { ViewMode, ApplianceNames } = await import('white-web-sdk')
const { WhiteBoard, NOT_CONFIGURED } = await import('../../../src/adapters/white/white-board')

const join = (writable: boolean, role: 'admin' | 'writer' | 'reader' = 'admin'): BoardJoin => ({
  boardId: 'room-uuid',
  boardToken: roomTokenWith(role),
  uid: '123456',
  userName: 'Hana',
  identity: role === 'admin' ? 'host' : 'guest',
  writable,
})

let fake: FakeWhiteSdk
let renewals: string[]

function started(
  options: {
    appIdentifier?: string
    renewal?: () => Promise<{ boardToken: string; filesToken?: string }>
  } = {},
) {
  const board = new WhiteBoard({
    appIdentifier: 'appIdentifier' in options ? options.appIdentifier : 'app-identifier',
    region: 'us-sv',
    createSdk: fake.create,
    credentials:
      options.renewal ??
      (async () => {
        const boardToken = renewals.shift()
        if (!boardToken) throw new Error('no token')
        return { boardToken, filesToken: `files-${renewals.length}` }
      }),
  })
  const events: Event[] = []
  board.events$.subscribe((e) => events.push(e))
  return { board, events }
}

beforeEach(() => {
  fake = new FakeWhiteSdk(ViewMode.Freedom)
  renewals = []
})

describe('WhiteBoard (white-web-sdk, typed fake)', () => {
  it('[WB-1] [WB-4] joins with the app identifier, region, room uuid, room token and uid from our server, at scale 0.65', async () => {
    const { board, events } = started()
    const wanted = join(true)
    await board.join(wanted)
    expect(fake.configs).toEqual([
      { appIdentifier: 'app-identifier', region: 'us-sv', useMobXState: false },
    ])
    expect(fake.room.params).toMatchObject({
      uuid: 'room-uuid',
      roomToken: wanted.boardToken,
      uid: '123456',
      region: 'us-sv',
      isWritable: true,
      userPayload: { uid: '123456', userName: 'Hana', identity: 'host' },
    })
    expect(fake.room.called('moveCamera')).toEqual([[{ scale: 0.65 }]])
    // The document centre's token is asked once the room is joined.
    renewals.push(roomTokenWith('admin'))
    await board.join(wanted)
    await vi.waitFor(() => expect(board.token).toBe('files-0'))
    expect(fake.room.disableSerialization).toBe(false)
    expect(events).toContainEqual({ type: 'board/joined', boardId: 'room-uuid', writable: true })
    await board.leave()
    expect(fake.room.disconnected).toBe(true)
    expect(events.at(-1)).toEqual({ type: 'board/left' })
  })

  it('without an app identifier (no Netless settings on the server) the join fails with the reason, no SDK made', async () => {
    const { board, events } = started({ appIdentifier: undefined })
    await board.join(join(true))
    expect(fake.configs).toEqual([])
    expect(events).toEqual([{ type: 'board/joinFailed', message: NOT_CONFIGURED }])
  })

  it('[WB-2] a non-writer joins with device inputs and camera transform disabled; a writer token toggles', async () => {
    const { board, events } = started()
    await board.join(join(false, 'writer'))
    expect(fake.room.params).toMatchObject({
      isWritable: false,
      disableDeviceInputs: true,
      disableCameraTransform: true,
    })
    await board.setWritable(true)
    expect(fake.room.called('setWritable')).toEqual([[true]])
    expect(fake.room).toMatchObject({ disableDeviceInputs: false, disableCameraTransform: false })
    await board.setWritable(false)
    expect(fake.room).toMatchObject({ disableDeviceInputs: true, disableCameraTransform: true })
    expect(events.filter((e) => e.type === 'board/writableChanged')).toEqual([
      { type: 'board/writableChanged', writable: true },
      { type: 'board/writableChanged', writable: false },
    ])
    expect(fake.rooms).toHaveLength(1)
  })

  it('[WB-2] [BOARD-3] a reader granted the board gets a writer token and joins again, writable', async () => {
    const { board, events } = started()
    await board.join(join(false, 'reader'))
    const first = fake.room
    const writer = roomTokenWith('writer')
    renewals.push(writer)
    await board.setWritable(true)
    expect(first.called('setWritable')).toEqual([])
    expect(first.disconnected).toBe(true)
    expect(fake.rooms).toHaveLength(2)
    expect(fake.room.params).toMatchObject({
      roomToken: writer,
      isWritable: true,
      disableDeviceInputs: false,
    })
    expect(events.slice(-2)).toEqual([
      { type: 'board/joined', boardId: 'room-uuid', writable: true },
      { type: 'board/writableChanged', writable: true },
    ])
    // The renewed answer also holds our document centre's token.
    expect(board.token).toBe('files-0')
    expect(board.boardId).toBe('room-uuid')
  })

  it('[WB-2] a join asked writable with a reader token joins read-only, then renews; still a reader stays read-only', async () => {
    const { board, events } = started()
    renewals.push(roomTokenWith('reader'))
    await board.join(join(true, 'reader'))
    expect(fake.rooms.map((r) => r.params.isWritable)).toEqual([false, false])
    expect(events.filter((e) => e.type === 'board/writableChanged')).toEqual([])
    expect(board.view.writable).toBe(false)
  })

  it('[BOARD-8] a renewal that fails leaves the board with the reason', async () => {
    const { board, events } = started({ renewal: () => Promise.reject(new Error('offline')) })
    await board.join(join(false, 'reader'))
    await board.setWritable(true)
    expect(fake.room.disconnected).toBe(true)
    expect(events.at(-1)).toEqual({ type: 'board/joinFailed', message: 'offline' })
  })

  it("[WB-4] '/' goes to '/init'; documents become scenes with their page images; pages by index", async () => {
    const { board } = started()
    await board.join(join(true))
    await board.setScenePath('/')
    expect(fake.room.called('setScenePath')).toEqual([['/init']])
    await board.putScenes('/docs/f1', [{ name: '1', src: '/p/1.png', width: 800, height: 600 }])
    // The SDK loads a page image by its address: made absolute against the page's.
    const src = new URL('/p/1.png', window.location.href).href
    expect(src).toMatch(/^http/)
    expect(fake.room.called('putScenes')).toEqual([
      ['/docs/f1', [{ name: '1', ppt: { src, width: 800, height: 600 } }]],
    ])
    await board.setPage(2)
    expect(fake.room.called('setSceneIndex')).toEqual([[2]])
  })

  it('[WB-3] [WB-5] view modes map to the SDK; following a broadcaster locks the board', async () => {
    const { board, events } = started()
    await board.join(join(true))
    await board.setViewMode('broadcaster')
    expect(fake.room.called('setViewMode')).toEqual([[ViewMode.Broadcaster]])
    const changed = fake.room.callbacks.onRoomStateChanged!
    changed({ broadcastState: { mode: ViewMode.Follower, broadcasterId: 3 } })
    expect(board.view).toMatchObject({ mode: 'follower', locked: true })
    expect(events).toContainEqual({ type: 'board/lockChanged', locked: true })
    changed({ broadcastState: { mode: ViewMode.Freedom } })
    expect(events).toContainEqual({ type: 'board/lockChanged', locked: false })
    changed({
      sceneState: {
        scenePath: '/docs/f1/2',
        sceneName: '2',
        contextPath: '/docs/f1',
        index: 1,
        scenes: [{ name: '1' }, { name: '2' }, { name: '3' }],
      },
      cameraState: { centerX: 0, centerY: 0, width: 800, height: 600, scale: 0.8 },
    })
    expect(events).toContainEqual({
      type: 'board/sceneChanged',
      path: '/docs/f1/2',
      index: 1,
      total: 3,
    })
    expect(events).toContainEqual({ type: 'board/scaleChanged', scale: 0.8 })
  })

  it('maps our tools to appliances; undo, redo and clear need a writer', async () => {
    const { board } = started()
    await board.join(join(false, 'writer'))
    board.setTool('line')
    expect(fake.room.called('setMemberState').at(-1)).toEqual([
      { currentApplianceName: ApplianceNames.straight },
    ])
    board.setTool('laser')
    expect(fake.room.called('setMemberState').at(-1)).toEqual([
      { currentApplianceName: ApplianceNames.laserPointer },
    ])
    board.undo()
    board.clearPage()
    expect(fake.room.called('undo')).toEqual([])
    expect(fake.room.called('cleanCurrentScene')).toEqual([])
    await board.setWritable(true)
    board.undo()
    board.redo()
    board.clearPage()
    expect(fake.room.called('undo')).toHaveLength(1)
    expect(fake.room.called('redo')).toHaveLength(1)
    expect(fake.room.called('cleanCurrentScene')).toHaveLength(1)
  })

  it('[WB-1] a room lost with an error (an expired token) is joined again with a new token, once a minute', async () => {
    const { board, events } = started()
    await board.join(join(true))
    const fresh = roomTokenWith('admin')
    renewals.push(fresh)
    fake.room.callbacks.onDisconnectWithError!(new Error('room token expired'))
    await vi.waitFor(() => expect(fake.rooms).toHaveLength(2))
    expect(fake.rooms[0]!.disconnected).toBe(true)
    expect(fake.room.params).toMatchObject({ roomToken: fresh, isWritable: true })
    expect(events).not.toContainEqual(expect.objectContaining({ type: 'board/joinFailed' }))
    fake.room.callbacks.onDisconnectWithError!(new Error('room token expired'))
    expect(events.at(-1)).toEqual({ type: 'board/joinFailed', message: 'room token expired' })
    expect(fake.rooms).toHaveLength(2)
  })

  it('[WB-1] a refused join is board/joinFailed with the reason', async () => {
    fake.fail = new Error('invalid room token')
    const { board, events } = started()
    await board.join(join(true))
    expect(events).toContainEqual({ type: 'board/joinFailed', message: 'invalid room token' })
  })
})
