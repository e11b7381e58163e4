import { useEffect } from 'react'
import { selectRedirect } from '../../../../../streams/selectors'
import { useCarriedNavigate } from '../../../app/use-carried-navigate'
import { useSelector, useSession } from '../../../session/context'

/**
 * Follows a redirect the core asked for once it is due ([END-2] after 1500 ms, [INACTIVE-3]
 * after 1000 ms, [PROJ-3] after 2000 ms): the core times it, the screen only navigates.
 */
export function useRedirect(): void {
  const redirect = useSelector(selectRedirect)
  const { dispatch } = useSession()
  const navigate = useCarriedNavigate()
  useEffect(() => {
    if (!redirect?.due) return
    dispatch({ type: 'ui/redirected', id: redirect.id })
    navigate(redirect.to, { replace: true })
  }, [redirect, dispatch, navigate])
}
