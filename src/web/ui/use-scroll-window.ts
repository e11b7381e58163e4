import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type Dispatch,
  type RefObject,
  type SetStateAction,
} from 'react'

/**
 * A scroll offset kept in state for a list that renders only what is in view: `follow(at)` sets
 * it on the next animation frame (a burst of scroll events renders once), `set` at once.
 */
export function useFrameScroll(): {
  scroll: number
  follow: (at: number) => void
  set: Dispatch<SetStateAction<number>>
} {
  const [scroll, set] = useState(0)
  const frame = useRef(0)
  useEffect(() => () => cancelAnimationFrame(frame.current), [])
  const follow = useCallback((at: number) => {
    cancelAnimationFrame(frame.current)
    frame.current = requestAnimationFrame(() => set(at))
  }, [])
  return { scroll, follow, set }
}

/** The element's client height, kept current as it resizes (`fallback` until it has one). */
export function useClientHeight(box: RefObject<HTMLElement | null>, fallback: number): number {
  const [height, setHeight] = useState(fallback)
  useLayoutEffect(() => {
    const element = box.current
    if (!element) return
    const measure = () => setHeight(element.clientHeight || fallback)
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [box, fallback])
  return height
}
