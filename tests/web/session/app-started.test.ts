// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'

/** The server's configuration says Agora, and answers a moment after the app starts. */
const config = vi.hoisted(() => {
  let answer: () => void = () => undefined
  const known = new Promise((resolve) => {
    answer = () => resolve({ mode: 'agora', appId: 'app', media: 'sfu' })
  })
  return { known, answer: () => answer() }
})
vi.mock('../../../src/web/app/api', async (original) => ({
  ...(await original<object>()),
  clientConfig: () => config.known,
}))
const { createSession } = await import('../../../src/web/session/session')

describe('the session log records the mode the server says', () => {
  it('app start records no guessed mode; the mode is recorded once the configuration says Agora', async () => {
    const session = createSession()
    const logged = () =>
      session.recorder
        .envelopes()
        .map((e) => e.event)
        .filter((e) => e.type === 'life/appStarted' || e.type === 'life/modeKnown')
    expect(logged()).toEqual([{ type: 'life/appStarted', mobile: false }])
    config.answer()
    await vi.waitFor(() => expect(logged()).toHaveLength(2), { timeout: 30_000 })
    expect(logged()[1]).toEqual({ type: 'life/modeKnown', mode: 'agora' })
    // The log as exported says so too.
    expect(session.recorder.toNdjson()).toContain('"mode":"agora"')
    expect(session.recorder.toNdjson()).not.toContain('"mode":"local"')
    session.store.stop()
  })
})
