import type { Event } from '@streams/events'
import { BOARD_UPDATE_MAX_BASE64 } from '@streams/events/board'

/** A document update as the session log keeps it: base64, or only its size when too large. */
export function boardUpdated(update: Uint8Array): Event {
  if (Math.ceil(update.byteLength / 3) * 4 > BOARD_UPDATE_MAX_BASE64)
    return { type: 'board/updated', update: '', omitted: update.byteLength }
  let binary = ''
  for (let i = 0; i < update.byteLength; i += 0x8000)
    binary += String.fromCharCode(...update.subarray(i, i + 0x8000))
  return { type: 'board/updated', update: btoa(binary) }
}
