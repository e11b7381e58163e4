// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { BehaviorSubject } from 'rxjs'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { en } from '../../../src/web/i18n/en'
import { MediaViewProvider } from '../../../src/web/media/context'
import type { MediaView } from '../../../src/web/media/media-view'
import { VideoTile } from '../../../src/web/media/VideoTile'

beforeAll(async () => {
  await i18next.use(initReactI18next).init({ lng: 'en', resources: { en: { translation: en } } })
})
afterEach(cleanup)

function fakeView() {
  const uids = new BehaviorSubject<ReadonlySet<string>>(new Set())
  const detach = vi.fn()
  const view: MediaView = {
    videoUids$: uids,
    attachVideo: vi.fn((_uid: string, container: HTMLElement) => {
      container.appendChild(document.createElement('video'))
      return detach
    }),
  }
  return { view, uids, detach }
}

describe('VideoTile', () => {
  it('[TRACK-1] asks the adapter to render the video while there is one, else shows the avatar', () => {
    const { view, uids, detach } = fakeView()
    render(
      <MediaViewProvider view={view}>
        <VideoTile uid="42" name="Hana Host" />
      </MediaViewProvider>,
    )
    const tile = screen.getByRole('figure', { name: 'Hana Host' })
    expect(screen.getByLabelText('Hana Host, video off')).toBeTruthy()
    expect(tile.dataset.video).toBe('off')

    act(() => uids.next(new Set(['42'])))
    expect(view.attachVideo).toHaveBeenCalledWith('42', expect.any(HTMLElement), 'cover')
    expect(tile.querySelector('video')).toBeTruthy()
    expect(screen.queryByLabelText('Hana Host, video off')).toBeNull()

    act(() => uids.next(new Set()))
    expect(detach).toHaveBeenCalled()
    expect(screen.getByLabelText('Hana Host, video off')).toBeTruthy()
  })

  it('shows the avatar when there is no media view (a replayed session)', () => {
    render(
      <MediaViewProvider view={null}>
        <VideoTile uid="42" name="Carl" />
      </MediaViewProvider>,
    )
    expect(screen.getByLabelText('Carl, video off')).toBeTruthy()
  })

  it('marks its person as talking while the media view says so (the active speaker)', () => {
    const { view } = fakeView()
    const talking = new BehaviorSubject<ReadonlySet<string>>(new Set())
    render(
      <MediaViewProvider view={{ ...view, talking$: talking }}>
        <VideoTile uid="42" name="Hana Host" />
        <VideoTile uid="43" name="Carl" />
      </MediaViewProvider>,
    )
    const hana = screen.getByRole('figure', { name: 'Hana Host' })
    const carl = screen.getByRole('figure', { name: 'Carl' })
    expect(hana.dataset.talking).toBeUndefined()
    act(() => talking.next(new Set(['42'])))
    expect(hana.dataset.talking).toBe('on')
    expect(carl.dataset.talking).toBeUndefined()
    act(() => talking.next(new Set()))
    expect(hana.dataset.talking).toBeUndefined()
  })

  it('[TRACK-9] shows the network quality it is given', () => {
    render(
      <MediaViewProvider view={null}>
        <VideoTile uid="42" name="Carl" quality={3} />
      </MediaViewProvider>,
    )
    expect(screen.getByRole('img', { name: 'Network: poor' })).toBeTruthy()
  })
})
