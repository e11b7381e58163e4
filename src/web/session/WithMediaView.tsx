import type { ReactNode } from 'react'
import { MediaViewProvider } from '../media/context'
import { useSession } from './context'

/** Gives the video tiles the session's media view (the adapter draws video into them). */
export function WithMediaView({ children }: { children: ReactNode }) {
  const { view } = useSession()
  return <MediaViewProvider view={view}>{children}</MediaViewProvider>
}
