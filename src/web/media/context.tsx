import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { useObservableEagerState } from 'observable-hooks'
import { distinctUntilChanged, map, of, startWith } from 'rxjs'
import type { MediaView } from './media-view'

const MediaViewContext = createContext<MediaView | null>(null)

export function MediaViewProvider({
  view,
  children,
}: {
  view: MediaView | null
  children: ReactNode
}) {
  return <MediaViewContext.Provider value={view}>{children}</MediaViewContext.Provider>
}

export function useMediaView(): MediaView | null {
  return useContext(MediaViewContext)
}

/** Whether the adapter can show this uid's video now. */
export function useVideoAvailable(uid: string): boolean {
  const view = useMediaView()
  const available$ = useMemo(
    () =>
      view
        ? view.videoUids$.pipe(
            map((uids) => uids.has(uid)),
            distinctUntilChanged(),
          )
        : of(false),
    [view, uid],
  )
  return useObservableEagerState(available$)
}

/** Whether this uid is talking now (the active-speaker indicator; known with the SFU only). */
export function useTalking(uid: string): boolean {
  const view = useMediaView()
  const talking$ = useMemo(
    () =>
      view?.talking$
        ? view.talking$.pipe(
            map((uids) => uids.has(uid)),
            startWith(false),
            distinctUntilChanged(),
          )
        : of(false),
    [view, uid],
  )
  return useObservableEagerState(talking$)
}
