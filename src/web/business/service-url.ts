import { useEffect, useState } from 'react'
import { ROOM_PREFIX } from '@streams/wire/rest/route'
import { clientConfig } from '../app/api'

/**
 * The room service's URL of a download route (the answers' CSV, the import template): a plain
 * link, so the browser saves the file the server names, with the session's cookie.
 */
export function useServiceUrl(path: string): string | null {
  const [prefix, setPrefix] = useState<string | null>(null)
  useEffect(() => {
    let live = true
    void clientConfig().then(
      (c) => live && setPrefix(ROOM_PREFIX.replace(':appId', encodeURIComponent(c.appId))),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  return prefix === null ? null : `${prefix}${path}`
}
