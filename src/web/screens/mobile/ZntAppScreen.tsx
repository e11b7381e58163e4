import { Navigate, useLocation } from 'react-router-dom'
import { withCarried } from '../../app/carry'

/**
 * /m/zntApp (no login): the entry the messaging app opens; it lands on the live guide with the
 * carried parameters ([ROUTE-9]).
 */
export default function ZntAppScreen() {
  const { search } = useLocation()
  return <Navigate to={withCarried('/m/guide', search)} replace />
}
