import { of } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { liveSettingEffect, liveStateEffect } from '@streams/effects/live'
import { Cmd } from '@streams/wire/channel'
import { Role } from '@streams/wire/roles'
import { asHost, byHost, inRoom, languageStream, liveSetting, msg } from '../fixtures'
import { runEffects } from './harness'

const setting = (liveState: 0 | 1 | 2 | 3, liveUrl: string) =>
  liveSetting({
    liveState,
    liveOpen: liveState === 1 || liveState === 2 ? 1 : 0,
    audienceWatchType: 2,
    liveUrl,
  })

describe('live broadcast', () => {
  it('[LIVE-1] [CMD-27] a host starts and ends the live; the answer carries our live URL', () => {
    const h = runEffects(
      asHost(),
      [liveStateEffect],
      (_h, at) => {
        at(10, { type: 'ui/liveStateChosen', liveState: 1 })
        at(20, { type: 'ui/liveStateChosen', liveState: 3 })
      },
      {
        rest: {
          setLiveState: (_uuid: unknown, state: unknown) =>
            of(setting(state as 1 | 3, state === 1 ? '/live/k/index.m3u8' : '')),
        },
      },
    )
    expect(h.calls('rest')).toEqual([
      ['rest.setLiveState', 'room-uuid-1', 1],
      ['rest.setLiveState', 'room-uuid-1', 3],
    ])
    expect(h.types()).toEqual([
      'ui/liveStateChosen',
      'rest/liveSettingLoaded',
      'ui/liveStateChosen',
      'rest/liveSettingLoaded',
    ])
    expect(h.store.getState().live).toMatchObject({ liveState: 3, liveUrl: '' })
  })

  it('[ROLE-2] a conferee cannot change the live state', () => {
    const h = runEffects(inRoom(), [liveStateEffect], (_h, at) =>
      at(10, { type: 'ui/liveStateChosen', liveState: 1 }),
    )
    expect(h.calls('rest')).toEqual([])
  })

  it('[ENTRY-3] [MSG-5] a CDN audience told the live started fetches the live URL and keeps it', () => {
    const states: (1 | 2)[] = [1, 2]
    const h = runEffects(
      inRoom({ me: { role: Role.cdnAudience } }),
      [liveSettingEffect],
      (_h, at) => {
        at(10, msg(Cmd.liveStateChanges, { ...byHost, liveState: 1 }))
        at(20, msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 }))
      },
      { rest: { loadLiveSetting: () => of(setting(states.shift() ?? 2, '/live/k/index.m3u8')) } },
    )
    expect(h.calls('rest')).toEqual([
      ['rest.loadLiveSetting', 'r1'],
      ['rest.loadLiveSetting', 'r1'],
    ])
    // [LIVE-1] PAUSE is applied from the message; the URL stays for the paused stream.
    expect(h.store.getState().live).toMatchObject({ liveState: 2, liveUrl: '/live/k/index.m3u8' })
  })

  it('[ENTRY-3] a language added while paused or before the live reaches the audience; an END fetches nothing', () => {
    const french = languageStream({
      streamId: 's-fr',
      languageType: 'fr',
      languageName: 'Français',
      pullUrl: 'https://cdn.example.com/fr.m3u8',
    })
    const answers = [
      { ...setting(2, '/live/k/index.m3u8'), streamingUrls: [french] },
      { ...setting(0, ''), streamingUrls: [french] },
    ]
    const h = runEffects(
      inRoom({ me: { role: Role.cdnAudience } }),
      [liveSettingEffect],
      (_h, at) => {
        // The server tells the state the room is in again after a language change.
        at(10, msg(Cmd.liveStateChanges, { ...byHost, liveState: 2 }))
        at(20, msg(Cmd.liveStateChanges, { ...byHost, liveState: 0 }))
        at(30, msg(Cmd.liveStateChanges, { ...byHost, liveState: 3 }))
      },
      { rest: { loadLiveSetting: () => of(answers.shift()!) } },
    )
    expect(h.calls('rest')).toEqual([
      ['rest.loadLiveSetting', 'r1'],
      ['rest.loadLiveSetting', 'r1'],
    ])
    expect(h.store.getState().live.liveUrls).toEqual([french])
  })
})
