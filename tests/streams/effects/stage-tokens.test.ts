import { throwError, timer } from 'rxjs'
import { map } from 'rxjs/operators'
import { describe, expect, it } from 'vitest'
import { stageTokenEffect } from '@streams/effects/stage-tokens'
import { initialState } from '@streams/projections'
import { RestFailure } from '@streams/ports/rest'
import { redact } from '@streams/recorder/redact'
import { asHost } from '../fixtures'
import { runEffects } from './harness'

const en = { stage: 'language', streamId: 'en' } as const
const board = { stage: 'board' } as const

describe('stage tokens: the media adapter asks, the server answers, the adapter is told (stageTokenEffect)', () => {
  it('each ask is answered with the server’s uid and token for that stage (asks for two stages overlap); no token becomes an event', () => {
    const h = runEffects(
      asHost(),
      [stageTokenEffect],
      (_, at) => {
        at(10, { type: 'rtc/stageTokenNeeded', stage: en })
        at(20, { type: 'rtc/stageTokenNeeded', stage: board })
      },
      {
        rest: {
          // The language's answer takes 50 ms, the board's 5: each is told as it comes.
          loadStageToken: (_roomId: unknown, stage: unknown) =>
            timer((stage as typeof en).stage === 'language' ? 50 : 5).pipe(
              map(() =>
                (stage as typeof en).stage === 'language'
                  ? { uid: '12345', token: 'tok-en' }
                  : { uid: '23456', token: 'tok-board' },
              ),
            ),
        },
      },
    )
    expect(h.calls()).toEqual([
      ['rest.loadStageToken', 'r1', en],
      ['rest.loadStageToken', 'r1', board],
      ['media.setStageToken', board, { uid: '23456', token: 'tok-board' }],
      ['media.setStageToken', en, { uid: '12345', token: 'tok-en' }],
    ])
    expect(h.types()).toEqual(['rtc/stageTokenNeeded', 'rtc/stageTokenNeeded'])
    expect(JSON.stringify(h.seen)).not.toContain('tok-')
    expect(redact({ token: 'tok-en' })).toEqual({ token: '[redacted]' })
  })

  it('a refusal answers null (the adapter fails what waited) and is a failed call; outside a room the answer is null at once', () => {
    const refused = runEffects(
      asHost(),
      [stageTokenEffect],
      (_, at) => at(10, { type: 'rtc/stageTokenNeeded', stage: en }),
      {
        rest: {
          loadStageToken: () =>
            throwError(() => new RestFailure('only a host publishes a stage', 2001, 403)),
        },
      },
    )
    expect(refused.calls('media')).toEqual([['media.setStageToken', en, null]])
    expect(refused.seen.at(-1)!.event).toMatchObject({
      type: 'rest/callFailed',
      call: 'loadStageToken',
      status: 403,
    })
    const away = runEffects(initialState, [stageTokenEffect], (_, at) =>
      at(10, { type: 'rtc/stageTokenNeeded', stage: en }),
    )
    expect(away.calls()).toEqual([['media.setStageToken', en, null]])
  })
})
