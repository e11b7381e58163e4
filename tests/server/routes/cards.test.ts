import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadImage } from '../../../src/server/media/compose/canvas'
import { createCanvas } from '../../../src/server/media/compose/canvas'
import { CARD_SIZES, CardImages } from '../../../src/server/media/compose/card-images'
import { drawCard, drawLabel, drawSlate } from '../../../src/server/media/compose/cards'
import { cardRoutes } from '../../../src/server/routes/cards'
import { cardUrl, labelUrl, pausedUrl } from '../../../streams/wire/card-urls'
import { PAUSED_SLATE } from '../../../src/server/rooms/live-state'

/** The RGBA pixels of an encoded picture. */
async function pixelsOf(
  body: Buffer,
): Promise<{ width: number; height: number; rgba: Uint8ClampedArray }> {
  const image = await loadImage(body)
  const canvas = createCanvas(image.width, image.height)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(image, 0, 0)
  return {
    width: image.width,
    height: image.height,
    rgba: ctx.getImageData(0, 0, image.width, image.height).data,
  }
}

const pixel = (p: { width: number; rgba: Uint8ClampedArray }, x: number, y: number) => [
  ...p.rgba.slice((y * p.width + x) * 4, (y * p.width + x) * 4 + 4),
]

describe('GET /media/cards (Agora mode: local mode’s overlays as pictures)', () => {
  let app: FastifyInstance
  const images = new CardImages(3, 10 * 1024 * 1024)

  beforeAll(async () => {
    app = Fastify()
    await app.register(cardRoutes, { images })
    await app.ready()
  })
  afterAll(() => app.close())

  it('[LAYOUT-1] sizes are the CDN layout’s camera places', () => {
    expect([...CARD_SIZES].sort()).toEqual(
      [
        '1280x720',
        '256x144',
        '320x180',
        '426x240',
        '428x240',
        '768x432',
        '960x540',
        '960x720',
      ].sort(),
    )
  })

  it('a label is the tile-wide transparent strip with local mode’s bar drawn at its left', async () => {
    const res = await app.inject(`/media/cards/label/320x180/${encodeURIComponent('张三 Ann')}.png`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    expect(res.headers['cache-control']).toBe('public, max-age=86400, immutable')
    const png = await pixelsOf(res.rawPayload)
    expect([png.width, png.height]).toEqual([320, 24])
    const bar = drawLabel('张三 Ann', 320)
    const drawn = bar.getContext('2d').getImageData(0, 0, bar.width, bar.height).data
    // The bar's pixels as the composition draws them; beyond it, fully transparent.
    expect(pixel(png, 2, 2)).toEqual([
      ...drawn.slice((2 * bar.width + 2) * 4, (2 * bar.width + 2) * 4 + 4),
    ])
    expect(bar.width).toBeLessThan(320)
    expect(pixel(png, 319, 12)[3]).toBe(0)
    // A wide tile has the taller bar.
    const wide = await app.inject('/media/cards/label/1280x720/Ann.png')
    expect((await pixelsOf(wide.rawPayload)).height).toBe(32)
  })

  it('a card is local mode’s name card with its label, as PNG or JPEG', async () => {
    const res = await app.inject('/media/cards/card/320x180/1234567/Carl.png')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    const png = await pixelsOf(res.rawPayload)
    expect([png.width, png.height]).toEqual([320, 180])
    const card = drawCard('1234567', 'Carl', 320, 180)
      .getContext('2d')
      .getImageData(0, 0, 320, 180).data
    const at = (x: number, y: number) => [...card.slice((y * 320 + x) * 4, (y * 320 + x) * 4 + 4)]
    expect(pixel(png, 160, 60)).toEqual(at(160, 60)) // the coloured circle
    expect(pixel(png, 5, 5)).toEqual(at(5, 5)) // the card's ground
    expect(pixel(png, 2, 170)).not.toEqual(at(2, 170)) // the label's bar over the card's foot
    const jpg = await app.inject('/media/cards/card/320x180/1234567/Carl.jpg')
    expect(jpg.headers['content-type']).toBe('image/jpeg')
    expect([...jpg.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff])
  })

  it('the paused slate is the whole picture with local mode’s words', async () => {
    const res = await app.inject('/media/cards/paused.png')
    expect(res.statusCode).toBe(200)
    const png = await pixelsOf(res.rawPayload)
    expect([png.width, png.height]).toEqual([1280, 720])
    const slate = drawSlate(PAUSED_SLATE, 1280, 720)
      .getContext('2d')
      .getImageData(0, 0, 1280, 720).data
    let same = 0
    for (let i = 0; i < slate.length; i += 4 * 97) if (slate[i] === png.rgba[i]) same++
    expect(same).toBe(Math.ceil(slate.length / (4 * 97)))
  })

  it('[LAYOUT-1] every address the client and the recording build is served, at every place size', async () => {
    const long = '张三'.repeat(40) // longer than 64: cut to 64 characters
    for (const size of CARD_SIZES) {
      const [width, height] = size.split('x').map(Number) as [number, number]
      const tile = { x: 0, y: 0, width, height }
      for (const url of [
        labelUrl('', long, '1', tile),
        cardUrl('', '2147483647', 'Dr. Who / 1', tile),
        cardUrl('', '1', '', tile, 'jpg'),
      ]) {
        const res = await app.inject(`/media/cards${url}`)
        expect([url, res.statusCode]).toEqual([url, 200])
      }
    }
    expect((await app.inject(`/media/cards${pausedUrl('', 'jpg')}`)).statusCode).toBe(200)
  })

  it('a long name’s address carries it as the label shows it (27 characters and “…”): the same picture as the composition draws', async () => {
    const name = 'Alexandra Konstantinopoulou-Vanderbilt'
    const url = labelUrl('', name, '7', { x: 0, y: 0, width: 320, height: 180 })
    expect(decodeURIComponent(url)).toBe(`/label/320x180/${name.slice(0, 27)}….png`)
    const png = await pixelsOf((await app.inject(`/media/cards${url}`)).rawPayload)
    const bar = drawLabel(name, 320)
    const drawn = bar.getContext('2d').getImageData(0, 0, bar.width, bar.height).data
    for (let y = 0; y < bar.height; y += 3)
      for (let x = 0; x < bar.width; x += 7)
        expect(pixel(png, x, y)).toEqual([
          ...drawn.slice((y * bar.width + x) * 4, (y * bar.width + x) * 4 + 4),
        ])
  })

  it('renders each picture once and keeps the most recent ones only', async () => {
    const before = images.renders
    await app.inject('/media/cards/label/256x144/Keep.png')
    await app.inject('/media/cards/label/256x144/Keep.png')
    expect(images.renders).toBe(before + 1)
    for (const name of ['A', 'B', 'C', 'D'])
      await app.inject(`/media/cards/label/256x144/${name}.png`)
    expect(images.entries).toBe(3)
    await app.inject('/media/cards/label/256x144/Keep.png')
    expect(images.renders).toBe(before + 6) // evicted, drawn again
  })

  it.each([
    ['/media/cards/label/100x100/Ann.png', "size must be one of the CDN layout's place sizes"],
    ['/media/cards/label/320x180/Ann.jpg', 'ext must be png or jpg (a label: png)'],
    [`/media/cards/label/320x180/${'x'.repeat(65)}.png`, 'name must be 1 to 64 characters'],
    ['/media/cards/card/320x180/12ab/Ann.png', 'uid must be a media uid'],
    ['/media/cards/card/320x180/12/Ann.gif', 'ext must be png or jpg'],
    ['/media/cards/paused.webp', 'ext must be png or jpg'],
  ])('refuses %s with a 400 naming what is wrong', async (url, words) => {
    const res = await app.inject(url)
    expect(res.statusCode).toBe(400)
    expect(res.json<{ msg: string }>().msg).toContain(`bad picture address: ${words}`)
  })
})

describe('GET /media/cards: the render budget (public addresses, drawn on the server’s thread)', () => {
  it('new pictures beyond the budget get a 503 with Retry-After, cached ones are still served, and the budget refills with time', async () => {
    let now = 0
    const images = new CardImages(512, 10 * 1024 * 1024, { perSecond: 2, burst: 3 }, () => now)
    const app = Fastify()
    await app.register(cardRoutes, { images })
    await app.ready()
    try {
      const get = (name: string) => app.inject(`/media/cards/label/320x180/${name}.png`)
      for (const name of ['A', 'B', 'C']) expect((await get(name)).statusCode).toBe(200)
      const refused = await get('D')
      expect(refused.statusCode).toBe(503)
      expect(refused.headers['retry-after']).toBe('1')
      expect(refused.json<{ msg: string }>().msg).toContain('too many new pictures')
      expect((await get('A')).statusCode).toBe(200) // cached: no render spent
      expect(images.renders).toBe(3)
      now += 500 // one render earned at 2 a second
      expect((await get('D')).statusCode).toBe(200)
      expect((await get('E')).statusCode).toBe(503)
      expect(images.renders).toBe(4)
    } finally {
      await app.close()
    }
  })
})
