import { useEffect, useRef } from 'react'
import { selectEntryError, selectPhase } from '@streams/selectors'
import { forgetRoom, roomToResume } from '../app/room-memory'
import { useCarriedNavigate } from '../app/use-carried-navigate'
import { useIsReplay, useSelector, useSession } from './context'

/**
 * A meeting screen opened by a reload in a room this tab is in: the core goes back into it (the
 * same member, within the server's presence grace); refused, the user goes home.
 */
export function useResume(): void {
  const { dispatch } = useSession()
  const replay = useIsReplay()
  const phase = useSelector(selectPhase)
  const error = useSelector(selectEntryError)
  const navigate = useCarriedNavigate()
  const asked = useRef(false)
  useEffect(() => {
    if (replay || asked.current || phase !== 'idle') return
    const roomId = roomToResume()
    if (roomId === null) return
    asked.current = true
    dispatch({ type: 'ui/reloadedInRoom', roomId })
  }, [replay, phase, dispatch])
  useEffect(() => {
    if (!asked.current || phase !== 'idle' || error === null) return
    forgetRoom()
    navigate('/home', { replace: true })
  }, [phase, error, navigate])
}
