import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { selectEffectiveLayout } from '@streams/selectors'
import type { LayoutName } from '@streams/wire/video'
import { useSelector } from '../../../session/context'
import { Tile } from './Tile'
import { TileStrip } from './TileStrip'
import { selectTiles } from './tiles'

const useStyles = makeStyles({
  stage: {
    flexGrow: 1,
    minWidth: 0,
    minHeight: 0,
    display: 'grid',
    gap: '6px',
    padding: '6px',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusLarge,
  },
  // [LAYOUT-1] the six layouts
  p_all_1: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 1fr)', gridAutoRows: 'minmax(0, 1fr)' },
  p_17_1: {
    gridTemplateColumns: 'repeat(6, minmax(0, 1fr))',
    gridTemplateRows: 'repeat(5, minmax(0, 1fr))',
  },
  p_8_1: {
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    gridTemplateRows: 'repeat(3, minmax(0, 1fr))',
  },
  p_9_1: {
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gridTemplateRows: 'repeat(3, minmax(0, 1fr))',
  },
  p_board_column: {
    gridTemplateColumns: 'minmax(0, 4fr) minmax(0, 1fr)',
    gridAutoRows: 'minmax(0, 1fr)',
  },
  p_board_row: {
    gridTemplateRows: 'minmax(0, 1fr) minmax(0, 4fr)',
    gridAutoColumns: 'minmax(0, 1fr)',
  },
  compact: { gridTemplateRows: 'minmax(0, 1fr) auto', gridTemplateColumns: 'minmax(0, 1fr)' },
  // Nobody beside the main tile or the share: it takes the whole stage.
  single: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: 'minmax(0, 1fr)' },
  side: { display: 'flex', flexDirection: 'column', gap: '6px', overflowY: 'auto', minHeight: 0 },
  row: { display: 'flex', gap: '6px', overflowX: 'auto', minWidth: 0, minHeight: '64px' },
  // Each tile is a size container, and every container costs layout time whenever the page is
  // laid out: strip tiles out of view skip it (their size never depends on their content, so
  // nothing moves), and a long strip renders only the tiles in view (TileStrip).
  small: {
    flex: '0 0 auto',
    aspectRatio: '16 / 9',
    minHeight: '60px',
    display: 'flex',
    containerType: 'size',
    contentVisibility: 'auto',
  },
  rowSmall: {
    flex: '0 0 auto',
    height: '100%',
    aspectRatio: '16 / 9',
    display: 'flex',
    containerType: 'size',
    contentVisibility: 'auto',
  },
  main: { minWidth: 0, minHeight: 0, display: 'flex', containerType: 'size' },
  large17: { gridColumn: '2 / span 4', gridRow: '1 / span 3' },
  large8: { gridColumn: '2 / span 2', gridRow: '1 / span 2' },
  empty: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    color: tokens.colorNeutralForeground3,
  },
})

const CAPACITY: Partial<Record<LayoutName, number>> = { p_17_1: 17, p_8_1: 8, p_9_1: 8 }

/**
 * The video area in the room's layout ([LAYOUT-1]): the large tile (main screen or host,
 * [LAYOUT-3]) and the others. While a share is on, `shared` (the screen share or the board)
 * takes the large place and the tiles line up beside it.
 */
export function VideoArea({
  shared,
  compact = false,
}: {
  shared: ReactNode | null
  /** A phone: the large tile above a strip of the others, whatever the layout. */
  compact?: boolean
}) {
  const styles = useStyles()
  const roomLayout = useSelector(selectEffectiveLayout)
  const layout = compact ? 'compact' : roomLayout
  const { large, others } = useSelector(selectTiles)
  const main = shared ?? (large ? <Tile {...large} /> : null)
  const tiles = shared && large ? [large, ...others] : others

  if (layout === 'compact')
    return (
      <div className={mergeClasses(styles.stage, styles.compact)} data-layout={roomLayout}>
        <div className={styles.main} data-large={!shared}>
          {main}
        </div>
        {tiles.length > 0 && (
          <TileStrip
            tiles={tiles}
            axis="row"
            className={styles.row}
            itemClassName={styles.rowSmall}
          />
        )}
      </div>
    )
  if (layout === 'p_board_row')
    return (
      <div className={mergeClasses(styles.stage, styles.p_board_row)} data-layout={layout}>
        <TileStrip
          tiles={tiles}
          axis="row"
          className={styles.row}
          itemClassName={styles.rowSmall}
        />
        <div className={styles.main} data-large={!shared}>
          {main}
        </div>
      </div>
    )
  if (layout === 'p_all_1' || layout === 'p_board_column' || shared)
    return (
      <div
        className={mergeClasses(
          styles.stage,
          tiles.length === 0 ? styles.single : shared ? styles.p_board_column : styles[layout],
        )}
        data-layout={layout}
      >
        <div className={styles.main} data-large={!shared}>
          {main}
        </div>
        {tiles.length > 0 && (
          <TileStrip
            tiles={tiles}
            axis="column"
            className={styles.side}
            itemClassName={styles.small}
          />
        )}
      </div>
    )
  const shown = others.slice(0, CAPACITY[layout] ?? others.length)
  return (
    <div className={mergeClasses(styles.stage, styles[layout])} data-layout={layout}>
      {large && (
        <div
          data-large
          className={mergeClasses(
            styles.main,
            layout === 'p_17_1' && styles.large17,
            layout === 'p_8_1' && styles.large8,
          )}
        >
          <Tile {...large} />
        </div>
      )}
      {shown.map((t) => (
        <div key={t.uid} className={styles.main}>
          <Tile {...t} />
        </div>
      ))}
    </div>
  )
}
