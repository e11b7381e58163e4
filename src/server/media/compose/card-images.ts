import type { Canvas } from '@napi-rs/canvas'
import { CARD_NAME_MAX, labelHeight } from '@streams/wire/card-urls'
import { composeLayout, type Scene } from '@streams/wire/cdn-layout'
import { LAYOUTS } from '@streams/wire/video'
import { createCanvas } from './canvas'
import { drawCard, drawLabel, drawSlate } from './cards'
import { CANVAS } from './layout'

/**
 * Local mode's overlays as pictures at an address (Agora mode): Agora's live transcoding and
 * cloud recording draw no text, so the name label under a tile, the name card of someone
 * without camera and the "Live paused" slate are rendered here, by the very drawing code the
 * local composition blends into its frames (cards.ts), and fetched by Agora's cloud.
 */

/** Where the pictures are served (routes/cards.ts); Agora fetches them at PUBLIC_URL + this. */
export const CARDS_PATH = '/media/cards'

/** The longest name a picture is made for (a member's name is at most 64 characters). */
export const MAX_CARD_NAME = CARD_NAME_MAX

/** Where Agora fetches the pictures, from the app's public origin ('' without a usable one). */
export function cardsBaseUrl(publicUrl: string | undefined): string {
  const origin = publicUrl?.replace(/\/+$/, '') ?? ''
  return /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/.test(origin) ? `${origin}${CARDS_PATH}` : ''
}

/**
 * Every camera place size the CDN layout has ([LAYOUT-1]), as `WxH`: pictures are made at these
 * sizes only, so a caller cannot have the server draw pictures of any size.
 */
export const CARD_SIZES: readonly string[] = (() => {
  const sizes = new Set<string>()
  const shares: Scene['share'][] = [null, { kind: 'board' }]
  for (const layout of LAYOUTS)
    for (let n = 1; n <= 17; n++)
      for (const position of ['inner', 'right'] as const)
        for (const share of shares) {
          const people = Array.from({ length: n }, (_, i) => `${i + 1}`)
          const positions = Object.fromEntries(people.map((p) => [p, position]))
          for (const slot of composeLayout({ layout, people, large: '1', positions, share }))
            if (slot.kind === 'camera') sizes.add(`${slot.rect.width}x${slot.rect.height}`)
        }
  return [...sizes]
})()

export type CardFormat = 'png' | 'jpg'

/** What to draw. */
export type CardPicture =
  /** A tile's name bar, on a transparent strip as wide as the tile (its height: labelHeight). */
  | { readonly kind: 'label'; readonly name: string; readonly width: number }
  /** A name card with its label, as local mode's picture shows a person without camera. */
  | {
      readonly kind: 'card'
      readonly uid: string
      readonly name: string
      readonly width: number
      readonly height: number
      readonly format: CardFormat
    }
  /** The whole picture while the live is paused, saying so (the routes give the words). */
  | { readonly kind: 'paused'; readonly text: string; readonly format: CardFormat }

function draw(picture: CardPicture): Canvas {
  switch (picture.kind) {
    case 'label': {
      const canvas = createCanvas(picture.width, labelHeight(picture.width))
      canvas.getContext('2d').drawImage(drawLabel(picture.name, picture.width), 0, 0)
      return canvas
    }
    case 'card': {
      const { uid, name, width, height } = picture
      const canvas = drawCard(uid, name, width, height)
      const label = drawLabel(name, width)
      canvas.getContext('2d').drawImage(label, 0, height - label.height)
      return canvas
    }
    case 'paused':
      return drawSlate(picture.text, CANVAS.width, CANVAS.height)
  }
}

const formatOf = (p: CardPicture): CardFormat => (p.kind === 'label' ? 'png' : p.format)

const keyOf = (p: CardPicture): string =>
  p.kind === 'label'
    ? `label:${p.width}:${p.name}`
    : p.kind === 'card'
      ? `card:${p.width}x${p.height}:${p.format}:${p.uid}:${p.name}`
      : `paused:${p.format}:${p.text}`

/**
 * Rendered pictures, the most recently asked kept: at most `maxEntries` and `maxBytes` (a
 * render is a few milliseconds; Agora fetches each address again whenever the transcoding or
 * layout is set, and a room's names change seldom). The same picture asked twice at once is
 * rendered once.
 */
/** More new pictures were asked for than the render budget allows: ask again in a second. */
export class CardsBusy extends Error {
  constructor() {
    super('too many new pictures asked for at once: try again in a second')
  }
}

export class CardImages {
  private readonly cache = new Map<string, Promise<Buffer>>()
  private readonly sizes = new Map<string, number>()
  private bytes = 0
  renders = 0
  /** Renders the budget still allows now, and when it was last topped up. */
  private tokens: number
  private topped: number

  constructor(
    readonly maxEntries = 512,
    readonly maxBytes = 32 * 1024 * 1024,
    /**
     * New pictures drawn at most `perSecond` a second, in bursts of `burst` (the addresses are
     * public, so a stranger asking for name after name cannot hold the server's thread); a live's
     * layout change asks for a few, a crowd's first push for a few dozen. Cached ones are free.
     */
    readonly budget: { readonly perSecond: number; readonly burst: number } = {
      perSecond: 20,
      burst: 100,
    },
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = budget.burst
    this.topped = now()
  }

  get entries(): number {
    return this.cache.size
  }

  /** The picture's bytes and content type. */
  async render(picture: CardPicture): Promise<{ body: Buffer; type: string }> {
    const format = formatOf(picture)
    const type = format === 'png' ? 'image/png' : 'image/jpeg'
    const key = keyOf(picture)
    const cached = this.cache.get(key)
    if (cached) {
      this.cache.delete(key)
      this.cache.set(key, cached)
      return { body: await cached, type }
    }
    if (!this.spend()) throw new CardsBusy()
    this.renders++
    const canvas = draw(picture)
    const made = format === 'png' ? canvas.encode('png') : canvas.encode('jpeg', 90)
    this.cache.set(key, made)
    try {
      const body = await made
      if (this.cache.get(key) === made) {
        this.sizes.set(key, body.length)
        this.bytes += body.length
        this.evict()
      }
      return { body, type }
    } catch (error) {
      this.cache.delete(key)
      throw error
    }
  }

  /** Takes one render from the budget, topped up by the time gone since the last. */
  private spend(): boolean {
    const now = this.now()
    const earned = ((now - this.topped) / 1000) * this.budget.perSecond
    this.tokens = Math.min(this.budget.burst, this.tokens + earned)
    this.topped = now
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }

  private evict(): void {
    for (const key of this.cache.keys()) {
      if (this.cache.size <= this.maxEntries && this.bytes <= this.maxBytes) return
      this.bytes -= this.sizes.get(key) ?? 0
      this.sizes.delete(key)
      this.cache.delete(key)
    }
  }
}
