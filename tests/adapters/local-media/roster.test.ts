import { describe, expect, it } from 'vitest'
import { Roster } from '../../../src/adapters/local-media/roster'

describe('Roster: what remote participants publish, as events', () => {
  it('a hello from someone new is a join, then one publish per kind it sends', () => {
    const roster = new Roster()
    expect(roster.upsert('u1', { audio: true, video: true })).toEqual([
      { type: 'rtc/userJoined', uid: 'u1' },
      { type: 'rtc/userPublished', uid: 'u1', kind: 'audio' },
      { type: 'rtc/userPublished', uid: 'u1', kind: 'video' },
    ])
    expect(roster.publisherCount()).toBe(1)
  })

  it('[TRACK-1] turning video off and on again is an unpublish then a publish', () => {
    const roster = new Roster()
    roster.upsert('u1', { audio: true, video: true })
    expect(roster.upsert('u1', { audio: true, video: false })).toEqual([
      { type: 'rtc/userUnpublished', uid: 'u1', kind: 'video' },
    ])
    expect(roster.upsert('u1', { audio: true, video: true })).toEqual([
      { type: 'rtc/userPublished', uid: 'u1', kind: 'video' },
    ])
    expect(roster.upsert('u1', { audio: true, video: true })).toEqual([])
  })

  it('[SCREEN-1] a screen share is a user of its own that publishes video, and leaves when it stops', () => {
    const roster = new Roster()
    roster.upsert('u1', { audio: false, video: false })
    expect(roster.upsert('u1', { audio: false, video: false, screen: 's1' })).toEqual([
      { type: 'rtc/userJoined', uid: 's1' },
      { type: 'rtc/userPublished', uid: 's1', kind: 'video' },
    ])
    expect(roster.resolve('s1')).toEqual({ owner: 'u1', source: 'screen' })
    expect(roster.resolve('u1')).toEqual({ owner: 'u1', source: 'camera' })
    expect(roster.upsert('u1', { audio: false, video: false })).toEqual([
      { type: 'rtc/userUnpublished', uid: 's1', kind: 'video' },
      { type: 'rtc/userLeft', uid: 's1', reason: 'Quit' },
    ])
    expect(roster.resolve('s1')).toBeUndefined()
  })

  it('[SCREEN-2] a sharer who leaves takes its screen share along', () => {
    const roster = new Roster()
    roster.upsert('u1', { audio: true, video: false, screen: 's1' })
    expect(roster.remove('u1', 'ServerTimeOut')).toEqual([
      { type: 'rtc/userUnpublished', uid: 's1', kind: 'video' },
      { type: 'rtc/userLeft', uid: 's1', reason: 'ServerTimeOut' },
      { type: 'rtc/userLeft', uid: 'u1', reason: 'ServerTimeOut' },
    ])
    expect(roster.remove('u1', 'Quit')).toEqual([])
    expect(roster.uids()).toEqual([])
  })

  it('counts only camera or microphone publishers toward the publisher limit', () => {
    const roster = new Roster()
    roster.upsert('a', { audio: true, video: false })
    roster.upsert('b', { audio: false, video: false, screen: 'sb' })
    roster.upsert('c', { audio: false, video: true })
    expect(roster.publisherCount()).toBe(2)
  })
})
