import { NEVER, of, type Observable } from 'rxjs'
import { TestScheduler } from 'rxjs/testing'
import { describe, expect, it } from 'vitest'
import { channelEffect, entryEffect, exitEffect } from '../../../streams/effects/entry'
import type { Event } from '../../../streams/events'
import type { Deps, MessagingPort, RestPort } from '../../../streams/ports'
import { RestFailure } from '../../../streams/ports/rest'
import { initialState, type State } from '../../../streams/projections'
import type { EntryAnswerData } from '../../../streams/wire/rest/room'

const form = { roomName: 'Room', userName: 'Ann', roomType: 1, role: 1, password: 'pw' } as const
const answer = {
  me: { uid: '1', role: 1, rtmToken: 'tok' },
  roomInfo: { roomId: 'r', channelName: 'ch' },
} as unknown as EntryAnswerData

function deps(rest: Partial<RestPort>, messaging: Partial<MessagingPort> = {}): Deps {
  return {
    rest: rest as RestPort,
    messaging: { events$: NEVER, ...messaging } as MessagingPort,
    now: () => 0,
    scheduler: undefined as never,
    newId: () => 'id',
  }
}

const testScheduler = () =>
  new TestScheduler((actual, expected) => expect(actual).toEqual(expected))
const state$ = of(initialState) as Observable<State>

describe('entry effect', () => {
  it('[ENTRY-1] calls the entry endpoint with the trimmed form and reports the room entered', () => {
    const calls: unknown[] = []
    testScheduler().run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', {
        a: { type: 'ui/joinSubmitted', form: { ...form, roomName: ' Room ' } },
      })
      const rest = { enterRoom: (body: unknown) => (calls.push(body), cold('--r|', { r: answer })) }
      expectObservable(entryEffect(event$, state$, deps(rest))).toBe('--e', {
        e: { type: 'rest/roomEntered', data: answer },
      })
    })
    expect(calls).toEqual([{ ...form, roomName: 'Room' }])
  })

  it('[ENTRY-7] turns a refused entry into rest/roomEntryFailed with the server message and field', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', { a: { type: 'ui/joinSubmitted', form } })
      const failure = new RestFailure('wrong room password', 1002, 200, 'password', 'wrongPassword')
      const rest = { enterRoom: () => cold<EntryAnswerData>('-#', undefined, failure) }
      expectObservable(entryEffect(event$, state$, deps(rest))).toBe('-f', {
        f: {
          type: 'rest/roomEntryFailed',
          message: 'wrong room password',
          field: 'password',
          reason: 'wrongPassword',
        },
      })
    })
  })

  it('[HOME-2] does not call the server when the form is incomplete', () => {
    let called = false
    testScheduler().run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', {
        a: { type: 'ui/joinSubmitted', form: { ...form, password: '' } },
      })
      const rest = { enterRoom: () => ((called = true), cold<EntryAnswerData>('r', { r: answer })) }
      expectObservable(entryEffect(event$, state$, deps(rest))).toBe('')
    })
    expect(called).toBe(false)
  })
})

describe('channel effect', () => {
  it('[ENTRY-2] logs in, joins the channel, then loads the member list', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', { a: { type: 'rest/roomEntered', data: answer } })
      const messaging = {
        login: () => cold<void>('-l|', { l: undefined }),
        join: () => cold('-m|', { m: ['1', '2'] }),
      }
      const rest = {
        loadUsers: () => cold('-p|', { p: { list: [], total: 2, page: 1, size: 500 } }),
      }
      expectObservable(channelEffect(event$, state$, deps(rest, messaging))).toBe('--ju', {
        j: { type: 'rtm/channelJoined', channel: 'ch', members: ['1', '2'] },
        u: { type: 'rest/usersLoaded', users: [], total: 2 },
      })
    })
  })

  it("[ENTRY-9] a messaging login or join failure raises 'Failed to join messaging'", () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', { a: { type: 'rest/roomEntered', data: answer } })
      const messaging = { login: () => cold<void>('--#', undefined, new Error('unauthorized')) }
      expectObservable(channelEffect(event$, state$, deps({}, messaging))).toBe('--f', {
        f: { type: 'rtm/joinFailed', message: 'Failed to join messaging' },
      })
    })
  })
})

describe('exit effect', () => {
  it('[EXIT-3] leaves the room even when the messaging layer fails on the way out', () => {
    testScheduler().run(({ cold, expectObservable }) => {
      const event$ = cold<Event>('a', { a: { type: 'ui/leaveClicked' } })
      const entered = { ...initialState, room: answer.roomInfo, me: answer.me } as State
      const rest = { exitRoom: () => cold<void>('-x|', { x: undefined }) }
      const messaging = {
        leave: () => cold<void>('#', undefined, new Error('gone')),
        logout: () => cold<void>('-|'),
      }
      expectObservable(exitEffect(event$, of(entered), deps(rest, messaging))).toBe('---e', {
        e: { type: 'rest/roomExited' },
      })
    })
  })
})
