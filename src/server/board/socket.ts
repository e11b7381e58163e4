import type { WebSocket } from 'ws'
import {
  BoardClientControlSchema,
  BoardCloseCode,
  BoardFrame,
  type BoardClientControl,
} from '@streams/wire/board'
import { compile } from '@streams/wire/validate'
import { controlFrame, type BoardDoc, type BoardConn } from './board-doc'
import { BadBoardFrame, NotYours } from './frames'
import { boardIntake, notBefore, type BoardRate } from './intake'
import { PartJoiner } from './parts'
import { GRANT_TTL_MS, type BoardService } from './service'

const clientControl = compile(BoardClientControlSchema)
/** A client has this long to send its token. */
const AUTH_TIMEOUT_MS = 5000

function parseControl(payload: Uint8Array): BoardClientControl | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(payload))
    return clientControl.check(value) ? value : null
  } catch {
    return null
  }
}

/**
 * Serves one board connection (`/board/{boardId}`): the first frame is the board token; then
 * Yjs sync and awareness frames, changes accepted only from writers, who the server decides
 * from the grant ([WB-2]).
 */
export function serveBoardSocket(
  socket: WebSocket,
  boardId: string,
  deps: {
    service: BoardService
    now: () => number
    log?: { warn(obj: object, msg: string): void }
    /** What the connection may send (BOARD_RATE); more is slowed, never refused. */
    rate?: BoardRate
  },
): void {
  const { service } = deps
  let conn: (BoardConn & { recheck(): Promise<void> }) | undefined
  let doc: BoardDoc | undefined
  let untrack: (() => void) | undefined
  let queue: Promise<void> = Promise.resolve()
  const parts = new PartJoiner()
  const authTimer = setTimeout(
    () => socket.close(BoardCloseCode.unauthorized, 'no token'),
    AUTH_TIMEOUT_MS,
  )
  const send = (data: Uint8Array) => {
    if (socket.readyState === socket.OPEN) socket.send(data)
  }

  async function authenticate(token: string): Promise<void> {
    const claims = await service.verify(boardId, token)
    if (!claims) return socket.close(BoardCloseCode.unauthorized, 'invalid or expired board token')
    clearTimeout(authTimer)
    const { roomId, sub: uid } = claims
    let writable = false
    let checkedAt = -Infinity
    const check = async () => {
      writable = await service.mayWrite(roomId, uid)
      checkedAt = deps.now()
      return writable
    }
    const me = {
      uid,
      roomId,
      awarenessIds: new Set<number>(),
      send,
      mayWrite: async () => (deps.now() - checkedAt < GRANT_TTL_MS ? writable : check()),
      recheck: async () => {
        const before = writable
        const now = await check()
        if (now !== before || checkedAt > 0) send(controlFrame({ t: 'writable', writable: now }))
      },
    }
    await check()
    conn = me
    send(controlFrame({ t: 'writable', writable }))
    untrack = service.track(me)
    doc = await service.open(boardId)
    if (socket.readyState !== socket.OPEN) return
    doc.open(me)
  }

  async function handle(data: Uint8Array): Promise<void> {
    const tag = data[0]
    const payload = data.subarray(1)
    if (!conn) {
      const control = tag === BoardFrame.control ? parseControl(payload) : null
      if (control?.t !== 'auth')
        return socket.close(BoardCloseCode.unauthorized, 'send the token first')
      return authenticate(control.token)
    }
    if (!doc) return
    switch (tag) {
      case BoardFrame.sync:
        return doc.receiveSync(conn, payload)
      case BoardFrame.awareness:
        return doc.receiveAwareness(conn, payload)
      case BoardFrame.control: {
        const control = parseControl(payload)
        if (!control) throw new BadBoardFrame('not a control frame')
        if (control.t === 'recheck') return conn.recheck()
        return
      }
      case BoardFrame.part: {
        // A frame over BOARD_PART_BYTES comes in parts; past MAX_BOARD_CHANGE_BYTES it is refused.
        const whole = parts.add(payload)
        if (whole === 'tooBig') return send(controlFrame({ t: 'refused', reason: 'tooBig' }))
        return whole ? handle(whole) : undefined
      }
      case undefined:
        throw new BadBoardFrame('an empty frame')
      default:
        return socket.close(BoardCloseCode.unsupported, `unknown frame tag ${tag}`)
    }
  }

  /** A refusal of what the client sent is named by its close code; the server's own fault 1011. */
  function refuse(error: unknown): void {
    if (error instanceof BadBoardFrame) return socket.close(BoardCloseCode.badFrame, error.message)
    if (error instanceof NotYours) return socket.close(BoardCloseCode.forbidden, error.message)
    deps.log?.warn({ err: error, boardId }, 'board frame failed')
    socket.close(1011, 'the board could not take this frame now')
  }

  socket.binaryType = 'nodebuffer'
  const intake = boardIntake(socket, deps.rate)
  socket.on('message', (raw: Buffer, isBinary: boolean) => {
    const data = isBinary ? new Uint8Array(raw) : new TextEncoder().encode(raw.toString())
    const due = Date.now() + intake.took(data.byteLength)
    // In order, one at a time: a frame may wait for the rate, the grant check or the document load.
    queue = queue
      .then(() => notBefore(due))
      .then(() => handle(data))
      .catch(refuse)
      .finally(intake.done)
  })
  socket.on('close', () => {
    intake.close()
    clearTimeout(authTimer)
    untrack?.()
    if (doc && conn) {
      doc.close(conn)
      service.release(doc)
    }
  })
}
