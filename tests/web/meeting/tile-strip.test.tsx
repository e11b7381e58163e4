// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { en } from '../../../src/web/i18n/en'
import type { TileProps } from '../../../src/web/screens/meeting/video/Tile'
import { TileStrip, WINDOW_FROM } from '../../../src/web/screens/meeting/video/TileStrip'

const tiles = (n: number): TileProps[] =>
  Array.from({ length: n }, (_, i) => ({
    uid: String(1000 + i),
    name: `Member ${1000 + i}`,
    photo: '',
    audio: false,
    video: false,
    large: false,
    local: false,
  }))

const names = () => screen.queryAllByRole('figure').map((f) => f.getAttribute('aria-label'))

/** A ResizeObserver that reports at once, and a strip element of the given size. */
function sized(width: number, height: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width)
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height)
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(private readonly report: () => void) {}
      observe() {
        this.report()
      }
      disconnect() {}
    },
  )
}

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } })
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the tile strip', () => {
  it(`renders every tile of a strip of up to ${WINDOW_FROM}`, () => {
    render(<TileStrip tiles={tiles(WINDOW_FROM)} axis="column" className="" itemClassName="" />)
    expect(names()).toHaveLength(WINDOW_FROM)
  })

  it('renders only the tiles in view of a long strip, between spacers as long as the rest', () => {
    // a column 160 px wide and 300 px tall: tiles 90 px tall, 96 px apart
    sized(160, 300)
    const { container } = render(
      <TileStrip tiles={tiles(2500)} axis="column" className="" itemClassName="" />,
    )
    const strip = container.firstElementChild as HTMLElement
    // 0..300 px shows tiles 0 to 3, and 3 more
    expect(names()).toEqual(tiles(7).map((t) => t.name))
    const after = strip.lastElementChild as HTMLElement
    expect(after.getAttribute('aria-hidden')).toBe('true')
    expect(after.style.height).toBe(`${(2500 - 7) * 96 - 6}px`)

    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => {
      run(0)
      return 0
    })
    Object.defineProperty(strip, 'scrollTop', { value: 96 * 1000, configurable: true })
    act(() => {
      fireEvent.scroll(strip)
    })
    expect(names()[0]).toBe('Member 1997')
    expect(names()).toContain('Member 2000')
    expect((strip.firstElementChild as HTMLElement).style.height).toBe(`${997 * 96 - 6}px`)
  })

  it('sizes a row strip by its height (16:9 tiles)', () => {
    // a row 90 px tall and 500 px wide: tiles 160 px wide, 166 px apart
    sized(500, 90)
    render(<TileStrip tiles={tiles(100)} axis="row" className="" itemClassName="" />)
    expect(names()).toHaveLength(Math.ceil(500 / 166) + 3)
  })
})
