import type { Event } from '@streams/events'
import type { LanguageStream, LiveSetting } from '@streams/ports'
import type { State } from '@streams/projections'
import { asHost, fold, languageStream, liveSetting, member } from './fixtures'

/** Test data of Agora mode's live push: language streams, live settings, a live host's state. */

export const stream = (streamId: string, pushUrl: string): LanguageStream =>
  languageStream({ streamId, languageType: streamId, languageName: streamId, pushUrl })

export const setting = (liveState: 0 | 1 | 2 | 3, over: Partial<LiveSetting> = {}): LiveSetting =>
  liveSetting({
    liveState,
    liveOpen: liveState === 1 || liveState === 2 ? 1 : 0,
    streamingUrls: [stream('en', 'rtmp://cdn/live/en-key'), stream('de', '')],
    liveUrl: liveState === 1 || liveState === 2 ? 'https://pull/ch1.m3u8' : '',
    pushUrl: 'rtmp://push/live/ch1',
    ...over,
  })

export const published = (uid: string, kind: 'audio' | 'video'): Event => ({
  type: 'rtc/userPublished',
  uid,
  kind,
})

/** I am the host 100, in the media channel with my camera and mic; 200 and 300 publish too. */
export function living(...more: Event[]): State {
  return fold(
    asHost({ members: [member('200', { screenId: '2001' }), member('300')] }),
    { type: 'rtc/joined', uid: '100' },
    { type: 'rtc/localPublished', kind: 'video' },
    { type: 'rtc/localPublished', kind: 'audio' },
    published('200', 'video'),
    published('200', 'audio'),
    published('300', 'audio'),
    { type: 'rest/liveSettingLoaded', setting: setting(1) },
    ...more,
  )
}
