import { describe, expect, it } from 'vitest'
import {
  CANVAS,
  composeLayout,
  type Scene,
  type Slot,
} from '../../../../src/server/media/compose/layout'

const scene = (over: Partial<Scene>): Scene => ({
  layout: 'p_all_1',
  people: [],
  large: '',
  positions: {},
  share: null,
  ...over,
})

const inside = (s: Slot) =>
  s.rect.x >= 0 &&
  s.rect.y >= 0 &&
  s.rect.x + s.rect.width <= CANVAS.width &&
  s.rect.y + s.rect.height <= CANVAS.height

const overlap = (a: Slot, b: Slot) =>
  a.rect.x < b.rect.x + b.rect.width &&
  b.rect.x < a.rect.x + a.rect.width &&
  a.rect.y < b.rect.y + b.rect.height &&
  b.rect.y < a.rect.y + a.rect.height

const people = (n: number) => Array.from({ length: n }, (_, i) => `u${i + 1}`)

describe('the CDN picture', () => {
  it('[LAYOUT-1] all-1: the large person fills the picture alone', () => {
    const slots = composeLayout(scene({ people: ['a'], large: 'a' }))
    expect(slots).toEqual([
      { key: 'a', kind: 'camera', rect: { x: 0, y: 0, width: 1280, height: 720 } },
    ])
  })

  it('[LAYOUT-1] all-1: right tiles make a column, inner tiles sit inside the large one', () => {
    const slots = composeLayout(
      scene({ people: ['h', 'a', 'b', 'c'], large: 'b', positions: { a: 'right', c: 'inner' } }),
    )
    expect(slots[0]).toMatchObject({ key: 'b', rect: { x: 0, width: 960, height: 720 } })
    // h has no entry: it goes right too
    expect(slots.filter((s) => s.rect.x === 960).map((s) => s.key)).toEqual(['h', 'a'])
    const pip = slots.find((s) => s.key === 'c')!
    expect(pip.rect.x + pip.rect.width).toBeLessThanOrEqual(960)
    expect(pip.rect.y).toBeGreaterThan(360)
  })

  it('the large one falls back to the first person when the chosen one is not publishing', () => {
    const slots = composeLayout(scene({ people: ['h', 'a'], large: 'gone' }))
    expect(slots[0]!.key).toBe('h')
  })

  it.each([
    ['p_8_1', 8],
    ['p_17_1', 17],
    ['p_9_1', 9],
  ] as const)(
    '[LAYOUT-1] %s places up to %i people without overlap, all inside the picture',
    (layout, max) => {
      const slots = composeLayout(scene({ layout, people: people(max + 3), large: 'u2' }))
      expect(slots).toHaveLength(max)
      expect(slots[0]!.key).toBe('u2')
      for (const s of slots) {
        expect(inside(s)).toBe(true)
        expect((s.rect.x % 2) + (s.rect.y % 2) + (s.rect.width % 2) + (s.rect.height % 2)).toBe(0)
      }
      for (let i = 0; i < slots.length; i++)
        for (let j = i + 1; j < slots.length; j++) expect(overlap(slots[i]!, slots[j]!)).toBe(false)
    },
  )

  it('a screen share takes the large place, cameras in a column beside it', () => {
    const slots = composeLayout(
      scene({ layout: 'p_board_column', people: people(6), share: { kind: 'screen', uid: 'u3' } }),
    )
    expect(slots[0]).toMatchObject({ key: 'screen:u3', kind: 'screen', rect: { x: 0, width: 960 } })
    expect(slots.slice(1).map((s) => s.rect.x)).toEqual([960, 960, 960, 960])
  })

  it('the shared board in the row layout: cameras in a row below it', () => {
    const slots = composeLayout(
      scene({ layout: 'p_board_row', people: people(2), share: { kind: 'board' } }),
    )
    expect(slots.map((s) => s.key)).toEqual(['board', 'u1', 'u2'])
    expect(slots.slice(1).every((s) => s.rect.y === 540)).toBe(true)
  })

  it('nobody publishing: an empty picture', () => {
    expect(composeLayout(scene({}))).toEqual([])
  })
})
