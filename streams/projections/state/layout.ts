import type { PMap } from '../../core/pmap'
import type { LayoutName, PositionType } from '../../wire/video'

/** The layout (spec §3 "Layouts", "Layout position item"). */
export interface LayoutState {
  readonly layout: LayoutName
  /** Each uid's position: 'inner' or 'right' ([LAYOUT-1]). */
  readonly positions: PMap<PositionType>
  readonly largeUid: string
  /** The share layout is in force (set 500 ms after a share change, [MAIN-2]). */
  readonly sharing: boolean
  readonly maximised: boolean
}
