import * as decoding from 'lib0/decoding'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'

/**
 * What a board connection sends, read and checked whole before anything is applied: a frame
 * that is not what it says is refused (`BadBoardFrame`, close 1007) rather than failing half-way.
 */

/** A frame that cannot be read as what its tag says: the connection is closed with 1007. */
export class BadBoardFrame extends Error {}

/** Awareness for a client id another member's connection speaks for: closed with 4403. */
export class NotYours extends Error {}

/** A sync message: a state vector (step 1), or an update (step 2 or a live update). */
export type SyncMessage =
  | { readonly type: 'stateVector'; readonly body: Uint8Array }
  | { readonly type: 'update'; readonly body: Uint8Array; readonly empty: boolean }

export function readSync(payload: Uint8Array): SyncMessage {
  let type: number
  let body: Uint8Array
  try {
    const decoder = decoding.createDecoder(payload)
    type = decoding.readVarUint(decoder)
    body = decoding.readVarUint8Array(decoder)
  } catch {
    throw new BadBoardFrame('not a Yjs sync message')
  }
  if (type === syncProtocol.messageYjsSyncStep1) {
    try {
      Y.decodeStateVector(body)
    } catch {
      throw new BadBoardFrame('not a Yjs state vector')
    }
    return { type: 'stateVector', body }
  }
  if (type !== syncProtocol.messageYjsSyncStep2 && type !== syncProtocol.messageYjsUpdate)
    throw new BadBoardFrame(`unknown sync message type ${type}`)
  try {
    const { structs, ds } = Y.decodeUpdate(body)
    return { type: 'update', body, empty: structs.length === 0 && ds.clients.size === 0 }
  } catch {
    throw new BadBoardFrame('not a Yjs update')
  }
}

/** One client's entry of an awareness update. */
export interface AwarenessEntry {
  readonly clientId: number
  readonly state: { view?: { mode?: string } } | null
}

export function readAwareness(payload: Uint8Array): AwarenessEntry[] {
  try {
    const decoder = decoding.createDecoder(payload)
    const count = decoding.readVarUint(decoder)
    const entries: AwarenessEntry[] = []
    for (let i = 0; i < count; i++) {
      const clientId = decoding.readVarUint(decoder)
      decoding.readVarUint(decoder)
      const state: unknown = JSON.parse(decoding.readVarString(decoder))
      if (state !== null && (typeof state !== 'object' || Array.isArray(state)))
        throw new Error('a state is an object or null')
      entries.push({ clientId, state: state as AwarenessEntry['state'] })
    }
    return entries
  } catch {
    throw new BadBoardFrame('not an awareness update')
  }
}
