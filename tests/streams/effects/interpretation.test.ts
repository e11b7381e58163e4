import { describe, expect, it } from 'vitest'
import { interpretationEffect } from '@streams/effects/interpretation'
import type { Event } from '@streams/events'
import type { LanguageStream } from '@streams/ports'
import { INTERPRETATION_ROOM_VOLUME, selectListening } from '@streams/selectors'
import { Role } from '@streams/wire/roles'
import { inRoom, languageStream, liveSetting } from '../fixtures'
import { runEffects } from './harness'

const language = (streamId: string, interpreterUid: string, pullUrl = '') =>
  languageStream({ streamId, interpreterUid, pullUrl })

const settingWith = (streamingUrls: LanguageStream[]): Event => ({
  type: 'rest/liveSettingLoaded',
  setting: liveSetting({ streamingUrls }),
})

const joined: Event = { type: 'rtc/joined', uid: '200' }
const chosen = (streamId: string): Event => ({ type: 'ui/interpretationChosen', streamId })

// I am 200 (a conferee); 300 interprets English, the host 100 French; German is a CDN's only.
const languages = [
  language('en', '300'),
  language('fr', '100'),
  language('de', '', 'https://cdn/de'),
]

describe('interpretation in the meeting', () => {
  it('on the original sound the interpreters are silent; on a language its interpreter plays over the room lowered', () => {
    const h = runEffects(inRoom(), [interpretationEffect], (_h, at) => {
      at(5, joined)
      at(10, settingWith(languages))
      at(20, chosen('en'))
      at(25, chosen('en'))
      at(30, chosen('fr'))
      at(40, chosen(''))
    })
    const low = INTERPRETATION_ROOM_VOLUME
    expect(h.calls('media')).toEqual([
      ['media.setRemoteVolumes', { room: 100, users: { '300': 0, '100': 0 } }],
      ['media.setRemoteVolumes', { room: low, users: { '300': 100, '100': 0 } }],
      ['media.setRemoteVolumes', { room: low, users: { '300': 0, '100': 100 } }],
      ['media.setRemoteVolumes', { room: 100, users: { '300': 0, '100': 0 } }],
    ])
    expect(low).toBe(20)
    expect(h.store.getState().live.interpretation).toBe('')
  })

  it('a language whose interpreter is gone (or is me) is the original sound; with no interpreter nothing is set', () => {
    const h = runEffects(inRoom(), [interpretationEffect], (_h, at) => {
      at(5, joined)
      at(10, settingWith(languages))
      at(20, chosen('en'))
      // The host takes English away from 300 and gives it to me.
      at(30, settingWith([language('en', '200'), language('fr', '100')]))
      at(40, settingWith([]))
    })
    expect(h.calls('media')).toEqual([
      ['media.setRemoteVolumes', { room: 100, users: { '300': 0, '100': 0 } }],
      ['media.setRemoteVolumes', { room: 20, users: { '300': 100, '100': 0 } }],
      // I interpret English now: I hear the room, the other interpreter silent.
      ['media.setRemoteVolumes', { room: 100, users: { '100': 0 } }],
      ['media.setRemoteVolumes', { room: 100, users: {} }],
    ])
    expect(selectListening(h.store.getState())).toBeNull()
    const none = runEffects(inRoom(), [interpretationEffect], (_h, at) => {
      at(5, joined)
      at(10, settingWith([language('de', '', 'https://cdn/de')]))
      at(20, chosen('de'))
    })
    expect(none.calls('media')).toEqual([])
  })

  it('an audience watching the live stream hears its player, not the meeting: nothing is set', () => {
    const h = runEffects(
      inRoom({ me: { role: Role.cdnAudience } }),
      [interpretationEffect],
      (_h, at) => {
        at(10, settingWith(languages))
        at(20, chosen('en'))
      },
    )
    expect(h.calls('media')).toEqual([])
  })
})
