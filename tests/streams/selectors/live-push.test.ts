import { describe, expect, it } from 'vitest'
import type { Event } from '@streams/events'
import {
  MAX_TRANSCODING_USERS,
  selectIsLivePusher,
  selectLivePush,
} from '@streams/selectors/live-push'
import { composeLayout } from '@streams/wire/cdn-layout'
import { Cmd } from '@streams/wire/channel'
import type { LayoutName } from '@streams/wire/video'
import { asHost, byHost, fold, inRoom, member, msg } from '../fixtures'
import { living, published, setting, stream } from '../live-push-fixtures'

const layout = (
  name: LayoutName,
  largeUid = '',
  positions: { uid: string; type: 'inner' | 'right' }[] = [],
): Event => ({
  type: 'rest/layoutUpdated',
  layout: name,
  positions,
  largeUid,
})

describe('the live push of Agora mode (spec §7 CDN layout as transcoding users)', () => {
  it('[LIVE-1] only the first host pushes, in the media channel, while LIVING or PAUSE', () => {
    expect(selectIsLivePusher(living())).toBe(true)
    expect(
      selectIsLivePusher(fold(living(), msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 }))),
    ).toBe(true)
    expect(
      selectIsLivePusher(fold(living(), msg(Cmd.liveStateChanges, { ...byHost, liveState: 3 }))),
    ).toBe(false)
    expect(selectIsLivePusher(fold(living(), { type: 'rtc/left' }))).toBe(false)
    // A conferee never pushes; neither does a second host with a later uid.
    const conferee = fold(
      inRoom(),
      { type: 'rtc/joined', uid: '200' },
      { type: 'rest/liveSettingLoaded', setting: setting(1) },
    )
    expect(selectIsLivePusher(conferee)).toBe(false)
    const second = fold(
      asHost({ me: { uid: '150' }, members: [member('100', { role: 1 })] }),
      { type: 'rtc/joined', uid: '150' },
      { type: 'rest/liveSettingLoaded', setting: setting(1) },
    )
    expect(selectIsLivePusher(second)).toBe(false)
    expect(selectLivePush(second, setting(1))).toBeNull()
  })

  it('[LAYOUT-1] p_all_1: the host large (bottom), the others as the layout places them (on top); voices without a camera are heard', () => {
    const push = selectLivePush(living(), setting(1))!
    // Local mode's composition of the same scene, place for place.
    const slots = composeLayout({
      layout: 'p_all_1',
      people: ['100', '200'],
      large: '100',
      positions: {},
      share: null,
    })
    expect(push.tiles).toEqual(
      slots.map((slot, i) => ({ uid: slot.key, ...slot.rect, zOrder: i === 0 ? 1 : 2 })),
    )
    expect(push.tiles[0]).toEqual({ uid: '100', x: 0, y: 0, width: 960, height: 720, zOrder: 1 })
    expect(push.tiles[1]).toEqual({ uid: '200', x: 960, y: 0, width: 320, height: 180, zOrder: 2 })
    expect(push.voices).toEqual(['300'])
    // The room's own push first, then each language stream that has a push URL.
    expect(push.targets).toEqual([
      { streamId: '', url: 'rtmp://push/live/ch1', interpreterUid: '' },
      { streamId: 'en', url: 'rtmp://cdn/live/en-key', interpreterUid: '' },
    ])
    expect(push.heard).toEqual(['100', '200', '300'])
    expect(push.backgroundImage).toBe('')
  })

  it('[LAYOUT-1] a layout change, the large uid and inner positions move the users as the composition does', () => {
    const s = living(
      published('300', 'video'),
      layout('p_all_1', '200', [{ uid: '300', type: 'inner' }]),
    )
    const push = selectLivePush(s, setting(1))!
    expect(push.tiles.map((t) => t.uid)).toEqual(['200', '100', '300'])
    expect(push.tiles[0]).toMatchObject({ width: 960, height: 720, zOrder: 1 })
    expect(push.tiles[2]).toEqual({
      uid: '300',
      x: 960 - 272,
      y: 560,
      width: 256,
      height: 144,
      zOrder: 2,
    })
    const nine = selectLivePush(fold(s, layout('p_9_1', '200')), setting(1))!
    expect(nine.tiles.map((t) => [t.uid, t.x, t.y, t.width, t.height])).toEqual([
      ['200', 0, 0, 426, 240],
      ['100', 426, 0, 428, 240],
      ['300', 854, 0, 426, 240],
    ])
    expect(nine.voices).toEqual([])
  })

  it('[LAYOUT-1] a screen share takes the large place under its own media uid; a shared board leaves its place to the background', () => {
    const sharing = living(
      msg(Cmd.screenShare, { ...byHost, uid: '200', screenShare: 1 }),
      published('2001', 'video'),
    )
    const push = selectLivePush(sharing, setting(1))!
    expect(push.tiles[0]).toEqual({ uid: '2001', x: 0, y: 0, width: 960, height: 720, zOrder: 1 })
    expect(push.tiles.slice(1).map((t) => [t.uid, t.x, t.y])).toEqual([
      ['100', 960, 0],
      ['200', 960, 180],
    ])
    const board = fold(living(), { type: 'rest/shareBoardUpdated', value: 1 })
    const boardPush = selectLivePush(board, setting(1))!
    expect(boardPush.tiles.map((t) => [t.uid, t.x, t.y, t.width])).toEqual([
      ['100', 960, 0, 320],
      ['200', 960, 180, 320],
    ])
  })

  it('[LIVE-1] PAUSE: the background alone, nobody seen or heard, the pushes go on; a PNG background is behind everyone', () => {
    const paused = fold(living(), msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 }))
    const withImage = setting(2, {
      backgroundImages: [
        { imageId: 'a', url: '/api/files/local.png' },
        { imageId: 'b', url: 'https://img.example.com/bg.png' },
      ],
    })
    expect(selectLivePush(paused, withImage)).toEqual({
      tiles: [],
      voices: [],
      heard: [],
      interpreters: [],
      paused: true,
      backgroundImage: 'https://img.example.com/bg.png',
      images: [],
      targets: [
        { streamId: '', url: 'rtmp://push/live/ch1', interpreterUid: '' },
        { streamId: 'en', url: 'rtmp://cdn/live/en-key', interpreterUid: '' },
      ],
    })
  })

  it(`at most ${MAX_TRANSCODING_USERS} transcoding users: the places first, then the voices`, () => {
    const many = Array.from({ length: 30 }, (_, i) => member(String(400 + i)))
    const s = fold(
      asHost({ members: many }),
      { type: 'rtc/joined', uid: '100' },
      { type: 'rtc/localPublished', kind: 'video' },
      ...many.flatMap((m) => [published(m.uid, 'video'), published(m.uid, 'audio')]),
      layout('p_17_1'),
      { type: 'rest/liveSettingLoaded', setting: setting(1) },
    )
    const push = selectLivePush(s, setting(1))!
    expect(push.tiles).toHaveLength(17)
    expect(push.voices).toHaveLength(0)
    const fewer = selectLivePush(fold(s, layout('p_8_1')), setting(1))!
    expect(fewer.tiles).toHaveLength(8)
    expect(fewer.voices).toHaveLength(MAX_TRANSCODING_USERS - 8)
  })

  it('interpreters: the room’s sound leaves them out (placed, seen but not heard); each language with an interpreter carries its own sound', () => {
    // 300 interprets into en (a push URL), 200 into de (no push URL: still out of the room's sound).
    const interpreted = setting(1, {
      streamingUrls: [
        stream('en', 'rtmp://cdn/live/en-key'),
        stream('de', ''),
        stream('fr', 'rtmp://cdn/live/fr-key'),
      ].map((u) => ({ ...u, interpreterUid: { en: '300', de: '200' }[u.streamId] ?? '' })),
    })
    const s = fold(living(), { type: 'rest/liveSettingLoaded', setting: interpreted })
    const push = selectLivePush(s, interpreted)!
    expect(push.tiles.map((t) => t.uid)).toEqual(['100', '200'])
    expect(push.interpreters).toEqual(['300', '200'])
    expect(push.heard).toEqual(['100'])
    expect(push.voices).toEqual([])
    expect(push.targets).toEqual([
      { streamId: '', url: 'rtmp://push/live/ch1', interpreterUid: '' },
      { streamId: 'en', url: 'rtmp://cdn/live/en-key', interpreterUid: '300' },
      { streamId: 'fr', url: 'rtmp://cdn/live/fr-key', interpreterUid: '' },
    ])
    // The interpreter removed (a new live setting): back in the room's sound, en carries it too.
    const plain = setting(1)
    const after = selectLivePush(
      fold(s, { type: 'rest/liveSettingLoaded', setting: plain }),
      plain,
    )!
    expect(after.interpreters).toEqual([])
    expect(after.heard).toEqual(['100', '200', '300'])
    expect(after.voices).toEqual(['300'])
    expect(after.targets[1]).toEqual({
      streamId: 'en',
      url: 'rtmp://cdn/live/en-key',
      interpreterUid: '',
    })
    // Paused: nobody heard, the language still its own (silent) push.
    const paused = fold(s, msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 }))
    const still = selectLivePush(paused, interpreted)!
    expect([still.paused, still.heard, still.targets[1]!.interpreterUid]).toEqual([true, [], '300'])
  })
})
