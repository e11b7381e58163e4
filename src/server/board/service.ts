import type { BoardFile, BoardTokenData } from '@streams/wire/board'
import type { TokenClaims, Tokens } from '../auth/tokens'
import type { TopicSubscription, Topics } from '../realtime/bus'
import type { Db } from '../store/db'
import { BoardDoc, controlFrame } from './board-doc'
import { relayBoard, relayControl } from './relay'
import { boardOfRoom, getBoard, memberMayWrite } from '../store/boards'

export interface BoardDeps {
  readonly db: Db
  readonly tokens: Tokens
  readonly now: () => number
  /** The other server processes (none: `LOCAL_TOPICS`). */
  readonly topics: Topics
  readonly log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }
}

/** How long a grant check is trusted before it is asked of the database again. */
export const GRANT_TTL_MS = 1000
/** The topic on which a grant change made on one process reaches the others' connections. */
const GRANTS_TOPIC = 'board-grants'
/** How long a board nobody is connected to stays in memory. */
const IDLE_UNLOAD_MS = 30_000
export const BOARD_TOKEN_TTL_SECONDS = 2 * 60 * 60

/**
 * The local whiteboard service: board ids and tokens, the live documents and who may write.
 * The room routes call `issueBoardToken` (`GET room/{roomId}/board`) and `grantChanged` after a
 * grant, a revoke or an end of share, so writers learn at once ([BOARD-3], [WB-2]).
 */
export class BoardService {
  private readonly docs = new Map<string, Promise<BoardDoc>>()
  private readonly unloadTimers = new Map<string, ReturnType<typeof setTimeout>>()
  /** Stops relaying a loaded document to the other processes, by board. */
  private readonly relays = new Map<string, () => void>()
  /** Connections with a cached grant, by room, so a grant change reaches them. */
  private readonly writers = new Map<string, Set<GrantedConn>>()
  /** Grant changes made on the other processes, for this process's connections. */
  private readonly grants: TopicSubscription

  constructor(private readonly deps: BoardDeps) {
    this.grants = deps.topics.subscribe(GRANTS_TOPIC, (message) => {
      try {
        const { roomId, uid } = JSON.parse(Buffer.from(message).toString('utf8')) as {
          roomId?: unknown
          uid?: unknown
        }
        if (typeof roomId !== 'string' || (uid !== undefined && typeof uid !== 'string')) return
        void this.recheck(roomId, uid).catch((error: unknown) =>
          deps.log.warn({ err: error, roomId }, 'board grant check failed'),
        )
      } catch (error) {
        deps.log.warn({ err: error }, 'board grant message from another process refused')
      }
    })
  }

  /**
   * The room's board id and a token for this member ([BOARD-1]); the same claims the room
   * routes sign for `GET room/{roomId}/board`.
   */
  async issueBoardToken(input: {
    roomId: string
    uid: string
    userId: string
  }): Promise<BoardTokenData> {
    const board = await boardOfRoom(this.deps.db, input.roomId, this.deps.now())
    if (!board) throw new Error(`no room ${input.roomId}`)
    const boardToken = this.deps.tokens.sign(
      { kind: 'board', sub: input.uid, ch: board.board_id, uid: input.userId },
      BOARD_TOKEN_TTL_SECONDS,
    )
    return { boardId: board.board_id, boardToken }
  }

  /** The claims of a genuine board token for this board, with the board's room; else null. */
  async verify(boardId: string, token: string): Promise<(TokenClaims & { roomId: string }) | null> {
    const claims = this.deps.tokens.verify(token, 'board')
    if (!claims || claims.ch !== boardId) return null
    const board = await getBoard(this.deps.db, boardId, this.deps.now())
    return board ? { ...claims, roomId: board.room_id } : null
  }

  mayWrite(roomId: string, uid: string): Promise<boolean> {
    return memberMayWrite(this.deps.db, roomId, uid)
  }

  /** The live document of a board, loaded from the store on first use. */
  open(boardId: string): Promise<BoardDoc> {
    const timer = this.unloadTimers.get(boardId)
    if (timer) clearTimeout(timer)
    this.unloadTimers.delete(boardId)
    let doc = this.docs.get(boardId)
    if (!doc) {
      doc = BoardDoc.load(this.deps.db, boardId, this.deps.now, (error) =>
        this.deps.log.error({ err: error, boardId }, 'board update not stored'),
      ).then((loaded) => {
        const stop = relayBoard(loaded, this.deps.topics, (error) =>
          this.deps.log.warn({ err: error, boardId }, 'board message from another process refused'),
        )
        this.relays.set(boardId, stop)
        return loaded
      })
      doc.catch(() => this.docs.delete(boardId))
      this.docs.set(boardId, doc)
    }
    return doc
  }

  /** After a connection left: keep the document a while, then store and drop it. */
  release(doc: BoardDoc): void {
    if (doc.conns.size > 0 || this.unloadTimers.has(doc.boardId)) return
    const timer = setTimeout(() => {
      this.unloadTimers.delete(doc.boardId)
      if (doc.conns.size > 0) return
      this.docs.delete(doc.boardId)
      this.relays.get(doc.boardId)?.()
      this.relays.delete(doc.boardId)
      doc.flush().finally(() => doc.destroy())
    }, IDLE_UNLOAD_MS)
    timer.unref?.()
    this.unloadTimers.set(doc.boardId, timer)
  }

  track(conn: GrantedConn): () => void {
    let set = this.writers.get(conn.roomId)
    if (!set) this.writers.set(conn.roomId, (set = new Set()))
    set.add(conn)
    return () => {
      set.delete(conn)
      if (set.size === 0) this.writers.delete(conn.roomId)
    }
  }

  /**
   * A member's grant changed (or, without uid, the room's board share did): their connections
   * check again and are told whether they may write ([BOARD-2], [BOARD-3], [BOARD-5]), on this
   * process and, through the bus, on every other one.
   */
  async grantChanged(roomId: string, uid?: string): Promise<void> {
    this.deps.topics.publish(
      GRANTS_TOPIC,
      Buffer.from(JSON.stringify(uid === undefined ? { roomId } : { roomId, uid })),
    )
    await this.recheck(roomId, uid)
  }

  private async recheck(roomId: string, uid?: string): Promise<void> {
    const conns = [...(this.writers.get(roomId) ?? [])].filter((c) => !uid || c.uid === uid)
    await Promise.all(conns.map((c) => c.recheck()))
  }

  /** A document's conversion progressed: every connection to its board hears it, on any process. */
  async fileChanged(boardId: string, file: BoardFile): Promise<void> {
    const control = controlFrame({ t: 'file', file })
    relayControl(this.deps.topics, boardId, control)
    const doc = this.docs.get(boardId)
    if (doc) (await doc).broadcast(control)
  }

  async close(): Promise<void> {
    this.grants.stop()
    for (const timer of this.unloadTimers.values()) clearTimeout(timer)
    this.unloadTimers.clear()
    for (const stop of this.relays.values()) stop()
    this.relays.clear()
    const docs = await Promise.allSettled([...this.docs.values()])
    for (const result of docs)
      if (result.status === 'fulfilled') {
        await result.value.flush().catch(() => undefined)
        result.value.destroy()
      }
    this.docs.clear()
  }
}

/** A connection whose writability the service can make it check again. */
export interface GrantedConn {
  readonly roomId: string
  readonly uid: string
  recheck(): Promise<void>
}
