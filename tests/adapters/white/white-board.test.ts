import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Event } from '@streams/events'

/** The SDK replaced: a room that records what the adapter asks of it. */
const sdk = vi.hoisted(() => {
  const state = {
    joins: [] as {
      params: Record<string, unknown>
      callbacks: Record<string, (...a: any[]) => void>
    }[],
    room: undefined as any,
    fail: undefined as Error | undefined,
  }
  const makeRoom = () => ({
    observerId: 7,
    state: {
      sceneState: { scenePath: '/init', index: 0, scenes: [{ name: 'init' }] },
      broadcastState: { mode: 'freedom', broadcasterId: undefined },
      cameraState: { scale: 1 },
    },
    disableDeviceInputs: false,
    disableCameraTransform: false,
    disableSerialization: true,
    bindHtmlElement: vi.fn(),
    setMemberState: vi.fn(),
    moveCamera: vi.fn(),
    setWritable: vi.fn(async () => undefined),
    setViewMode: vi.fn(),
    setScenePath: vi.fn(),
    setSceneIndex: vi.fn(),
    putScenes: vi.fn(),
    undo: vi.fn(),
    redo: vi.fn(),
    cleanCurrentScene: vi.fn(),
    disconnect: vi.fn(async () => undefined),
  })
  return { state, makeRoom }
})

vi.mock('white-web-sdk', () => ({
  ViewMode: { Freedom: 'freedom', Follower: 'follower', Broadcaster: 'broadcaster' },
  RoomPhase: { Connected: 'connected', Disconnected: 'disconnected' },
  ApplianceNames: {
    selector: 'selector',
    laserPointer: 'laserPointer',
    pencil: 'pencil',
    rectangle: 'rectangle',
    ellipse: 'ellipse',
    eraser: 'eraser',
    text: 'text',
    straight: 'straight',
    arrow: 'arrow',
  },
  WhiteWebSdk: class {
    constructor(readonly config: unknown) {}
    async joinRoom(
      params: Record<string, unknown>,
      callbacks: Record<string, (...a: any[]) => void>,
    ) {
      sdk.state.joins.push({ params, callbacks })
      if (sdk.state.fail) throw sdk.state.fail
      sdk.state.room = sdk.makeRoom()
      return sdk.state.room
    }
  },
}))

const { WhiteBoard } = await import('../../../src/adapters/white/white-board')

const join = (writable: boolean) => ({
  boardId: 'room-uuid',
  boardToken: 'room-token',
  uid: '123456',
  userName: 'Hana',
  identity: 'host' as const,
  writable,
})

function started() {
  const board = new WhiteBoard({ appIdentifier: 'app' })
  const events: Event[] = []
  board.events$.subscribe((e) => events.push(e))
  return { board, events }
}

beforeEach(() => {
  sdk.state.joins.length = 0
  sdk.state.fail = undefined
})

describe('WhiteBoard (white-web-sdk)', () => {
  it('[WB-1] [WB-4] joins the room with the uuid and room token from our server, at scale 0.65', async () => {
    const { board, events } = started()
    await board.join(join(true))
    const { params } = sdk.state.joins[0]!
    expect(params).toMatchObject({
      uuid: 'room-uuid',
      roomToken: 'room-token',
      uid: '123456',
      isWritable: true,
    })
    expect(sdk.state.room.moveCamera).toHaveBeenCalledWith({ scale: 0.65 })
    expect(events).toContainEqual({ type: 'board/joined', boardId: 'room-uuid', writable: true })
    await board.leave()
    expect(sdk.state.room.disconnect).toHaveBeenCalled()
    expect(events.at(-1)).toEqual({ type: 'board/left' })
  })

  it('[WB-2] a non-writer joins with device inputs and camera transform disabled', async () => {
    const { board } = started()
    await board.join(join(false))
    expect(sdk.state.joins[0]!.params).toMatchObject({
      isWritable: false,
      disableDeviceInputs: true,
      disableCameraTransform: true,
    })
    await board.setWritable(true)
    expect(sdk.state.room.setWritable).toHaveBeenCalledWith(true)
    expect(sdk.state.room.disableDeviceInputs).toBe(false)
    expect(sdk.state.room.disableCameraTransform).toBe(false)
    await board.setWritable(false)
    expect(sdk.state.room.disableDeviceInputs).toBe(true)
    expect(sdk.state.room.disableCameraTransform).toBe(true)
  })

  it("[WB-4] '/' goes to '/init'; documents become scenes with their page images", async () => {
    const { board } = started()
    await board.join(join(true))
    await board.setScenePath('/')
    expect(sdk.state.room.setScenePath).toHaveBeenLastCalledWith('/init')
    await board.putScenes('/docs/f1', [{ name: '1', src: '/p/1.png', width: 800, height: 600 }])
    expect(sdk.state.room.putScenes).toHaveBeenCalledWith('/docs/f1', [
      { name: '1', ppt: { src: '/p/1.png', width: 800, height: 600 } },
    ])
    await board.setPage(2)
    expect(sdk.state.room.setSceneIndex).toHaveBeenCalledWith(2)
  })

  it('[WB-3] [WB-5] view modes map to the SDK; following a broadcaster locks the board', async () => {
    const { board, events } = started()
    await board.join(join(true))
    await board.setViewMode('broadcaster')
    expect(sdk.state.room.setViewMode).toHaveBeenLastCalledWith('broadcaster')
    const { callbacks } = sdk.state.joins[0]!
    callbacks.onRoomStateChanged!({ broadcastState: { mode: 'follower', broadcasterId: 3 } })
    expect(board.view).toMatchObject({ mode: 'follower', locked: true })
    expect(events).toContainEqual({ type: 'board/lockChanged', locked: true })
    callbacks.onRoomStateChanged!({ broadcastState: { mode: 'freedom', broadcasterId: undefined } })
    expect(events).toContainEqual({ type: 'board/lockChanged', locked: false })
    callbacks.onRoomStateChanged!({
      sceneState: { scenePath: '/docs/f1/2', index: 1, scenes: [{}, {}, {}] },
      cameraState: { scale: 0.8 },
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
    await board.join(join(false))
    board.setTool('line')
    expect(sdk.state.room.setMemberState).toHaveBeenLastCalledWith({
      currentApplianceName: 'straight',
    })
    board.setTool('laser')
    expect(sdk.state.room.setMemberState).toHaveBeenLastCalledWith({
      currentApplianceName: 'laserPointer',
    })
    board.undo()
    board.clearPage()
    expect(sdk.state.room.undo).not.toHaveBeenCalled()
    expect(sdk.state.room.cleanCurrentScene).not.toHaveBeenCalled()
    await board.setWritable(true)
    board.undo()
    board.redo()
    board.clearPage()
    expect(sdk.state.room.undo).toHaveBeenCalledTimes(1)
    expect(sdk.state.room.redo).toHaveBeenCalledTimes(1)
    expect(sdk.state.room.cleanCurrentScene).toHaveBeenCalledTimes(1)
  })

  it('[WB-1] a refused join is board/joinFailed with the reason', async () => {
    sdk.state.fail = new Error('invalid room token')
    const { board, events } = started()
    await board.join(join(true))
    expect(events).toContainEqual({ type: 'board/joinFailed', message: 'invalid room token' })
  })
})
