import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { BoardDoc, type BoardConn } from '../../../src/server/board/board-doc'
import { appendUpdate, loadUpdates, migrateBoard } from '../../../src/server/store/boards'
import { openDb } from '../../../src/server/store/db'
import type { Db } from '../../../src/server/store/db'

let db: Db
beforeAll(async () => {
  db = await openDb({ memory: true })
  await migrateBoard(db)
})
afterAll(() => db.close())

const conn: BoardConn = {
  uid: '1',
  roomId: 'r',
  send: () => undefined,
  mayWrite: async () => true,
  awarenessIds: new Set(),
}

/** A change of one text key, as another process's member would make it. */
function change(key: string): Uint8Array {
  const doc = new Y.Doc()
  doc.getMap('m').set(key, key)
  return Y.encodeStateAsUpdate(doc)
}

describe('board compaction with several processes', () => {
  it('[WB-1] compacting keeps a change another process stored that this one has not heard', async () => {
    const boardId = `compact-${Math.random()}`
    await db.query('INSERT INTO boards (board_id, room_id, created_at) VALUES ($1, $2, 0)', [
      boardId,
      boardId,
    ])
    // 399 stored rows: the next flush of this process compacts the log.
    const old = change('old')
    for (let i = 0; i < 399; i++) await appendUpdate(db, boardId, old, 0)
    const doc = await BoardDoc.load(
      db,
      boardId,
      () => 1,
      (e) => {
        throw e
      },
    )
    // Stored by another process after this one loaded, and not relayed here (yet).
    await appendUpdate(db, boardId, change('elsewhere'), 1)
    Y.applyUpdate(doc.doc, change('here'), conn)
    await doc.flush()
    const rows = await loadUpdates(db, boardId)
    expect(rows).toHaveLength(1)
    const after = new Y.Doc()
    Y.applyUpdate(after, rows[0]!)
    expect([...after.getMap('m').keys()].sort()).toEqual(['elsewhere', 'here', 'old'])
    doc.destroy()
  })
})
