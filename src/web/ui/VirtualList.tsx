import { useEffect, useRef, type ReactNode } from 'react'
import { useClientHeight, useFrameScroll } from './use-scroll-window'

export interface VirtualListProps<T> {
  readonly items: readonly T[]
  /** Every row has this height (px): the list renders only the rows in view. */
  readonly rowHeight: number
  readonly renderRow: (item: T, index: number) => ReactNode
  readonly getKey: (item: T) => string
  readonly label: string
  /** Called when the last rows come into view (to load the next page). */
  readonly onEndReached?: () => void
  /** Rows rendered above and below the view. */
  readonly overscan?: number
  readonly className?: string
}

/**
 * A list that renders only the rows in view (a 10,000-member list stays as cheap as a short
 * one): a spacer as tall as every row, and the visible rows placed absolutely inside it.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  renderRow,
  getKey,
  label,
  onEndReached,
  overscan = 6,
  className,
}: VirtualListProps<T>) {
  const box = useRef<HTMLDivElement>(null)
  const { scroll: scrollTop, follow } = useFrameScroll()
  const height = useClientHeight(box, 400)

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + overscan)

  useEffect(() => {
    if (onEndReached && items.length > 0 && last >= items.length - overscan) onEndReached()
  }, [last, items.length, overscan, onEndReached])

  const rows: ReactNode[] = []
  for (let index = first; index < last; index++) {
    const item = items[index] as T
    rows.push(
      <div
        key={getKey(item)}
        role="listitem"
        aria-posinset={index + 1}
        aria-setsize={items.length}
        style={{
          position: 'absolute',
          top: index * rowHeight,
          left: 0,
          right: 0,
          height: rowHeight,
        }}
      >
        {renderRow(item, index)}
      </div>,
    )
  }

  return (
    <div
      ref={box}
      role="list"
      aria-label={label}
      className={className}
      style={{ overflowY: 'auto', position: 'relative', minHeight: 0 }}
      onScroll={(event) => follow(event.currentTarget.scrollTop)}
    >
      <div style={{ height: items.length * rowHeight, position: 'relative' }}>{rows}</div>
    </div>
  )
}
