import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as encoding from 'lib0/encoding'
import * as Y from 'yjs'
import { BoardFrame, type BoardControl } from '@streams/wire/board'
import type { Db } from '../store/db'
import { BadBoardFrame, NotYours, readAwareness, readSync } from './frames'
import { appendUpdate, loadUpdates, replaceUpdates } from '../store/boards'

/** One connection to a board, as the board's document sees it. */
export interface BoardConn {
  readonly uid: string
  readonly roomId: string
  send(frame: Uint8Array): void
  /** Whether the server allows this connection to change the board ([WB-2]). */
  mayWrite(): Promise<boolean>
  /** Awareness client ids this connection speaks for. */
  readonly awarenessIds: Set<number>
}

/** What a document tells the other server processes (board/relay.ts), when there are some. */
export interface DocRelay {
  update(update: Uint8Array): void
  /** `owner`: the uid of the member whose connection sent it (none: the server's own removal). */
  awareness(update: Uint8Array, owner?: string): void
}

/** Awareness states, with the uid of the member who speaks for them (when one does). */
export interface OwnedAwareness {
  readonly update: Uint8Array
  readonly owner?: string
}

/** The origin of changes heard from another process: relayed to none, stored by their sender. */
export const REMOTE = 'remote'

/** Compact the stored log into one update once it holds this many rows. */
const COMPACT_AFTER = 400
const FLUSH_MS = 40

export function frame(tag: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(payload.length + 1)
  out[0] = tag
  out.set(payload, 1)
  return out
}

export function controlFrame(control: BoardControl): Uint8Array {
  return frame(BoardFrame.control, new TextEncoder().encode(JSON.stringify(control)))
}

export function isEmptyUpdate(update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update)
  return structs.length === 0 && ds.clients.size === 0
}

/** One update holding everything in `updates` (which may overlap). */
function union(updates: Uint8Array[]): Uint8Array {
  const doc = new Y.Doc({ gc: true })
  for (const update of updates) Y.applyUpdate(doc, update)
  const merged = Y.encodeStateAsUpdate(doc)
  doc.destroy()
  return merged
}

/**
 * A board's shared document on the server: the Yjs doc every stroke is merged into, stored as
 * an append-only log of updates (compacted now and then), and the awareness (pointers, the
 * broadcaster's view) relayed between connections.
 */
export class BoardDoc {
  readonly doc = new Y.Doc({ gc: true })
  readonly awareness = new awarenessProtocol.Awareness(this.doc)
  readonly conns = new Set<BoardConn>()
  /** Client ids members on other processes speak for, with their uids (heard on the relay). */
  private readonly remoteOwners = new Map<number, string>()
  private pending: Uint8Array[] = []
  private flushTimer: ReturnType<typeof setTimeout> | undefined
  private flushing: Promise<void> = Promise.resolve()
  private stored = 0
  /** The other processes, while this document is relayed to them. */
  relay: DocRelay | undefined

