import { describe, expect, it, vi } from 'vitest'
import { createStore } from '@streams/core/store'
import {
  endMeetingEffect,
  kickEffect,
  muteAllEffect,
  setHostEffect,
} from '@streams/effects/moderation'
import type { Event } from '@streams/events'
import type { Deps } from '@streams/ports'
import { reduce, type State } from '@streams/projections'
import { Cmd } from '@streams/wire/channel'
import { followMode } from '../../../src/web/session/mode'
import { fakeDeps, testScheduler } from '../../streams/effects/harness'
import { asHost } from '../../streams/fixtures'
import { fakeAgoraRtm } from '../../adapters/agora-rtm/fake-rtm'

/** The Agora RTM SDK, faked: a client whose channel records what it was asked to send. */
const rtm = vi.hoisted(() => ({ current: undefined as unknown }))
vi.mock('agora-rtm-sdk', () => ({
  get default() {
    return rtm.current
  },
}))
const { AgoraMessaging } = await import('../../../src/adapters/agora-rtm/agora-messaging')

/** The session's deps as session.ts builds them: `mode` follows the server's configuration. */
async function hostSession(serverMode: 'local' | 'agora') {
  const sdk = fakeAgoraRtm({ members: ['100', '200'] })
  rtm.current = sdk
  const mode = followMode(async () => ({ mode: serverMode }))
  await mode.known
  const messaging = new AgoraMessaging('app-id')
  await messaging.login('100', 'rtm-token')
  await messaging.join('room-ch')
  const deps = Object.defineProperties(
    { ...fakeDeps(testScheduler()), messaging },
    { mode: { get: () => mode.current } },
  ) as Deps
  const store = createStore<State, Event, Deps>({
    initialState: asHost(),
    reduce,
    now: () => 1,
    effects: [muteAllEffect, kickEffect, setHostEffect, endMeetingEffect],
    deps,
  })
  const sent = sdk.clients[0]?.channels[0]?.sent ?? []
  return { store, deps, sent }
}

const settle = () => new Promise((r) => setTimeout(r, 10))

describe('the session follows the server’s mode', () => {
  it('[HOST-6] in Agora mode the host client announces mute all, kick, host change and meeting end', async () => {
    const { store, deps, sent } = await hostSession('agora')
    expect(deps.mode).toBe('agora')
    store.dispatch({ type: 'ui/muteAllClicked' })
    store.dispatch({ type: 'ui/kickClicked', uid: '200' })
    store.dispatch({ type: 'ui/setHostClicked', uid: '300' })
    await settle()
    store.dispatch({ type: 'ui/endMeetingClicked' })
    await settle()
    const cmds = sent.map((text) => (JSON.parse(text) as { cmd: number }).cmd)
    expect(cmds.slice(0, 3)).toEqual([Cmd.roomInfo, Cmd.kickOut, Cmd.hostChanged])
    store.stop()
  })

  it('[HOST-6] in local mode the same clicks send nothing on the channel (the server announces)', async () => {
    const { store, deps, sent } = await hostSession('local')
    expect(deps.mode).toBe('local')
    store.dispatch({ type: 'ui/muteAllClicked' })
    store.dispatch({ type: 'ui/kickClicked', uid: '200' })
    await settle()
    expect(sent).toEqual([])
    store.stop()
  })

  it('a configuration that cannot be read leaves the mode local', async () => {
    const mode = followMode(() => Promise.reject(new Error('offline')))
    expect(await mode.known).toBe('local')
    expect(mode.current).toBe('local')
  })
})
