import { describe, expect, it } from 'vitest'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { BOARD_UPDATE_MAX_BASE64 } from '@streams/events/board'
import { boardAt } from '@streams/replay/board'
import { boardUpdated } from '../../../src/adapters/local-board/recorded-update'

const log = (events: Event[]): Envelope<Event>[] =>
  events.map((event, seq) => ({ seq, at: seq, event }))

describe('board updates in the session log', () => {
  it('[WB-1] an update is kept as base64; one over the bound keeps only its size', () => {
    const small = boardUpdated(new Uint8Array([1, 2, 250]))
    expect(small).toEqual({ type: 'board/updated', update: btoa('\u0001\u0002\u00fa') })
    const bytes = (BOARD_UPDATE_MAX_BASE64 / 4) * 3 + 3
    expect(boardUpdated(new Uint8Array(bytes))).toEqual({
      type: 'board/updated',
      update: '',
      omitted: bytes,
    })
  })

  it('[WB-1] the board at a step: the updates since its session began, what was omitted, none after a leave', () => {
    const envelopes = log([
      { type: 'board/updated', update: 'AA==' },
      { type: 'board/left' },
      { type: 'board/updated', update: 'AQ==' },
      { type: 'board/joined', boardId: 'b', writable: true },
      { type: 'board/updated', update: '', omitted: 900_000 },
      { type: 'board/updated', update: 'Ag==' },
      { type: 'life/exited', reason: 'leave' },
    ])
    expect(boardAt(envelopes, 0)).toBeNull()
    expect(boardAt(envelopes, 1)).toEqual({ updates: ['AA=='], omittedBytes: 0 })
    expect(boardAt(envelopes, 2)).toBeNull()
    expect(boardAt(envelopes, 4)).toEqual({ updates: ['AQ=='], omittedBytes: 0 })
    expect(boardAt(envelopes, 6)).toEqual({ updates: ['AQ==', 'Ag=='], omittedBytes: 900_000 })
    expect(boardAt(envelopes, 7)).toBeNull()
  })
})
