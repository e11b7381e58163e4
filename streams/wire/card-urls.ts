import type { Rect } from './cdn-layout'

/**
 * The addresses of local mode's overlays drawn as pictures for Agora's cloud (Agora mode with
 * PUBLIC_URL): the server serves them (src/server/routes/cards.ts); the host's client puts them
 * in the live transcoding and the server in the cloud recording's layout. `base` is the live
 * setting's `cardsUrl` (`{PUBLIC_URL}/media/cards`).
 */

/** The longest name drawn (a member's name is at most 64 characters). */
export const CARD_NAME_MAX = 64

/** The height of the name bar under a tile this wide (local mode's composition draws the same). */
export const labelHeight = (tileWidth: number): number => (tileWidth >= 480 ? 32 : 24)

/** The longest name a label shows: longer ones end in "…" (cards.ts draws the same). */
export const LABEL_NAME_MAX = 28

/**
 * A name as an address part, as the label shows it: at most 28 characters, a longer one cut to
 * 27 and "…" (so the address stays short: Agora takes image URLs of at most 1,000 characters);
 * the uid when it has none.
 */
function part(name: string, uid: string): string {
  const chars = [...(name.trim() || uid)]
  const shown = chars.length > LABEL_NAME_MAX ? [...chars.slice(0, LABEL_NAME_MAX - 1), '…'] : chars
  return encodeURIComponent(shown.join(''))
}

/** The name bar under a tile of this size: a PNG as wide as the tile, transparent beyond the bar. */
export const labelUrl = (base: string, name: string, uid: string, tile: Rect): string =>
  `${base}/label/${tile.width}x${tile.height}/${part(name, uid)}.png`

/** A person's name card with its label, at the size of their place. */
export const cardUrl = (
  base: string,
  uid: string,
  name: string,
  tile: Rect,
  format: 'png' | 'jpg' = 'png',
): string => `${base}/card/${tile.width}x${tile.height}/${uid}/${part(name, uid)}.${format}`

/** The whole picture while the live is paused (1280x720). */
export const pausedUrl = (base: string, format: 'png' | 'jpg' = 'png'): string =>
  `${base}/paused.${format}`
