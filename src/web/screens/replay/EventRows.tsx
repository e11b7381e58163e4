import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useClientHeight, useFrameScroll } from '../../ui/use-scroll-window'

/** The tallest scroll area the list makes; longer lists scroll proportionally inside it. */
const MAX_SCROLL_PX = 4_000_000
const OVERSCAN = 8

const useStyles = makeStyles({
  box: {
    position: 'relative',
    overflowY: 'auto',
    minHeight: 0,
    outlineOffset: '-2px',
  },
  row: {
    position: 'absolute',
    left: 0,
    right: 0,
    display: 'flex',
    alignItems: 'center',
    gap: '8px',
    padding: '0 8px',
    boxSizing: 'border-box',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  current: {
    backgroundColor: tokens.colorBrandBackground2,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
  },
})

export interface EventRowsProps {
  readonly count: number
  readonly rowHeight: number
  /** The row to highlight and keep in view (-1: none); `exact` false keeps it in view only. */
  readonly current: { readonly row: number; readonly exact: boolean }
  readonly renderRow: (row: number) => ReactNode
  readonly rowKey: (row: number) => number
  readonly onPick: (row: number) => void
  readonly label: string
  readonly className?: string
}

/**
 * A listbox that renders only the rows in view, for a million rows: past 4,000,000 px it maps
 * its scroll range onto the rows proportionally (browsers cap an element's height). The current
 * row is highlighted (aria-selected) and scrolled into view; Up and Down pick the neighbours.
 */
export function EventRows({
  count,
  rowHeight,
  current,
  renderRow,
  rowKey,
  onPick,
  label,
  className,
}: EventRowsProps) {
  const styles = useStyles()
  const box = useRef<HTMLDivElement>(null)
  const { scroll: scrollTop, follow, set: setScrollTop } = useFrameScroll()
  const height = useClientHeight(box, 400)

  const total = count * rowHeight
  const spacer = Math.min(total, MAX_SCROLL_PX)
  // content pixels per scroll pixel (1 below the cap)
  const ratio = spacer > height ? Math.max(1, (total - height) / (spacer - height)) : 1
  const offset = scrollTop * ratio

  // Keep the current row in view (only when it is out of view: scrolling by hand stays free).
  // The new scroll position is decided while rendering, so the rows for it render at once and
  // the element is scrolled once, without reading the layout back.
  const row = current.row
  // (none at first: a list opened at a step scrolls to it)
  const [kept, setKept] = useState(Number.NaN)
  if (row !== kept) {
    setKept(row)
    const top = row * rowHeight
    if (row >= 0 && (top < offset || top + rowHeight > offset + height)) {
      const wanted = Math.max(0, Math.min(total - height, top - height / 2 + rowHeight / 2))
      setScrollTop(wanted / ratio)
    }
  }
  const domTop = useRef(0)
  useLayoutEffect(() => {
    const element = box.current
    if (!element || Math.abs(domTop.current - scrollTop) < 1) return
    domTop.current = scrollTop
    element.scrollTop = scrollTop
  }, [scrollTop])

  const first = Math.max(0, Math.floor(offset / rowHeight) - OVERSCAN)
  const last = Math.min(count, Math.ceil((offset + height) / rowHeight) + OVERSCAN)
  const rows: ReactNode[] = []
  for (let r = first; r < last; r++) {
    const selected = current.exact && r === row
    rows.push(
      <div
        key={rowKey(r)}
        role="option"
        aria-selected={selected}
        aria-posinset={r + 1}
        aria-setsize={count}
        className={mergeClasses(styles.row, selected && styles.current)}
        style={{ top: scrollTop + r * rowHeight - offset, height: rowHeight }}
        onClick={() => onPick(r)}
      >
        {renderRow(r)}
      </div>,
    )
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (count === 0) return
    const from = row < 0 ? -1 : row
    const page = Math.max(1, Math.floor(height / rowHeight) - 1)
    const moves: Record<string, number> = {
      ArrowDown: from + 1,
      // between rows (the current event is filtered out), Up picks the row just before
      ArrowUp: current.exact ? from - 1 : from,
      PageDown: from + page,
      PageUp: from - page,
      Home: 0,
      End: count - 1,
    }
    const to = moves[event.key]
    if (to === undefined) return
    event.preventDefault()
    onPick(Math.max(0, Math.min(count - 1, to)))
  }

  return (
    <div
      ref={box}
      role="listbox"
      tabIndex={0}
      aria-label={label}
      className={mergeClasses(styles.box, className)}
      onKeyDown={onKeyDown}
      onScroll={(event) => {
        const top = event.currentTarget.scrollTop
        domTop.current = top
        follow(top)
      }}
    >
      <div style={{ height: spacer, position: 'relative' }}>{rows}</div>
    </div>
  )
}
