import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import type { ComponentType } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest'
import { setupI18n } from '../setup-i18n'

let Screen: ComponentType | null = null

/**
 * i18n in English, then the replay screen's module (it adds its texts, and the meeting
 * screen's, when it loads, so it is imported after i18n is ready).
 */
export async function loadReplayScreen(): Promise<void> {
  // jsdom has no ResizeObserver; Fluent's message bar (the error, the toasts) observes its size.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver
  await setupI18n('en')
  Screen = (await import('../../../src/web/screens/replay/ReplayScreen')).default
}

/**
 * The replay page for the tests of a file: the screen loaded once; each test starts at /replay,
 * and what it rendered and stubbed is undone after it. With `offline`, fetch is a stub that fails
 * (a replay fetches nothing), answered for a test to check or to answer otherwise.
 */
export function onReplayPage(options: { offline?: boolean } = {}): () => ReturnType<typeof vi.fn> {
  let fetchSpy = vi.fn()
  beforeAll(loadReplayScreen)
  beforeEach(() => {
    window.history.replaceState(null, '', '/replay')
    if (!options.offline) return
    fetchSpy = vi.fn(() => Promise.reject(new Error('no network in a replay')))
    vi.stubGlobal('fetch', fetchSpy)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })
  return () => fetchSpy
}

/**
 * Renders /replay (with `search`, e.g. '?log=…') in a router whose every other path says
 * "navigated away", so a screen that navigates in a replay shows it.
 */
export function renderReplay(search = '') {
  if (!Screen) throw new Error('loadReplayScreen() first')
  const ReplayScreen = Screen
  return render(
    <MemoryRouter initialEntries={[`/replay${search}`]}>
      <Routes>
        <Route path="/replay" element={<ReplayScreen />} />
        <Route path="*" element={<p>navigated away</p>} />
      </Routes>
    </MemoryRouter>,
  )
}

/** Opens a log through the file picker, as a person does, and waits for the controls. */
export async function openLogText(text: string, name = 'session.ndjson') {
  const file = new File([text], name, { type: 'application/x-ndjson' })
  fireEvent.change(screen.getAllByLabelText('Open a session log')[0] as HTMLElement, {
    target: { files: [file] },
  })
  await screen.findByRole('region', { name: 'Replay controls' })
  // the view mounts in parts: the meeting screen comes last
  await screen.findByRole('region', { name: 'What the user saw' })
}

/** The position readout ("event #seq · step k of n · m:ss.mmm"). */
export const position = () => screen.getByRole('status', { name: 'Position' }).textContent

export async function jumpTo(seq: number) {
  fireEvent.change(screen.getByLabelText('Jump to event'), { target: { value: String(seq) } })
  fireEvent.click(screen.getByRole('button', { name: 'Jump' }))
  await waitFor(() => expect(position()).toMatch(new RegExp(`^event #${seq} `)))
}

/** The kick box, or null. */
export const kickBox = () => screen.queryByRole('alertdialog')

export const stage = () => screen.getByRole('region', { name: 'What the user saw' })

export { within }
