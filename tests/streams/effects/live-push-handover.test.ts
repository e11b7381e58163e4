import { of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { LIVE_LAYOUT_SETTLE_MS, livePushEffect } from '@streams/effects/live-push'
import type { Event } from '@streams/events'
import type { LivePush } from '@streams/ports'
import { selectIsLivePusher } from '@streams/selectors/live-push'
import { Cmd } from '@streams/wire/channel'
import { byHost, fold, inRoom, member, msg } from '../fixtures'
import { setting } from '../live-push-fixtures'
import { runEffects, type Harness } from './harness'

/**
 * The live push runs in the first host's browser (the present host with the lowest uid: every
 * client picks the same one). Three hosts, 100, 200 and 300, and a conferee 400, all in the
 * media channel; 100 pushes until it leaves.
 */
const hosts = ['100', '200', '300']
const host = (uid: string) => member(uid, { role: 1 })
const left = (uid: string): Event =>
  msg(Cmd.memberChanged, { ...byHost, type: 'leave', member: host(uid) })
const live: Event = { type: 'rest/liveSettingLoaded', setting: setting(1) }

/** One host's client: what its effect tells its media adapter, and when. */
function client(me: string, script: (at: (ms: number, event: Event) => void) => void) {
  let harness: Harness | undefined
  const pushes: [number, LivePush | null][] = []
  runEffects(
    inRoom({
      me: { uid: me, role: 1 },
      members: [...hosts.filter((h) => h !== me).map(host), member('400')],
    }),
    [livePushEffect],
    (h, at) => {
      harness = h
      at(5, { type: 'rtc/joined', uid: me })
      at(100, live)
      script(at)
    },
    {
      mode: 'agora',
      until: 20_000,
      media: {
        pushLive: (push: unknown) => {
          pushes.push([harness!.deps.now(), push as LivePush | null])
          return of(undefined)
        },
      },
    },
  )
  return pushes
}

const urls = (push: LivePush | null) => push?.targets.map((t) => t.url) ?? null

describe('Agora mode: the live push moves to the next present host when the first host leaves', () => {
  it('[LIVE-1] 100 leaves: 200 (the lowest uid now) starts pushing the same URLs once settled; 300 never pushes', () => {
    const first = client('100', () => undefined)
    const second = client('200', (at) => at(3000, left('100')))
    const third = client('300', (at) => at(3000, left('100')))
    expect(first.map(([at, p]) => [at, urls(p)])).toEqual([
      [100 + LIVE_LAYOUT_SETTLE_MS, ['rtmp://push/live/ch1', 'rtmp://cdn/live/en-key']],
    ])
    // Before 100 left, 200 told its adapter nothing (not even a stop).
    expect(second.map(([at, p]) => [at, urls(p)])).toEqual([
      [3000 + LIVE_LAYOUT_SETTLE_MS, urls(first[0]![1])],
    ])
    expect(second[0]![1]!.tiles.map((t) => t.uid)).not.toContain('100')
    expect(third).toEqual([])
  })

  it('[LIVE-1] the take-over follows the roster: 200 then 300 when both leave; with no host present nobody pushes', () => {
    const third = client('300', (at) => {
      at(3000, left('100'))
      at(6000, left('200'))
    })
    expect(third.map(([at, p]) => [at, p ? 'push' : null])).toEqual([
      [6000 + LIVE_LAYOUT_SETTLE_MS, 'push'],
    ])
    // With no host present nobody is the pusher: a conferee never pushes.
    const conferee = fold(
      inRoom({ me: { uid: '400' }, members: hosts.map(host) }),
      { type: 'rtc/joined', uid: '400' },
      live,
      left('100'),
      left('200'),
      left('300'),
    )
    expect(selectIsLivePusher(conferee)).toBe(false)
  })
})