  private constructor(
    readonly boardId: string,
    private readonly db: Db,
    private readonly now: () => number,
    private readonly onStoreError: (error: unknown) => void,
  ) {
    this.awareness.setLocalState(null)
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      const encoder = encoding.createEncoder()
      syncProtocol.writeUpdate(encoder, update)
      const message = frame(BoardFrame.sync, encoding.toUint8Array(encoder))
      for (const conn of this.conns) if (conn !== origin) conn.send(message)
      if (origin === REMOTE) return
      this.relay?.update(update)
      this.pending.push(update)
      this.scheduleFlush()
    })
    this.awareness.on(
      'update',
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed]
        let owner: string | undefined
        if (origin && typeof origin === 'object' && 'awarenessIds' in origin) {
          const conn = origin as BoardConn
          owner = conn.uid
          for (const id of added) conn.awarenessIds.add(id)
          for (const id of removed) conn.awarenessIds.delete(id)
        }
        for (const id of removed) this.remoteOwners.delete(id)
        const update = awarenessProtocol.encodeAwarenessUpdate(this.awareness, changed)
        const message = frame(BoardFrame.awareness, update)
        for (const conn of this.conns) conn.send(message)
        if (origin !== REMOTE) this.relay?.awareness(update, owner)
      },
    )
  }

  static async load(
    db: Db,
    boardId: string,
    now: () => number,
    onStoreError: (error: unknown) => void,
  ): Promise<BoardDoc> {
    const board = new BoardDoc(boardId, db, now, onStoreError)
    const updates = await loadUpdates(db, boardId)
    if (updates.length > 0) Y.applyUpdate(board.doc, Y.mergeUpdates(updates), REMOTE)
    board.pending = []
    board.stored = updates.length
    return board
  }

  /** Greets a new connection: the server's state vector and the current awareness. */
  open(conn: BoardConn): void {
    this.conns.add(conn)
    const encoder = encoding.createEncoder()
    syncProtocol.writeSyncStep1(encoder, this.doc)
    conn.send(frame(BoardFrame.sync, encoding.toUint8Array(encoder)))
    const states = [...this.awareness.getStates().keys()]
    if (states.length > 0)
      conn.send(
        frame(
          BoardFrame.awareness,
          awarenessProtocol.encodeAwarenessUpdate(this.awareness, states),
        ),
      )
  }

  close(conn: BoardConn): void {
    this.conns.delete(conn)
    if (conn.awarenessIds.size > 0)
      awarenessProtocol.removeAwarenessStates(this.awareness, [...conn.awarenessIds], null)
  }

  /**
   * A sync message from a connection: state vectors are answered, changes need a writer. A
   * message that is not what it says is refused whole (`BadBoardFrame`), before anything applies.
   */
  async receiveSync(conn: BoardConn, payload: Uint8Array): Promise<void> {
    const message = readSync(payload)
    if (message.type === 'stateVector') {
      const encoder = encoding.createEncoder()
      syncProtocol.writeSyncStep2(encoder, this.doc, message.body)
      conn.send(frame(BoardFrame.sync, encoding.toUint8Array(encoder)))
      return
    }
    if (message.empty) return
    if (!(await conn.mayWrite())) {
      conn.send(controlFrame({ t: 'writable', writable: false }))
      conn.send(controlFrame({ t: 'refused', reason: 'notWriter' }))
      return
    }
    try {
      Y.applyUpdate(this.doc, message.body, conn)
    } catch {
      throw new BadBoardFrame('the update does not apply to the board')
    }
  }

  /**
   * Presence from a connection: it speaks only for its own client ids (not for those another
   * member holds, on this process or another, `NotYours`), and only a writer claims the
   * broadcaster view ([WB-3]).
   */
  async receiveAwareness(conn: BoardConn, payload: Uint8Array): Promise<void> {
    const entries = readAwareness(payload)
    for (const { clientId } of entries) {
      const owner = this.ownerOf(clientId)
      if (owner !== undefined && owner !== conn.uid)
        throw new NotYours(`client ${clientId} is another member's`)
    }
    const claims = entries.some((e) => e.state?.view?.mode === 'broadcaster')
    if (claims && !(await conn.mayWrite())) return
    awarenessProtocol.applyAwarenessUpdate(this.awareness, payload, conn)
  }

  /** A change another process's member made (that process stores it). */
  applyRemote(update: Uint8Array): void {
    Y.applyUpdate(this.doc, update, REMOTE)
  }

  /** Presence a member on another process (`owner`) sent: its client ids are that member's. */
  applyRemoteAwareness(update: Uint8Array, owner?: string): void {
    if (owner !== undefined)
      for (const { clientId, state } of readAwareness(update))
        if (state !== null) this.remoteOwners.set(clientId, owner)
    awarenessProtocol.applyAwarenessUpdate(this.awareness, update, REMOTE)
  }

  /** The uid of the member who speaks for a client id, here or on another process. */
  private ownerOf(clientId: number): string | undefined {
    for (const conn of this.conns) if (conn.awarenessIds.has(clientId)) return conn.uid
    return this.remoteOwners.get(clientId)
  }

  /** Every awareness state known here, by owner (for a process that opened the board after). */
  ownedAwareness(): OwnedAwareness[] {
    const byOwner = new Map<string | undefined, number[]>()
    for (const id of this.awareness.getStates().keys()) {
      const owner = this.ownerOf(id)
      byOwner.set(owner, [...(byOwner.get(owner) ?? []), id])
    }
    return [...byOwner].map(([owner, ids]) => ({
      owner,
      update: awarenessProtocol.encodeAwarenessUpdate(this.awareness, ids),
    }))
  }

  broadcast(message: Uint8Array): void {
    for (const conn of this.conns) conn.send(message)
  }

  /** Writes what is pending; resolves when the store has it. */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.flushTimer = undefined
    this.flushing = this.flushing.then(async () => {
      if (this.pending.length === 0) return
      const batch = this.pending
      this.pending = []
      try {
        if (this.stored + 1 >= COMPACT_AFTER) {
          // Rows other processes stored and not yet heard here are kept in the merge.
          const state = Y.encodeStateAsUpdate(this.doc)
          await replaceUpdates(this.db, this.boardId, (rows) => union([...rows, state]), this.now())
          this.stored = 1
        } else {
          await appendUpdate(this.db, this.boardId, Y.mergeUpdates(batch), this.now())
          this.stored++
        }
      } catch (error) {
        // Kept for the next flush; the live document still has every change.
        this.pending = [...batch, ...this.pending]
        this.onStoreError(error)
      }
    })
    return this.flushing
  }

  destroy(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.awareness.destroy()
    this.doc.destroy()
  }

  private scheduleFlush(): void {
    if (this.flushTimer) return
    this.flushTimer = setTimeout(() => {
      this.flushTimer = undefined
      void this.flush()
    }, FLUSH_MS)
    this.flushTimer.unref?.()
  }
}
