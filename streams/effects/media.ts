import {
  catchError,
  concat,
  distinctUntilChanged,
  EMPTY,
  exhaustMap,
  filter,
  ignoreElements,
  map,
  merge,
  mergeMap,
  of,
  switchMap,
  withLatestFrom,
  type Observable,
} from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { isOnCdnWatch } from '../projections/derive'
import { selectDesiredPublish, selectMediaRole } from '../selectors/publish'
import { selectMyVideoProfile, selectScreenPreset } from '../selectors/video'
import { Cmd } from '../wire/channel'
import { LOW_STREAM, MIC_CONFIG, MuteAll } from '../wire/constants'
import type { MediaKind } from '../wire/media'
import { Role } from '../wire/roles'
import { actorOf, announce } from './announce'
import { ErrorText, messageOf, once, restCall } from './errors'

type RoomEffect = Effect<State, Event, Deps>
type Room = NonNullable<State['room']>

/**
 * Joining media once in the room, in my media role ([ROLE-4]) with the low stream of [TRACK-7].
 * An audience on CDN watch does not join (it watches the CDN stream).
 */
export const mediaJoinEffect: RoomEffect = (event$, state$, { media }) =>
  event$.pipe(
    ofType('life/entered'),
    withLatestFrom(state$),
    filter(([, s]) => s.me !== null && s.room !== null && !isOnCdnWatch(s)),
    switchMap(([, s]) => {
      const me = s.me as NonNullable<State['me']>
      return once(() =>
        media.join({
          appId: me.appID,
          channel: (s.room as Room).channelName,
          uid: me.uid,
          token: me.rtcToken,
          role: selectMediaRole(s),
          ...(me.screenId ? { screenUid: me.screenId } : {}),
          lowStream: LOW_STREAM,
        }),
      ).pipe(
        map((): Event => ({ type: 'rtc/joined', uid: me.uid })),
        catchError((error: unknown) =>
          of<Event>({ type: 'rtc/joinFailed', message: messageOf(error) }),
        ),
      )
    }),
  )

/** [ROLE-4] The media role follows my role and enabled flags. */
export const mediaRoleEffect: RoomEffect = (_event$, state$, { media }) =>
  state$.pipe(
    filter((s) => s.media.joined),
    map(selectMediaRole),
    distinctUntilChanged(),
    switchMap((role) =>
      once(() => media.setRole(role)).pipe(
        ignoreElements(),
        catchError(() => EMPTY),
      ),
    ),
  )

function publishing(deps: Deps, kind: MediaKind, on: boolean, s: State): Observable<Event> {
  if (!on)
    return once(() => deps.media.unpublish(kind)).pipe(
      map((): Event => ({ type: 'rtc/localUnpublished', kind })),
      catchError(() => of<Event>({ type: 'rtc/localUnpublished', kind })),
    )
  const device = s.devices.chosen[kind === 'audio' ? 'microphone' : 'camera'] || undefined
  const options =
    kind === 'audio'
      ? { deviceId: device, microphone: MIC_CONFIG }
      : { deviceId: device, profile: selectMyVideoProfile(s) ?? undefined }
  return once(() => deps.media.publish(kind, options)).pipe(
    map((): Event => ({ type: 'rtc/localPublished', kind })),
    // [TRACK-2] a mic or camera failure is swallowed: the use flag goes to 0 (reducer)
    catchError((error: unknown) =>
      of<Event>({ type: 'rtc/localTrackFailed', kind, message: messageOf(error) }),
    ),
  )
}

/**
 * [TRACK-1] Turning audio or video off unpublishes the matching track; on publishes a new one.
 * What is published follows [TRACK-6] (allowed, a publish type, a device) and [MUTE-3] (forced
 * mute turns a non-host's mic off).
 */
export const publishEffect: RoomEffect = (_event$, state$, deps) => {
  const kind = (k: MediaKind) =>
    state$.pipe(
      map((s) => selectDesiredPublish(s)[k]),
      distinctUntilChanged(),
      withLatestFrom(state$),
      filter(([on, s]) => on !== s.media.published[k]),
      switchMap(([on, s]) => publishing(deps, k, on, s)),
    )
  return merge(kind('audio'), kind('video'))
}

/** [MUTE-3] Under forced mute a non-host turns off remote audio (and back on when lifted). */
export const remoteAudioEffect: RoomEffect = (_event$, state$, { media }) =>
  state$.pipe(
    filter((s) => s.media.joined),
    map(
      (s) =>
        s.conference.muteAllAudio === MuteAll.forced && s.me !== null && s.me.role !== Role.host,
    ),
    distinctUntilChanged(),
    switchMap((muted) =>
      once(() => media.setRemoteAudioMuted(muted)).pipe(
        ignoreElements(),
        catchError(() => EMPTY),
      ),
    ),
  )

