import { of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { BOARD_STAGE_RETRY_MS, boardStageEffect } from '@streams/effects/board-stage'
import { LIVE_LAYOUT_SETTLE_MS, livePushEffect } from '@streams/effects/live-push'
import type { Event } from '@streams/events'
import type { LivePush, Mode } from '@streams/ports'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, fold, member, msg } from '../fixtures'
import { setting } from '../live-push-fixtures'
import { fakeDeps, runEffects, testScheduler } from './harness'

const share = (on: 0 | 1): Event => ({ type: 'rest/shareBoardUpdated', value: on })
const stageAnswers = ['12345', '12345', '12345'].map((uid, i) => ({ uid, token: `stage-${i}` }))
const room = () => asHost({ members: [member('200'), member('300')] })
const joinedLive: Event[] = [
  { type: 'rtc/joined', uid: '100' },
  { type: 'rtc/localPublished', kind: 'video' },
  { type: 'rest/liveSettingLoaded', setting: setting(1) },
]

function run(mode: Mode, script: (at: (ms: number, event: Event) => void) => void) {
  let n = 0
  const pushes: [number, LivePush | null][] = []
  let now = () => 0
  const h = runEffects(
    room(),
    [boardStageEffect, livePushEffect],
    (hh, at) => {
      now = () => hh.deps.now()
      script(at)
    },
    {
      mode,
      until: 30_000,
      rest: { loadStageToken: () => of(stageAnswers[n++ % 3]) },
      media: {
        pushLive: (push: unknown) => {
          pushes.push([now(), push as LivePush | null])
          return of(undefined)
        },
      },
    },
  )
  return { h, pushes }
}

describe('the board stage (boardStageEffect): the shared board in the Agora picture', () => {
  it('[LAYOUT-1] sharing the board while I push: a stage token, the picture published, the board placed under its uid; unsharing stops it', () => {
    const { h, pushes } = run('agora', (at) => {
      joinedLive.forEach((e, i) => at(5 + i, e))
      at(1000, share(1))
      at(5000, share(0))
    })
    expect(h.calls('rest.loadStageToken')).toEqual([
      ['rest.loadStageToken', 'r1', { stage: 'board' }],
    ])
    expect(h.calls('media.publishBoardStage')).toEqual([
      ['media.publishBoardStage', { uid: '12345', token: 'stage-0' }],
      ['media.publishBoardStage', null],
    ])
    expect(h.timed().filter((t) => t.includes('boardStage'))).toEqual([
      '1000 rtc/boardStagePublished',
      '5000 rtc/boardStageStopped',
    ])
    // The token never enters an event (session logs are exported).
    expect(JSON.stringify(h.seen)).not.toContain('stage-0')
    expect(pushes.map(([at, p]) => [at, p?.tiles.map((t) => t.uid)])).toEqual([
      [7 + LIVE_LAYOUT_SETTLE_MS, ['100']],
      [1000 + LIVE_LAYOUT_SETTLE_MS, ['12345', '100']],
      [5000 + LIVE_LAYOUT_SETTLE_MS, ['100']],
    ])
  })

  it('[API-4] a token warning of the stage asks again and hands media the fresh token', () => {
    const { h } = run('agora', (at) => {
      joinedLive.forEach((e, i) => at(5 + i, e))
      at(1000, share(1))
      at(8000, { type: 'rtc/boardStageTokenWillExpire' })
      at(9000, { type: 'rtc/boardStageTokenExpired' })
    })
    expect(h.calls('media.publishBoardStage').map((c) => c[1])).toEqual([
      { uid: '12345', token: 'stage-0' },
      { uid: '12345', token: 'stage-1' },
      { uid: '12345', token: 'stage-2' },
    ])
  })

  it('[REC-2] while the room records (no live), the first host publishes the shared board', () => {
    const { h } = run('agora', (at) => {
      at(5, { type: 'rtc/joined', uid: '100' })
      at(1000, share(1))
      at(2000, msg(Cmd.recordingStateChange, { ...byHost, recordingState: 1 }))
      at(9000, msg(Cmd.recordingStateChange, { ...byHost, recordingState: 0 }))
    })
    expect(h.timed().filter((t) => t.includes('boardStage'))).toEqual([
      '2000 rtc/boardStagePublished',
      '9000 rtc/boardStageStopped',
    ])
  })

  it('local mode: nothing (its server composes the board itself)', () => {
    const { h } = run('local', (at) => {
      joinedLive.forEach((e, i) => at(5 + i, e))
      at(1000, share(1))
    })
    expect(h.calls('rest.loadStageToken')).toEqual([])
    expect(h.calls('media.publishBoardStage')).toEqual([])
  })

  it('failures as a marble: the token asked at 0, 2 s and 6 s, then rtc/boardStageFailed; a media refusal too', () => {
    const scheduler = testScheduler()
    const state = fold(room(), ...joinedLive, share(1))
    scheduler.run(({ cold, expectObservable }) => {
      const deps = fakeDeps(scheduler, {
        mode: 'agora',
        rest: { loadStageToken: () => throwError(() => new Error('request failed')) },
      })
      const event$ = cold<Event>('-')
      expectObservable(boardStageEffect(event$, of(state), deps)).toBe('6000ms f', {
        f: { type: 'rtc/boardStageFailed', message: 'request failed' },
      })
    })
    const second = testScheduler()
    second.run(({ cold, expectObservable }) => {
      const deps = fakeDeps(second, {
        mode: 'agora',
        media: { publishBoardStage: () => throwError(() => new Error('no board picture')) },
        rest: { loadStageToken: () => of(stageAnswers[0]) },
      })
      expectObservable(boardStageEffect(cold<Event>('-'), of(state), deps)).toBe('f', {
        f: { type: 'rtc/boardStageFailed', message: 'no board picture' },
      })
    })
  })

  it(`a failed stage is tried again ${BOARD_STAGE_RETRY_MS} ms after its failure, while still wanted`, () => {
    let attempt = 0
    const h = runEffects(
      room(),
      [boardStageEffect],
      (_h, at) => {
        joinedLive.forEach((e, i) => at(5 + i, e))
        at(1000, share(1))
      },
      {
        mode: 'agora',
        until: 20_000,
        rest: { loadStageToken: () => of(stageAnswers[0]) },
        media: {
          publishBoardStage: () =>
            ++attempt === 1 ? throwError(() => new Error('JOIN_FAILED')) : of(undefined),
        },
      },
    )
    expect(h.timed().filter((t) => t.includes('boardStage'))).toEqual([
      '1000 rtc/boardStageFailed',
      `${1000 + BOARD_STAGE_RETRY_MS} rtc/boardStagePublished`,
    ])
  })
})
