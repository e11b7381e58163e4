import { useCallback } from 'react'
import type { WhiteBoard } from '../../adapters/white/white-board'

/** Where white-web-sdk draws (Agora mode). */
export default function WhiteSurface({ board }: { board: WhiteBoard }) {
  const bind = useCallback((element: HTMLDivElement | null) => board.bindElement(element), [board])
  return <div ref={bind} data-testid="board-surface" style={{ position: 'absolute', inset: 0 }} />
}