/** [LAYOUT-3] My camera's encoder profile follows my tile. */
export const videoProfileEffect: RoomEffect = (_event$, state$, { media }) =>
  state$.pipe(
    filter((s) => s.media.published.video),
    map(selectMyVideoProfile),
    distinctUntilChanged(
      (a, b) =>
        a === b ||
        (!!a &&
          !!b &&
          a.width === b.width &&
          a.height === b.height &&
          a.bitrate === b.bitrate &&
          a.frameRate === b.frameRate),
    ),
    switchMap((profile) =>
      profile
        ? once(() => media.setVideoProfile(profile)).pipe(
            ignoreElements(),
            catchError(() => EMPTY),
          )
        : EMPTY,
    ),
  )

/** My own audio or video toggled: the host may; a conferee may turn it off, and on once enabled. */
export const mediaToggleEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('ui/mediaToggled'),
    withLatestFrom(state$),
    filter(([, s]) => s.me !== null && s.room !== null),
    mergeMap(([e, s]): Observable<Event> => {
      const me = s.me as NonNullable<State['me']>
      const flag = e.kind === 'audio' ? 'enableAudio' : 'enableVideo'
      if (e.on && me.role !== Role.host)
        return of({ type: 'rule/refused', action: 'publishMedia', message: 'apply to speak' })
      const value = e.on ? 1 : 0
      return restCall(
        'updateUserMedia',
        () => deps.rest.updateUserMedia((s.room as Room).roomId, me.uid, flag, value),
        () => ({
          type: 'rest/userMediaUpdated',
          uid: me.uid,
          flag,
          value,
        }),
      ).pipe(
        mergeMap((out) =>
          out.type === 'rest/userMediaUpdated'
            ? concat(
                of(out),
                announce(deps, Cmd.userState, { ...actorOf(s), uid: me.uid, [flag]: value }),
              )
            : of(out),
        ),
      )
    }),
  )

/**
 * Screen share: on starts the share with the 720p_2 preset (or the chosen one, [SCREEN-4]) and
 * tells the room ([SCREEN-1]); off, or the host closing it (cmd 20), stops it. A REST failure is
 * 'update share permission failed' ([ERR-1]).
 */
export const screenShareEffect: RoomEffect = (event$, state$, deps) =>
  merge(
    event$.pipe(ofType('ui/screenShareToggled')),
    event$.pipe(
      ofType('msg/hostShareEnded'),
      withLatestFrom(state$),
      filter(([e, s]) => e.data.uid === s.me?.uid),
      map((): Event => ({ type: 'ui/screenShareToggled', on: false })),
    ),
    event$.pipe(
      ofType('rtc/trackEnded'),
      filter((e) => e.kind === 'screen'),
      map((): Event => ({ type: 'ui/screenShareToggled', on: false })),
    ),
  ).pipe(
    withLatestFrom(state$),
    filter(([, s]) => s.me !== null && s.room !== null),
    exhaustMap(([e, s]): Observable<Event> => {
      if (e.type !== 'ui/screenShareToggled') return EMPTY
      const me = s.me as NonNullable<State['me']>
      const room = s.room as Room
      const value = e.on ? 1 : 0
      const tell = restCall(
        'updateScreenShare',
        () => deps.rest.updateScreenShare(room.roomId, me.uid, value),
        () => ({ type: 'rest/screenShareUpdated', uid: me.uid, value }),
        ErrorText.sharePermission,
      ).pipe(
        mergeMap((out) =>
          out.type === 'rest/screenShareUpdated'
            ? concat(
                of(out),
                announce(deps, Cmd.screenShare, { ...actorOf(s), uid: me.uid, screenShare: value }),
              )
            : of(out),
        ),
      )
      if (!e.on)
        return concat(
          once(() => deps.media.stopScreenShare()).pipe(
            map((): Event => ({ type: 'rtc/localUnpublished', kind: 'screen' })),
            catchError(() => EMPTY),
          ),
          tell,
        )
      return once(() =>
        deps.media.startScreenShare(selectScreenPreset(e.preset), me.screenToken),
      ).pipe(
        mergeMap(() => concat(of<Event>({ type: 'rtc/localPublished', kind: 'screen' }), tell)),
        catchError((error: unknown) =>
          of<Event>({ type: 'rtc/localTrackFailed', kind: 'screen', message: messageOf(error) }),
        ),
      )
    }),
  )

/** AI noise reduction on or off. */
export const noiseEffect: RoomEffect = (event$, _state$, { media }) =>
  event$.pipe(
    ofType('ui/noiseReductionToggled'),
    switchMap((e) =>
      once(() => media.setNoiseReduction(e.on)).pipe(
        ignoreElements(),
        catchError(() => EMPTY),
      ),
    ),
  )
