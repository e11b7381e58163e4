import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { withCarried } from './carry'

/** navigate() that keeps the carried query parameters of the current screen ([ROUTE-9]). */
export function useCarriedNavigate(): (
  to: string,
  options?: { replace?: boolean; state?: unknown },
) => void {
  const navigate = useNavigate()
  const { search } = useLocation()
  return useCallback(
    (to: string, options?: { replace?: boolean; state?: unknown }) =>
      navigate(withCarried(to, search), options),
    [navigate, search],
  )
}
