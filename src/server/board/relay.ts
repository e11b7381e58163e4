import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import * as Y from 'yjs'
import type { Topics } from '../realtime/bus'
import { frame, isEmptyUpdate, type BoardDoc } from './board-doc'

/** What a board message between processes carries (its first byte). */
const enum Kind {
  /** A Yjs update made by a member of the sending process. */
  update = 1,
  /**
   * An awareness update (pointers, the broadcaster's view, [WB-3]) after the uid of the member who
   * sent it ('' for the server's own removals): every process then refuses another member's
   * connection that speaks for those client ids (board-doc.ts `receiveAwareness`).
   */
  awareness = 2,
  /** A state vector: the processes holding the board answer what it lacks. */
  ask = 3,
  /** A board frame for every connection (a document's conversion progress). */
  control = 4,
}

const topicOf = (boardId: string) => `board:${boardId}`

/**
 * Shares a board's live document with the other server processes holding it (docs/server.md
 * "Several processes"): every change and awareness update made by a member here is published on
 * the board's topic and applied by the others, which hand it to their own connections. The
 * process that opens a board after others asks for what its stored copy lacks (changes not yet
 * stored, the current awareness), and asks again when the bus comes back after an outage.
 * Answers the function that stops relaying (when the document is unloaded).
 */
export function relayBoard(
  doc: BoardDoc,
  topics: Topics,
  onError: (error: unknown) => void,
): () => void {
  const topic = topicOf(doc.boardId)
  const send = (kind: Kind, body: Uint8Array) => topics.publish(topic, frame(kind, body))
  const ask = () => send(Kind.ask, Y.encodeStateVector(doc.doc))
  const sendAwareness = (update: Uint8Array, owner = '') => {
    const encoder = encoding.createEncoder()
    encoding.writeVarString(encoder, owner)
    encoding.writeUint8Array(encoder, update)
    send(Kind.awareness, encoding.toUint8Array(encoder))
  }
  const subscription = topics.subscribe(
    topic,
    (message) => {
      const body = message.subarray(1)
      try {
        switch (message[0]) {
          case Kind.update:
            return doc.applyRemote(body)
          case Kind.awareness: {
            const decoder = decoding.createDecoder(body)
            const owner = decoding.readVarString(decoder)
            const update = body.subarray(decoder.pos)
            return doc.applyRemoteAwareness(update, owner === '' ? undefined : owner)
          }
          case Kind.ask: {
            const missing = Y.encodeStateAsUpdate(doc.doc, body)
            if (!isEmptyUpdate(missing)) send(Kind.update, missing)
            for (const { update, owner } of doc.ownedAwareness()) sendAwareness(update, owner)
            return
          }
          case Kind.control:
            return doc.broadcast(body)
        }
      } catch (error) {
        onError(error)
      }
    },
    ask,
  )
  doc.relay = {
    update: (update) => send(Kind.update, update),
    awareness: sendAwareness,
  }
  void subscription.ready.then(ask)
  return () => {
    subscription.stop()
    doc.relay = undefined
  }
}

/** A board frame for every connection to the board, on the other processes. */
export function relayControl(topics: Topics, boardId: string, control: Uint8Array): void {
  topics.publish(topicOf(boardId), frame(Kind.control, control))
}
