import { of, throwError } from 'rxjs'
import { describe, expect, it } from 'vitest'
import {
  LIVE_LAYOUT_SETTLE_MS,
  LIVE_PUSH_RETRY_MS,
  livePushEffect,
  livePushReportEffect,
} from '@streams/effects/live-push'
import type { Event } from '@streams/events'
import type { LivePush, Mode } from '@streams/ports'
import { RestFailure } from '@streams/ports/rest'
import { Cmd } from '@streams/wire/channel'
import { asHost, byHost, inRoom, member, msg } from '../fixtures'
import { setting } from '../live-push-fixtures'
import { runEffects, type Harness } from './harness'

const joined: Event[] = [
  { type: 'rtc/joined', uid: '100' },
  { type: 'rtc/localPublished', kind: 'video' },
]
const live = (liveState: 0 | 1 | 2 | 3): Event => ({
  type: 'rest/liveSettingLoaded',
  setting: setting(liveState),
})

/** Runs the push effects; answers each media.pushLive with `answer`, noting when it was called. */
function run(
  mode: Mode,
  script: (at: (ms: number, event: Event) => void) => void,
  options: { until?: number; rest?: Record<string, (...args: unknown[]) => unknown> } = {},
) {
  let harness: Harness | undefined
  const pushes: [number, LivePush | null][] = []
  const h = runEffects(
    asHost({ members: [member('200'), member('300')] }),
    [livePushEffect, livePushReportEffect],
    (hh, at) => {
      harness = hh
      script(at)
    },
    {
      mode,
      until: options.until ?? 20_000,
      rest: options.rest,
      media: {
        pushLive: (push: unknown) => {
          pushes.push([harness!.deps.now(), push as LivePush | null])
          return of(undefined)
        },
      },
    },
  )
  return { h, pushes }
}

