import { describe, expect, it } from 'vitest'
import { FeedRoster } from '../../../src/adapters/sfu-media/feeds'
import type { FeedInfo } from '@streams/wire/sfu'

const camera = (
  uid: string,
  feed: number,
  media: { audio?: boolean; video?: boolean },
): FeedInfo => ({
  feed,
  uid,
  tile: uid,
  source: 'camera',
  ...(media.audio ? { audio: '0' } : {}),
  ...(media.video ? { video: '1' } : {}),
  simulcast: media.video === true,
})
const screen = (uid: string, tile: string, feed: number): FeedInfo => ({
  feed,
  uid,
  tile,
  source: 'screen',
  video: '0',
  simulcast: false,
})

describe('the feeds of the room as rtc events', () => {
  it('a publisher joins, then publishes what its feed carries; my own feeds are left out', () => {
    const roster = new FeedRoster('me')
    expect(
      roster.update([
        camera('me', 1, { audio: true }),
        camera('ann', 2, { audio: true, video: true }),
      ]),
    ).toEqual([
      { type: 'rtc/userJoined', uid: 'ann' },
      { type: 'rtc/userPublished', uid: 'ann', kind: 'audio' },
      { type: 'rtc/userPublished', uid: 'ann', kind: 'video' },
    ])
    expect(roster.hasVideo('ann')).toBe(true)
    expect(roster.feedOf('me')).toBeUndefined()
  })

  it('[TRACK-1] a stream that stops is unpublished; a member who stops publishing stays', () => {
    const roster = new FeedRoster('me')
    roster.update([camera('ann', 2, { audio: true, video: true })])
    expect(roster.update([camera('ann', 2, { audio: true })])).toEqual([
      { type: 'rtc/userUnpublished', uid: 'ann', kind: 'video' },
    ])
    expect(roster.hasVideo('ann')).toBe(false)
    expect(roster.update([])).toEqual([{ type: 'rtc/userUnpublished', uid: 'ann', kind: 'audio' }])
  })

  it('[SCREEN-1] a screen share is a user of its own that leaves when the share stops', () => {
    const roster = new FeedRoster('me')
    expect(roster.update([screen('ann', 'ann-screen', 3)])).toEqual([
      { type: 'rtc/userJoined', uid: 'ann-screen' },
      { type: 'rtc/userPublished', uid: 'ann-screen', kind: 'video' },
    ])
    expect(roster.tileOfFeed(3)).toBe('ann-screen')
    expect(roster.update([])).toEqual([
      { type: 'rtc/userUnpublished', uid: 'ann-screen', kind: 'video' },
      { type: 'rtc/userLeft', uid: 'ann-screen', reason: 'Quit' },
    ])
  })

  it('the same list again means nothing', () => {
    const roster = new FeedRoster('me')
    const feeds = [camera('ann', 2, { audio: true, video: true })]
    roster.update(feeds)
    expect(roster.update(feeds)).toEqual([])
  })
})
