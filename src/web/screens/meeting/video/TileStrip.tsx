import { useLayoutEffect, useRef, useState, type CSSProperties } from 'react'
import { useFrameScroll } from '../../../ui/use-scroll-window'
import { Tile, type TileProps } from './Tile'

/** A strip with at most this many tiles renders them all; a longer one only those in view. */
export const WINDOW_FROM = 24
const GAP = 6
const OVERSCAN = 3
/** A side-strip tile is at least this tall (the strip's CSS says so too). */
const MIN_SIDE_TILE = 60
/** Tiles a long strip shows before it has measured itself. */
const UNMEASURED = 4

interface Box {
  readonly width: number
  readonly height: number
}

/** The last size a strip of each axis measured: a new strip (after a layout change) starts there. */
const lastSize: Record<'column' | 'row', Box> = {
  column: { width: 0, height: 0 },
  row: { width: 0, height: 0 },
}

/**
 * The strip of small tiles beside or above the main one: a column (`side`) or a row (`row`).
 * A strip can hold thousands of tiles (a 10,000-member room, or a replayed one); past
 * WINDOW_FROM only the tiles in view (and a few more) are rendered, between two spacers as long
 * as the tiles they stand for, so the strip looks and scrolls the same. Tiles are 16:9, spaced
 * by the strip's 6 px gap: a column's tiles are as wide as the strip (and at least 60 px tall),
 * a row's as tall as the strip.
 */
export function TileStrip({
  tiles,
  axis,
  className,
  itemClassName,
}: {
  tiles: readonly TileProps[]
  axis: 'column' | 'row'
  className: string
  itemClassName: string
}) {
  const box = useRef<HTMLDivElement>(null)
  const [size, setSize] = useState<Box>(() => lastSize[axis])
  const { scroll, follow } = useFrameScroll()
  const windowed = tiles.length > WINDOW_FROM

  useLayoutEffect(() => {
    const element = box.current
    if (!element || !windowed || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      const next = { width: element.clientWidth, height: element.clientHeight }
      lastSize[axis] = next
      setSize((now) => (now.width === next.width && now.height === next.height ? now : next))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [windowed, axis])

  const item =
    axis === 'column' ? Math.max(MIN_SIDE_TILE, (size.width * 9) / 16) : (size.height * 16) / 9
  const view = axis === 'column' ? size.height : size.width
  const extent = item + GAP
  const measured = windowed && view > 0 && item > 0
  const first = measured ? Math.max(0, Math.floor(scroll / extent) - OVERSCAN) : 0
  const last = !windowed
    ? tiles.length
    : measured
      ? Math.min(tiles.length, Math.ceil((scroll + view) / extent) + OVERSCAN)
      : Math.min(tiles.length, UNMEASURED)
  // A spacer for n tiles; the flex gap after it stands for the last tile's gap.
  const spacer = (n: number): CSSProperties => ({
    flex: '0 0 auto',
    [axis === 'column' ? 'height' : 'width']: `${n * extent - GAP}px`,
  })

  return (
    <div
      ref={box}
      className={className}
      onScroll={
        windowed
          ? (event) => {
              const element = event.currentTarget
              follow(axis === 'column' ? element.scrollTop : element.scrollLeft)
            }
          : undefined
      }
    >
      {measured && first > 0 && <div aria-hidden style={spacer(first)} />}
      {tiles.slice(first, last).map((t) => (
        <div key={t.uid} className={itemClassName}>
          <Tile {...t} />
        </div>
      ))}
      {measured && last < tiles.length && <div aria-hidden style={spacer(tiles.length - last)} />}
    </div>
  )
}