describe('Agora mode: the host client pushes the live (livePushEffect)', () => {
  it('[LIVE-1] LIVING pushes once the layout settled; a layout change sets it again; the same layout is not told twice; END stops', () => {
    const { pushes } = run('agora', (at) => {
      joined.forEach((e, i) => at(5 + i, e))
      at(100, live(1))
      at(2000, { type: 'rtc/userPublished', uid: '200', kind: 'video' })
      at(2100, { type: 'rtc/userPublished', uid: '200', kind: 'audio' })
      at(3000, { type: 'rtc/userPublished', uid: '300', kind: 'audio' })
      at(3200, { type: 'rtc/userPublished', uid: '300', kind: 'video' })
      // 300's camera off and on again within the settling time: no change, no call.
      at(4000, { type: 'rtc/userUnpublished', uid: '300', kind: 'video' })
      at(4100, { type: 'rtc/userPublished', uid: '300', kind: 'video' })
      at(6000, msg(Cmd.liveStateChanges, { ...byHost, liveState: 3 }))
    })
    expect(pushes.map(([at, p]) => [at, p?.tiles.map((t) => t.uid) ?? null])).toEqual([
      [100 + LIVE_LAYOUT_SETTLE_MS, ['100']],
      // 200's camera, then its microphone within the settling time (now heard): one call.
      [2100 + LIVE_LAYOUT_SETTLE_MS, ['100', '200']],
      // 300's microphone, then camera within the settling time: one call, 300 placed.
      [3200 + LIVE_LAYOUT_SETTLE_MS, ['100', '200', '300']],
      [6000 + LIVE_LAYOUT_SETTLE_MS, null],
    ])
    expect(pushes[0]![1]!.targets.map((t) => t.streamId)).toEqual(['', 'en'])
  })

  it('[LAYOUT-1] with the server’s pictures, a camera turned off (still heard) is pushed again: same places, a name card for the label', () => {
    const cards = 'https://meet.example.com/media/cards'
    const { pushes } = run('agora', (at) => {
      joined.forEach((e, i) => at(5 + i, e))
      at(100, { type: 'rest/liveSettingLoaded', setting: setting(1, { cardsUrl: cards }) })
      at(2000, { type: 'rtc/userPublished', uid: '200', kind: 'video' })
      at(2000, { type: 'rtc/userPublished', uid: '200', kind: 'audio' })
      at(4000, { type: 'rtc/userUnpublished', uid: '200', kind: 'video' })
    })
    expect(
      pushes.map(([at, p]) => [
        at,
        p?.tiles.map((t) => t.uid),
        p?.images.map((i) => i.url.slice(cards.length).split('/')[1]),
      ]),
    ).toEqual([
      [100 + LIVE_LAYOUT_SETTLE_MS, ['100'], ['label']],
      [2000 + LIVE_LAYOUT_SETTLE_MS, ['100', '200'], ['label', 'label']],
      [4000 + LIVE_LAYOUT_SETTLE_MS, ['100', '200'], ['label', 'card']],
    ])
  })

  it('a new interpreter (a live setting loaded again) tells the adapter at once after the settling: that push now carries its language’s sound', () => {
    const interpreted = setting(1, {
      streamingUrls: setting(1).streamingUrls.map((u) =>
        u.streamId === 'en' ? { ...u, interpreterUid: '300' } : u,
      ),
    })
    const { pushes } = run('agora', (at) => {
      joined.forEach((e, i) => at(5 + i, e))
      at(100, live(1))
      at(2000, { type: 'rest/liveSettingLoaded', setting: interpreted })
      at(4000, { type: 'rest/liveSettingLoaded', setting: interpreted })
    })
    expect(
      pushes.map(([at, p]) => [at, p!.targets.map((t) => `${t.streamId}:${t.interpreterUid}`)]),
    ).toEqual([
      [100 + LIVE_LAYOUT_SETTLE_MS, [':', 'en:']],
      [2000 + LIVE_LAYOUT_SETTLE_MS, [':', 'en:300']],
    ])
    expect(pushes[1]![1]!.interpreters).toEqual(['300'])
  })

  it('[LIVE-1] PAUSE keeps the pushes with nobody in the picture; a failed push is tried again after the retry time and reported to the server', () => {
    const { h, pushes } = run('agora', (at) => {
      joined.forEach((e, i) => at(5 + i, e))
      at(100, live(1))
      at(1000, { type: 'rtc/livePushChanged', streamId: 'en', state: 'starting' })
      at(1100, {
        type: 'rtc/livePushChanged',
        streamId: 'en',
        state: 'retrying',
        reason: 'LIVE_STREAMING_CDN_ERROR: refused',
      })
      at(3000, msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 }))
      at(9000, { type: 'rtc/livePushChanged', streamId: '', state: 'ended' })
    })
    // Live at 600 with the host; paused at 3500 (settled) with nobody; the failure of 1100 is
    // tried again at 6100 with what is pushed then; an ended push is not retried.
    expect(pushes.map(([at, p]) => [at, p?.tiles.length])).toEqual([
      [100 + LIVE_LAYOUT_SETTLE_MS, 1],
      [3000 + LIVE_LAYOUT_SETTLE_MS, 0],
      [1100 + LIVE_PUSH_RETRY_MS, 0],
    ])
    expect(h.calls('rest.reportLivePush')).toEqual([
      ['rest.reportLivePush', 'r1', { streamId: 'en', state: 'starting' }],
      [
        'rest.reportLivePush',
        'r1',
        { streamId: 'en', state: 'retrying', reason: 'LIVE_STREAMING_CDN_ERROR: refused' },
      ],
    ])
  })

  it('a refused report is a failed call (no toast); a throwing adapter is an exception, the effect lives on', () => {
    let calls = 0
    const { h } = run(
      'agora',
      (at) => {
        at(10, { type: 'rtc/livePushChanged', streamId: 'en', state: 'running' })
      },
      {
        rest: {
          reportLivePush: () => {
            calls++
            return throwError(() => new RestFailure('not live', 1501, 200, undefined, 'notLive'))
          },
        },
      },
    )
    expect(calls).toBe(1)
    expect(h.seen.map((s) => s.event)).toContainEqual({
      type: 'rest/callFailed',
      call: 'reportLivePush',
      message: 'not live',
      code: 1501,
      status: 200,
    })
    expect(h.store.getState().ui.toasts).toEqual([])
  })

  it('[HOST-1] [LIVE-1] a host hand-over moves the push: the old host stops, the new host (the first host now) pushes', () => {
    const handOver = msg(Cmd.hostChanged, { ...byHost, oldHostUid: '100', newHostUid: '200' })
    const old = run('agora', (at) => {
      joined.forEach((e, i) => at(5 + i, e))
      at(100, live(1))
      at(2000, handOver)
    })
    expect(old.pushes.map(([at, p]) => [at, p === null ? null : 'push'])).toEqual([
      [100 + LIVE_LAYOUT_SETTLE_MS, 'push'],
      [2000 + LIVE_LAYOUT_SETTLE_MS, null],
    ])
    // The conferee 200 becomes the host: from then on its client pushes.
    let harness: Harness | undefined
    const pushed: number[] = []
    runEffects(
      inRoom(),
      [livePushEffect],
      (h, at) => {
        harness = h
        at(5, { type: 'rtc/joined', uid: '200' })
        at(100, live(1))
        at(2000, handOver)
      },
      {
        mode: 'agora',
        media: {
          pushLive: (push: unknown) => {
            if (push) pushed.push(harness!.deps.now())
            return of(undefined)
          },
        },
      },
    )
    expect(pushed).toEqual([2000 + LIVE_LAYOUT_SETTLE_MS])
  })

  it('[LIVE-1] local mode: no push, no Agora call, whatever the live state (this server pushes)', () => {
    const { h, pushes } = run('local', (at) => {
      joined.forEach((e, i) => at(5 + i, e))
      at(100, live(1))
      at(2000, { type: 'rtc/userPublished', uid: '200', kind: 'video' })
      at(3000, msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 }))
    })
    expect(pushes).toEqual([])
    expect(h.calls('media')).toEqual([])
  })
})
