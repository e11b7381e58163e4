/** The CDN picture's layout, shared with Agora mode's live transcoding (streams/wire/cdn-layout.ts). */
export {
  CANVAS,
  composeLayout,
  type Position,
  type Rect,
  type Scene,
  type Slot,
} from '@streams/wire/cdn-layout'
