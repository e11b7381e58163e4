import { describe, expect, it } from 'vitest'
import { createStore } from '@streams/core/store'
import type { Event } from '@streams/events'
import { reduce, type State } from '@streams/projections'
import {
  selectChatMessages,
  selectHosts,
  selectMembers,
  selectPublisherCount,
  selectRtmpUsers,
} from '@streams/selectors'
import { inRoom, member, msg } from '../fixtures'

const chatFrom = (uid: string, message: string): Event =>
  msg(1, { userId: `user-${uid}`, userName: `Name ${uid}`, message }, uid)

/** A live meeting's store and a replay's, as on /replay beside an open room. */
function twoStores() {
  const store = (initialState: State) => createStore({ initialState, reduce, now: () => 0 })
  const live = store(
    inRoom({ members: [member('100', { role: 1 }), member('300', { enableVideo: 1 })] }),
  )
  const replay = store(inRoom({ members: [member('100', { role: 1 }), member('1234')] }))
  live.dispatch(chatFrom('300', 'live line'))
  replay.dispatch(chatFrom('1234', 'replayed line'))
  return { live, replay }
}

describe('selector memoisation per store', () => {
  it('two stores on one page do not evict each other: each keeps its own memoised results', () => {
    const { live, replay } = twoStores()
    const selectors = [selectMembers, selectHosts, selectRtmpUsers, selectChatMessages] as const
    for (const select of selectors) {
      const liveFirst = select(live.getState())
      const replayFirst = select(replay.getState())
      expect(replayFirst).not.toBe(liveFirst)
      // Alternating between the stores (each render of either screen) returns the same objects.
      expect(select(live.getState())).toBe(liveFirst)
      expect(select(replay.getState())).toBe(replayFirst)
      expect(select(live.getState())).toBe(liveFirst)
    }
    expect(selectRtmpUsers(replay.getState()).map((m) => m.uid)).toEqual(['1234'])
    expect(selectRtmpUsers(live.getState())).toEqual([])
    expect(selectPublisherCount(live.getState())).toBe(2)
    expect(selectPublisherCount(replay.getState())).toBe(1)
  })

  it('a new state of one store keeps the results whose inputs did not change, while the other store is read in between', () => {
    const { live, replay } = twoStores()
    const members = selectMembers(live.getState())
    const chat = selectChatMessages(live.getState())
    selectMembers(replay.getState())
    selectChatMessages(replay.getState())
    live.dispatch(chatFrom('300', 'another line'))
    expect(selectMembers(live.getState())).toBe(members) // the members did not change
    const after = selectChatMessages(live.getState())
    expect(after).not.toBe(chat)
    expect(after.map((m) => m.text)).toEqual(['live line', 'another line'])
    expect(selectChatMessages(replay.getState()).map((m) => m.text)).toEqual(['replayed line'])
  })
})
