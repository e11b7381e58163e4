import { useEffect } from 'react'
import { selectRedirect } from '@streams/selectors'
import { useCarriedNavigate } from '../../../app/use-carried-navigate'
import { useIsReplay, useSelector, useSession } from '../../../session/context'

/**
 * Follows a redirect the core asked for once it is due ([END-2] after 1500 ms, [INACTIVE-3]
 * after 1000 ms, [PROJ-3] after 2000 ms): the core times it, the screen only navigates. A replay
 * ([ROUTE-15]) shows the redirect due in the state and stays where it is.
 */
export function useRedirect(): void {
  const redirect = useSelector(selectRedirect)
  const { dispatch } = useSession()
  const navigate = useCarriedNavigate()
  const replay = useIsReplay()
  useEffect(() => {
    if (replay || !redirect?.due) return
    dispatch({ type: 'ui/redirected', id: redirect.id })
    navigate(redirect.to, { replace: true })
  }, [redirect, dispatch, navigate, replay])
}
