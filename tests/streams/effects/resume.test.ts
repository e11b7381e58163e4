import { from, lastValueFrom, of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { resumeEffect, ROOM_KEY, roomMemoryEffect } from '@streams/effects/reload'
import { channelEffect } from '@streams/effects/entry'
import { initialState } from '@streams/projections'
import { RestFailure } from '@streams/ports/rest'
import type { Io } from '@streams/ports'
import { entry, inRoom, me } from '../fixtures'
import { runEffects } from './harness'

// A page reloaded in a room goes back in as the same member (resume), or is refused.

const stored = (io: Io<string | null>) => lastValueFrom(from(io))

describe('a page reloaded in a room', () => {
  it('goes back in as the same member: the resume answer is an entry, then the channel is joined', () => {
    const h = runEffects(
      initialState,
      [resumeEffect, channelEffect, roomMemoryEffect],
      (_h, at) => at(0, { type: 'ui/reloadedInRoom', roomId: 'r1' }),
      { rest: { resumeRoom: () => of(entry(me('200', { grantBoard: 1 }))) } },
    )
    expect(h.calls()).toEqual([
      ['rest.resumeRoom', 'r1'],
      ['messaging.login', '200', 'rtm-secret'],
      ['messaging.join', 'ch1'],
    ])
    expect(h.types()).toEqual([
      'ui/reloadedInRoom',
      'rest/roomEntered',
      'rtm/channelJoined',
      'life/entered',
    ])
    expect(h.store.getState().session.phase).toBe('inRoom')
    expect(h.store.getState().me?.grantBoard).toBe(1)
  })

  it('a refused resume (I was removed) is an entry failure, and the stored room is kept only while I am in', async () => {
    const refused = runEffects(
      initialState,
      [resumeEffect],
      (_h, at) => at(0, { type: 'ui/reloadedInRoom', roomId: 'r1' }),
      {
        rest: {
          resumeRoom: () =>
            throwError(
              () => new RestFailure('you are not in this room', 20004, 200, undefined, 'notInRoom'),
            ),
        },
      },
    )
    expect(refused.store.getState().session).toMatchObject({
      phase: 'idle',
      entryError: { message: 'you are not in this room', reason: 'notInRoom' },
    })
    const kept = runEffects(inRoom(), [roomMemoryEffect], (_h, at) => {
      at(0, { type: 'life/entered', roomId: 'r1', uid: '200' })
    })
    expect(await stored(kept.deps.storage.get(ROOM_KEY))).toBe('r1')
    const gone = runEffects(inRoom(), [roomMemoryEffect], (_h, at) => {
      at(0, { type: 'life/entered', roomId: 'r1', uid: '200' })
      at(10, { type: 'life/exited', reason: 'leave' })
    })
    expect(await stored(gone.deps.storage.get(ROOM_KEY))).toBe(null)
  })
})
