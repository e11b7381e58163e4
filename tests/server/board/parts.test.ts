import { describe, expect, it } from 'vitest'
import { BoardFrame, boardParts } from '@streams/wire/board'
import { BadBoardFrame } from '../../../src/server/board/frames'
import { PartJoiner } from '../../../src/server/board/parts'

const bytes = (n: number, first: number = BoardFrame.sync) =>
  Uint8Array.from({ length: n }, (_, i) => (i === 0 ? first : i % 251))

describe('a big board frame in parts (docs/board.md "Sync socket")', () => {
  it('splits only a frame over the part size, each part flagged, and joins them back', () => {
    const frame = bytes(25)
    expect(boardParts(frame, 25)).toEqual([frame])
    const parts = boardParts(frame, 10)
    expect(parts.map((p) => [p[0], p[1], p.byteLength])).toEqual([
      [BoardFrame.part, 0, 12],
      [BoardFrame.part, 0, 12],
      [BoardFrame.part, 1, 7],
    ])
    const joiner = new PartJoiner(100)
    const out = parts.map((p) => joiner.add(p.subarray(1)))
    expect(out.slice(0, 2)).toEqual([undefined, undefined])
    expect(out[2]).toEqual(frame)
    // The joiner is ready for the next frame.
    expect(boardParts(bytes(15), 10).map((p) => joiner.add(p.subarray(1)))[1]).toEqual(bytes(15))
  })

  it('refuses once past its cap, drops the rest of that frame, then joins the next', () => {
    const joiner = new PartJoiner(20)
    const answers = boardParts(bytes(45), 10).map((p) => joiner.add(p.subarray(1)))
    expect(answers).toEqual([undefined, undefined, 'tooBig', undefined, undefined])
    expect(boardParts(bytes(20), 10).map((p) => joiner.add(p.subarray(1)))).toEqual([
      undefined,
      bytes(20),
    ])
    // A frame whose last part passes the cap is refused at its last part.
    expect(boardParts(bytes(21), 10).map((p) => joiner.add(p.subarray(1)))).toEqual([
      undefined,
      undefined,
      'tooBig',
    ])
  })

  it('refuses a part of no known flag and a part inside a part (1007)', () => {
    const joiner = new PartJoiner(100)
    expect(() => joiner.add(Uint8Array.from([2, 1]))).toThrow(BadBoardFrame)
    expect(() => joiner.add(Uint8Array.from([1, BoardFrame.part, 1, 0]))).toThrow(BadBoardFrame)
    expect(() => joiner.add(Uint8Array.from([]))).toThrow(BadBoardFrame)
  })
})
