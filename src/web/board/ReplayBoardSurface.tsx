import { useObservableState } from 'observable-hooks'
import { useEffect, useState } from 'react'
import type { Observable } from 'rxjs'
import type { BoardAtStep } from '@streams/replay/board'
import LocalSurface from './LocalSurface'
import { ReplayBoard } from './replay-board'

/**
 * The drawing of a replay: the local surface, read-only, on the board the log recorded up to
 * the cursor, on the page the user was on. Loads with the drawing library, only when a replay
 * reaches a step with a recorded board.
 */
export default function ReplayBoardSurface({
  board$,
  scenePath,
  scale,
}: {
  board$: Observable<BoardAtStep | null>
  scenePath: string
  scale: number
}) {
  const [board] = useState(() => new ReplayBoard())
  const at = useObservableState(board$, null)
  useEffect(() => () => board.destroy(), [board])
  useEffect(() => {
    if (at) board.show(at, scenePath, scale)
  }, [board, at, scenePath, scale])
  return <LocalSurface board={board} />
}
