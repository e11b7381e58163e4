import { defineProjection } from '../core/projection'
import { PMap } from '../core/pmap'
import type { Event } from '../events'
import { DEFAULT_LAYOUT, LAYOUTS, type LayoutName, type PositionType } from '../wire/video'
import type { LayoutState } from './state/layout'
export type { LayoutState } from './state/layout'

export const initialLayout: LayoutState = {
  layout: DEFAULT_LAYOUT,
  positions: PMap.empty(),
  largeUid: '',
  sharing: false,
  maximised: false,
}

/** A copy with some fields replaced (undefined is no change); an object literal, fast to fold. */
export function withLayout(s: LayoutState, p: Partial<LayoutState>): LayoutState {
  return {
    layout: p.layout === undefined ? s.layout : p.layout,
    positions: p.positions === undefined ? s.positions : p.positions,
    largeUid: p.largeUid === undefined ? s.largeUid : p.largeUid,
    sharing: p.sharing === undefined ? s.sharing : p.sharing,
    maximised: p.maximised === undefined ? s.maximised : p.maximised,
  }
}

export function layoutName(value: string): LayoutName {
  return (LAYOUTS as readonly string[]).includes(value) ? (value as LayoutName) : DEFAULT_LAYOUT
}

function positions(list: readonly { uid: string; type: PositionType }[]): PMap<PositionType> {
  return PMap.fromEntries(list.map((p) => [p.uid, p.type] as const))
}

export const layoutProjection = defineProjection<LayoutState, Event>(initialLayout, {
  'rest/roomEntered': (l, e) => withLayout(l, { layout: layoutName(e.data.roomInfo.layout) }),
  // [CMD-10] the layout, positions and large uid
  'msg/layoutChanged': (l, { data }) =>
    withLayout(l, {
      layout: data.layout,
      positions: positions(data.positions),
      largeUid: data.largeUid,
    }),
  'rest/layoutUpdated': (l, e) =>
    withLayout(l, {
      layout: e.layout,
      positions: positions(e.positions),
      largeUid: e.largeUid,
    }),
  // [MAIN-2] the share layout follows a share change
  'timer/shareLayoutDue': (l, e) =>
    l.sharing === e.sharing ? l : withLayout(l, { sharing: e.sharing }),
  'ui/maximiseToggled': (l) => withLayout(l, { maximised: !l.maximised }),
  'life/exited': () => initialLayout,
})
