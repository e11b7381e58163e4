import { createStore } from '@streams/core/store'
import type { Event } from '@streams/events'
import { initialState, reduce, type State } from '@streams/projections'
import type { EntryAnswerData } from '@streams/wire/rest/room'
import type { Session } from '../../../src/web/session/session'

/** An entry answer for `role` in a small room (what the server answers at room login). */
export function entered(role: 1 | 2 | 3, muteAllAudio: 0 | 1 | 2 = 0): EntryAnswerData {
  return {
    me: {
      uid: 'u-me',
      userId: 'me',
      userName: 'Mei',
      userUuid: 'uu-me',
      userPhoto: '',
      role,
      enableAudio: role === 1 ? 1 : 0,
      enableVideo: role === 1 ? 1 : 0,
      enableChat: 1,
      grantBoard: 0,
      grantScreen: 0,
      screenId: 's-me',
      roomName: 'Room',
      roomUuid: 'room-uuid',
      appID: 'roomcast',
      rtmToken: 't',
      rtcToken: 't',
      screenToken: 't',
    },
    roomInfo: {
      roomId: 'r1',
      roomUuid: 'room-uuid',
      roomName: 'Room',
      roomType: 1,
      channelName: 'c1',
      state: 1,
      createUserId: 'me',
      createTime: 0,
      startTime: 0,
      muteAllChat: 0,
      muteAllAudio,
      shareBoard: 0,
      shareScreen: 0,
      createBoardUserId: '',
      mainScreenUid: '',
      layout: 'p_all_1',
      liveState: 0,
      playbackState: 0,
      recordingState: 0,
      audienceWatchType: 1,
    },
  }
}

/** A session with the core's real store and no effects: events fold, nothing is sent. */
export function quietSession(events: readonly Event[] = []) {
  const store = createStore<State, Event>({ initialState, reduce, now: () => 0 })
  const seen: Event[] = []
  const dispatch = (event: Event) => {
    seen.push(event)
    store.dispatch(event)
  }
  for (const event of events) store.dispatch(event)
  const session = { store, dispatch, recorder: undefined } as unknown as Session
  return { session, seen }
}
