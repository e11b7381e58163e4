import { useEffect, useRef, useState } from 'react'
import type { SceneV1Service } from '@streams/wire/rest/scene'
import type { DataOf } from '@streams/wire/rest/route'
import { auth } from './api'

export type RoomCard = DataOf<(typeof SceneV1Service.routes)['externalInfo']>

/**
 * Public facts about the carried room (no login): name, host, state, cover, people online.
 * `onCard` is told when they arrive.
 */
export function useRoomCard(
  roomId: string | undefined,
  onCard?: (card: RoomCard) => void,
): { card: RoomCard | null; failed: boolean } {
  const [card, setCard] = useState<RoomCard | null>(null)
  const [failed, setFailed] = useState(false)
  const tell = useRef(onCard)
  useEffect(() => {
    tell.current = onCard
  })
  useEffect(() => {
    if (!roomId) return
    let live = true
    auth.roomCard(roomId).then(
      (answer) => {
        if (!live) return
        setCard(answer)
        tell.current?.(answer)
      },
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [roomId])
  return { card, failed: failed || !roomId }
}
