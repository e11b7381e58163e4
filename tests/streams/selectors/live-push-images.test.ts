import { describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import { MAX_TRANSCODING_IMAGES } from '@streams/selectors/live-images'
import { selectLivePush } from '@streams/selectors/live-push'
import { composeLayout } from '@streams/wire/cdn-layout'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, member, msg } from '../fixtures'
import { living, published, setting } from '../live-push-fixtures'

const CARDS = 'https://meet.example.com/media/cards'
const withCards = (liveState: 1 | 2 = 1, backgroundImage = '') =>
  setting(liveState, {
    cardsUrl: CARDS,
    backgroundImages: backgroundImage ? [{ imageId: 'bg', url: backgroundImage }] : [],
  })
const layout = (name: 'p_all_1' | 'p_17_1', largeUid = '', inner: string[] = []): Event => ({
  type: 'rest/layoutUpdated',
  layout: name,
  positions: inner.map((uid) => ({ uid, type: 'inner' as const })),
  largeUid,
})
const label = (uid: string, x: number, y: number, width: number, height: number) => ({
  url: `${CARDS}/label/${width}x${height}/Name%20${uid}.png`,
  x,
  y: y + height - (width >= 480 ? 32 : 24),
  width,
  height: width >= 480 ? 32 : 24,
  alpha: 1,
})

describe('the live push’s pictures of names, name cards and the paused slate (Agora mode with PUBLIC_URL)', () => {
  it('[LAYOUT-1] someone heard without camera has a place with their name card, as local mode places them; every camera place has its name label at its foot', () => {
    const push = selectLivePush(living(), withCards())!
    // Local mode's composition places everyone who publishes (300: sound only).
    const slots = composeLayout({
      layout: 'p_all_1',
      people: ['100', '200', '300'],
      large: '100',
      positions: {},
      share: null,
    })
    expect(push.tiles).toEqual(
      slots.map((slot, i) => ({ uid: slot.key, ...slot.rect, zOrder: i === 0 ? 1 : 2 })),
    )
    expect(push.voices).toEqual([])
    expect(push.images).toEqual([
      label('100', 0, 0, 960, 720),
      label('200', 960, 0, 320, 180),
      {
        url: `${CARDS}/card/320x180/300/Name%20300.png`,
        x: 960,
        y: 180,
        width: 320,
        height: 180,
        alpha: 1,
      },
    ])
    // Without the server's pictures, as before: 300 only heard, no pictures.
    const plain = selectLivePush(living(), setting(1))!
    expect(plain.voices).toEqual(['300'])
    expect(plain.images).toEqual([])
  })

  it('[LAYOUT-1] a card under a later place (p_all_1’s inner tile over the large one) is left out: Agora draws pictures above every video', () => {
    const s = living(layout('p_all_1', '300', ['200']))
    const push = selectLivePush(s, withCards())!
    expect(push.tiles.map((t) => t.uid)).toEqual(['300', '100', '200'])
    const large = push.tiles[0]!
    expect(push.images.map((i) => i.url)).toEqual([
      `${CARDS}/label/960x720/Name%20300.png`,
      `${CARDS}/label/320x180/Name%20100.png`,
      `${CARDS}/label/256x144/Name%20200.png`,
    ])
    expect(push.images[0]).toMatchObject({ x: large.x, y: 720 - 32, width: 960, height: 32 })
  })

  it('a long name is carried as its label shows it; a picture whose address the SDK would refuse (over 1,000 characters) is left out, the push goes on', () => {
    const long = 'Alexandra Konstantinopoulou-Vanderbilt'
    const s = fold(
      asHost({ members: [member('200', { userName: long })] }),
      { type: 'rtc/joined', uid: '100' },
      { type: 'rtc/localPublished', kind: 'video' },
      published('200', 'video'),
      { type: 'rest/liveSettingLoaded', setting: setting(1) },
    )
    const urls = selectLivePush(s, withCards())!.images.map((i) => decodeURIComponent(i.url))
    expect(urls).toContain(`${CARDS}/label/320x180/${long.slice(0, 27)}….png`)
    const far = `https://meet.example.com/${'x'.repeat(940)}/media/cards`
    const push = selectLivePush(living(), setting(1, { cardsUrl: far }))!
    expect(push.tiles).toHaveLength(3)
    // Every address here is 1,006 to 1,009 characters: none is sent, the places still are.
    expect(push.images).toEqual([])
    expect(
      selectLivePush(living(), setting(1, { cardsUrl: far.replace('x'.repeat(40), '') }))!.images,
    ).toHaveLength(3)
  })

  it('[LIVE-1] PAUSE: only the paused slate over the whole picture; nobody seen or heard', () => {
    const paused = fold(living(), msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 }))
    const push = selectLivePush(paused, withCards(2))!
    expect(push.tiles).toEqual([])
    expect(push.voices).toEqual([])
    expect(push.images).toEqual([
      { url: `${CARDS}/paused.png`, x: 0, y: 0, width: 1280, height: 720, alpha: 1 },
    ])
  })

  it(`at most ${MAX_TRANSCODING_IMAGES} pictures with the background image: name cards first, then labels, in the places’ order`, () => {
    const many = Array.from({ length: 20 }, (_, i) => member(String(400 + i)))
    const s = fold(
      asHost({ members: many }),
      { type: 'rtc/joined', uid: '100' },
      { type: 'rtc/localPublished', kind: 'video' },
      // Every third has no camera.
      ...many.flatMap((m, i) => [
        ...(i % 3 === 0 ? [] : [published(m.uid, 'video')]),
        published(m.uid, 'audio'),
      ]),
      layout('p_17_1'),
      { type: 'rest/liveSettingLoaded', setting: setting(1) },
    )
    const push = selectLivePush(s, withCards(1, 'https://img.example.com/bg.png'))!
    expect(push.tiles).toHaveLength(17)
    expect(push.images).toHaveLength(MAX_TRANSCODING_IMAGES - 1)
    const cards = push.images.filter((i) => i.url.includes('/card/'))
    const placedWithoutCamera = push.tiles.filter(
      (t) => Number(t.uid) >= 400 && (Number(t.uid) - 400) % 3 === 0,
    )
    // 6 of the 17 places have no camera: their 6 cards, then 3 labels (the first places').
    expect([cards.length, placedWithoutCamera.length]).toEqual([6, 6])
    expect(push.images.filter((i) => i.url.includes('/label/')).map((i) => i.url)).toEqual([
      `${CARDS}/label/768x432/Name%20100.png`,
      `${CARDS}/label/256x144/Name%20401.png`,
      `${CARDS}/label/256x144/Name%20402.png`,
    ])
    // The pictures keep the places' order.
    const order = push.images.map((i) =>
      push.tiles.findIndex((t) => t.x === i.x && t.y <= i.y && i.y < t.y + t.height),
    )
    expect(order).toEqual([...order].sort((a, b) => a - b))
    expect(selectLivePush(s, withCards())!.images).toHaveLength(MAX_TRANSCODING_IMAGES)
  })
})
