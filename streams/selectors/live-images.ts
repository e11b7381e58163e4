import type { LiveImage } from '../ports/media'
import { cardUrl, labelHeight, labelUrl, pausedUrl } from '../wire/card-urls'
import { CDN_PROGRAM, type Rect } from '../wire/cdn-layout'

/**
 * Agora's transcoding takes at most 10 pictures, its background image included ("The total
 * number of watermarks and background images can range from 0 to 10": LiveTranscoding,
 * https://api-ref.agora.io/video-sdk/android/4.x/API/api_livetranscoding_addbackgroundimage.html;
 * the Web SDK sends its backgroundImage as one of the `images`).
 */
export const MAX_TRANSCODING_IMAGES = 10

/** The longest image URL the SDK accepts (its own check of `images[n].url`). */
export const MAX_IMAGE_URL = 1000

/** A person's place in the CDN picture, as the pictures over it need it. */
export interface CameraPlace {
  readonly uid: string
  readonly name: string
  readonly rect: Rect
  /** Their camera is seen there (else their name card is shown in its place). */
  readonly video: boolean
}

const overlaps = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * The pictures over the CDN picture, as local mode's composition draws them ([LAYOUT-1]): while
 * paused only the slate over the whole picture ([LIVE-1] PAUSE shows no room); else in each
 * person's place their name card when they have no camera (the card carries their label), and
 * the name label at the foot of every other camera place, as wide as the place. Agora draws
 * pictures above every video: a card that a later place overlaps (p_all_1's inner tiles over the
 * large one) would hide it, so such a card is left out and only its label is shown. Within
 * Agora's limit (with `reserved` pictures already used: the background image), cards before
 * labels, each in the order of the places (the large place first). A picture whose address is
 * too long for the SDK (a very long PUBLIC_URL) is left out rather than fail the push.
 */
export function liveImages(
  cardsUrl: string,
  paused: boolean,
  places: readonly CameraPlace[],
  reserved: number,
): LiveImage[] {
  if (!cardsUrl) return []
  const { width, height } = CDN_PROGRAM
  if (paused) return [{ url: pausedUrl(cardsUrl), x: 0, y: 0, width, height, alpha: 1 }]
  const drawn = places.map((place, index) => {
    const { rect, uid, name } = place
    const covered = places.slice(index + 1).some((p) => overlaps(p.rect, rect))
    if (!place.video && !covered)
      return {
        index,
        card: true,
        image: { url: cardUrl(cardsUrl, uid, name, rect), ...rect, alpha: 1 },
      }
    const h = labelHeight(rect.width)
    const at = { x: rect.x, y: rect.y + rect.height - h, width: rect.width, height: h }
    return {
      index,
      card: false,
      image: { url: labelUrl(cardsUrl, name, uid, rect), ...at, alpha: 1 },
    }
  })
  const room = Math.max(0, MAX_TRANSCODING_IMAGES - reserved)
  return drawn
    .filter((d) => d.image.url.length <= MAX_IMAGE_URL)
    .sort((a, b) => Number(b.card) - Number(a.card) || a.index - b.index)
    .slice(0, room)
    .sort((a, b) => a.index - b.index)
    .map((d) => d.image)
}
