import type { Position } from '@streams/wire/cdn-layout'
import { DEFAULT_LAYOUT, LAYOUTS, type LayoutName } from '@streams/wire/video'

/** The CDN picture's layout, shared with Agora mode's live transcoding (streams/wire/cdn-layout.ts). */
export {
  CANVAS,
  composeLayout,
  type Position,
  type Rect,
  type Scene,
  type Slot,
} from '@streams/wire/cdn-layout'

/** A room's stored layout name; one the spec does not list is the default ([LAYOUT-1]). */
export const layoutOf = (name: string): LayoutName =>
  (LAYOUTS as readonly string[]).includes(name) ? (name as LayoutName) : DEFAULT_LAYOUT

/** A room's stored positions (`layout_items`: a JSON list of {uid, type}); unreadable: none. */
export function positionsOf(json: string): Record<string, Position> {
  try {
    const list = JSON.parse(json) as { uid?: unknown; type?: unknown }[]
    const out: Record<string, Position> = {}
    for (const item of Array.isArray(list) ? list : [])
      if (typeof item.uid === 'string' && (item.type === 'inner' || item.type === 'right'))
        out[item.uid] = item.type
    return out
  } catch {
    return {}
  }
}
