import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import { LiveState as Live, type LiveStateId } from '../wire/constants'
import { isMediaHost } from './derive'
import type { Slices } from './state'
import type { LiveState } from './state/live'
export type { LiveState } from './state/live'

export const initialLive: LiveState = {
  liveState: Live.READY,
  openLive: 0,
  played: false,
  pending: null,
  liveUrls: [],
  liveUrl: '',
  language: '',
  interpretation: '',
  playback: null,
  recordings: null,
  hotNum: 0,
  likeTotal: 0,
  usersAmount: 0,
  converterState: 0,
  converterMob: 0,
  recordingStartedAt: null,
}

/** A copy with some fields replaced (undefined is no change); an object literal, fast to fold. */
export function withLive(s: LiveState, p: Partial<LiveState>): LiveState {
  return {
    liveState: p.liveState === undefined ? s.liveState : p.liveState,
    openLive: p.openLive === undefined ? s.openLive : p.openLive,
    played: p.played === undefined ? s.played : p.played,
    pending: p.pending === undefined ? s.pending : p.pending,
    liveUrls: p.liveUrls === undefined ? s.liveUrls : p.liveUrls,
    liveUrl: p.liveUrl === undefined ? s.liveUrl : p.liveUrl,
    language: p.language === undefined ? s.language : p.language,
    interpretation: p.interpretation === undefined ? s.interpretation : p.interpretation,
    playback: p.playback === undefined ? s.playback : p.playback,
    recordings: p.recordings === undefined ? s.recordings : p.recordings,
    hotNum: p.hotNum === undefined ? s.hotNum : p.hotNum,
    likeTotal: p.likeTotal === undefined ? s.likeTotal : p.likeTotal,
    usersAmount: p.usersAmount === undefined ? s.usersAmount : p.usersAmount,
    converterState: p.converterState === undefined ? s.converterState : p.converterState,
    converterMob: p.converterMob === undefined ? s.converterMob : p.converterMob,
    recordingStartedAt:
      p.recordingStartedAt === undefined ? s.recordingStartedAt : p.recordingStartedAt,
  }
}

/**
 * [LIVE-1] only PAUSE (2) and END (3) are applied. [LIVE-3] an audience's first END waits 8000 ms
 * (the effect fires timer/liveStateDue); any other is applied at once.
 */
function liveState(l: LiveState, state: LiveStateId, { me }: Slices<'me'>): LiveState {
  if (state !== Live.PAUSE && state !== Live.END) return l
  const audience = me !== null && !isMediaHost(me)
  if (audience && state === Live.END && !l.played)
    return withLive(l, { played: true, pending: state })
  return withLive(l, { liveState: state, played: true, pending: null })
}

export const liveProjection = defineProjection<LiveState, Event, Slices<'me'>>(initialLive, {
  'rest/roomEntered': (l, e) =>
    withLive(l, { liveState: e.data.roomInfo.liveState as LiveStateId }),
  'rest/roomLoaded': (l, e) =>
    withLive(l, {
      liveState: e.room.liveState as LiveStateId,
      openLive: e.room.liveOpen,
      hotNum: e.room.hotNum,
      likeTotal: e.room.likeTotal,
    }),
  'msg/liveStateChanged': (l, e, reads) => liveState(l, e.data.liveState, reads),
  'timer/liveStateDue': (l, e) =>
    l.pending === null ? l : withLive(l, { liveState: e.liveState, pending: null }),
  // [OPEN-1] toggled; ignored when it equals the current value or comes from self
  'msg/liveTypeChanged': (l, e, { me }) =>
    e.data.openLive === l.openLive || (me !== null && e.data.userId === me.userId)
      ? l
      : withLive(l, { openLive: e.data.openLive }),
  // [LIKE-1] the like total and the hot number
  'msg/likeGiven': (l, e) => withLive(l, { likeTotal: e.data.likeTotal }),
  'rest/liked': (l, e) => withLive(l, { likeTotal: e.likeTotal }),
  'msg/usersAmountChanged': (l, { data }) =>
    withLive(l, {
      usersAmount: data.usersAmount ?? l.usersAmount,
      hotNum: data.hotNum ?? l.hotNum,
    }),
  'rest/usersAmountLoaded': (l, e) => withLive(l, { usersAmount: e.usersAmount }),
  'rest/hotNumLoaded': (l, e) => withLive(l, { hotNum: e.hotNum }),
  'rest/liveSettingLoaded': (l, e) =>
    withLive(l, {
      liveUrls: e.setting.streamingUrls,
      liveUrl: e.setting.liveUrl,
      openLive: e.setting.liveOpen,
      liveState: e.setting.liveState,
    }),
  'ui/liveLanguageChosen': (l, e) => withLive(l, { language: e.streamId }),
  'ui/interpretationChosen': (l, e) => withLive(l, { interpretation: e.streamId }),
  'rest/playbackLoaded': (l, e) => withLive(l, { playback: e.playback }),
  'rest/recordingsLoaded': (l, e) => withLive(l, { recordings: e.recordings }),
  'msg/converterStateChanged': (l, { data }) =>
    withLive(l, {
      converterState: data.converterState,
      converterMob: data.converterMob ?? l.converterMob,
    }),
  'rest/recordingStarted': (l, e) => withLive(l, { recordingStartedAt: e.startedAt }),
  'rest/recordingStopped': (l) => withLive(l, { recordingStartedAt: null }),
  'life/exited': () => initialLive,
})
