import { Awareness } from 'y-protocols/awareness'
import * as Y from 'yjs'
import type { BoardJoin } from '@streams/ports'
import * as model from './board-model'
import { BoardConnection, type ConnectionHandlers, type SocketFactory } from './connection'
import type { PresenceState } from './view-sync'

export interface LocalBoardOptions {
  /** The board socket URL of a board (`ws(s)://host/board/{boardId}`). */
  readonly socketUrl: (boardId: string) => string
  readonly createSocket: SocketFactory
}

/** Origin of my own changes: the only ones my undo manager tracks. */
export const LOCAL = Symbol('local')

/** One joined board: its Yjs document, presence and socket, and the current page's undo. */
export interface BoardSession {
  readonly join: BoardJoin
  readonly doc: Y.Doc
  readonly awareness: Awareness
  readonly connection: BoardConnection
  undo: Y.UndoManager
}

export interface SessionHandlers extends ConnectionHandlers {
  /** Whether the session is still the board's: a closed one's late events are dropped. */
  isCurrent(session: BoardSession): boolean
  /** The page shown now, whose changes (and the scene sets') are reported. */
  shownPath(): string
  /** The shown page, the scene sets or someone's presence changed. */
  onChange(): void
  /** The page's undo stacks changed. */
  onUndoChange(): void
  /** The document changed (mine or another writer's): its Yjs update, for the session log. */
  onUpdate?(update: Uint8Array): void
}

/** A fresh document for a board, synced over its socket; my presence starts on `scenePath`. */
export function openSession(
  join: BoardJoin,
  scenePath: string,
  options: LocalBoardOptions,
  handlers: SessionHandlers,
): BoardSession {
  const doc = new Y.Doc()
  const awareness = new Awareness(doc)
  awareness.setLocalState({
    user: { uid: join.uid, name: join.userName },
    scenePath,
    view: null,
    pointer: null,
  } satisfies PresenceState)
  const connection = new BoardConnection(
    options.socketUrl(join.boardId),
    join.boardToken,
    doc,
    awareness,
    options.createSocket,
    handlers,
  )
  const session: BoardSession = {
    join,
    doc,
    awareness,
    connection,
    undo: undoManager(doc, scenePath, () => handlers.onUndoChange()),
  }
  doc.on('update', (update: Uint8Array) => {
    if (handlers.isCurrent(session)) handlers.onUpdate?.(update)
  })
  doc.on('afterTransaction', (tx: Y.Transaction) => {
    if (!handlers.isCurrent(session)) return
    if (touches(tx, doc, handlers.shownPath())) handlers.onChange()
  })
  awareness.on('change', () => {
    if (handlers.isCurrent(session)) handlers.onChange()
  })
  return session
}

/** The undo manager of one page: my own changes only, a stroke's edits as one step. */
export function undoManager(doc: Y.Doc, path: string, onChange: () => void): Y.UndoManager {
  const undo = new Y.UndoManager(model.pageMap(doc, path), {
    trackedOrigins: new Set([LOCAL]),
    captureTimeout: 10_000,
  })
  undo.on('stack-item-added', onChange)
  undo.on('stack-item-popped', onChange)
  undo.on('stack-cleared', onChange)
  return undo
}

/** Whether a transaction changed the scene sets or the page at `path`. */
function touches(tx: Y.Transaction, doc: Y.Doc, path: string): boolean {
  const watched = new Set<unknown>([model.scenesMap(doc), model.pageMap(doc, path)])
  return [...tx.changed.keys()].some((type) => watched.has(type))
}

export function closeSession(session: BoardSession): void {
  session.connection.close()
  session.undo.destroy()
  session.awareness.destroy()
  session.doc.destroy()
}
