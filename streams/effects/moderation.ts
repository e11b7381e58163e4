import {
  concat,
  concatMap,
  EMPTY,
  exhaustMap,
  filter,
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
import { memberOf } from '../projections/derive'
import { selectCan } from '../selectors/permissions'
import { Cmd } from '../wire/channel'
import { ControlCode } from '../wire/control'
import { ExitReason, MuteAll, ROOM_STATE_NON_MEETING, type MuteAllId } from '../wire/constants'
import { PeerCmd, PeerRole, RequestType } from '../wire/peer'
import { Role, RoomType } from '../wire/roles'
import { actorOf, announce, sendPeer } from './announce'
import { roomLoaded } from './entry'
import { ErrorText, restCall } from './errors'
import { hostIntent } from './host-intent'

type RoomEffect = Effect<State, Event, Deps>
type Room = NonNullable<State['room']>

/** [MUTE-5] The mute-all command toggles muteAllAudio (to 1, or 2 when chosen, and back to 0). */
export const muteAllEffect: RoomEffect = (event$, state$, deps) =>
  hostIntent(event$, state$, 'ui/muteAllClicked', 'muteAll').pipe(
    exhaustMap(([e, s]) => {
      const next: MuteAllId =
        s.conference.muteAllAudio === MuteAll.off ? (e.mode ?? MuteAll.forced) : MuteAll.off
      return restCall(
        'muteAll',
        () => deps.rest.muteAll(s.room.roomId, next),
        () => ({
          type: 'rest/muteAllUpdated',
          muteAllAudio: next,
        }),
      ).pipe(
        concatMap((out) =>
          out.type === 'rest/muteAllUpdated'
            ? concat(of(out), announce(deps, Cmd.roomInfo, { ...actorOf(s), muteAllAudio: next }))
            : of(out),
        ),
      )
    }),
  )

/**
 * [END-3] Ending a meeting sets state 0 and sends the changed room state; [END-4] a non-meeting
 * room type (a lecture hall) also updates its room state to '2'. A host whose countdown reached
 * 0 ends the meeting the same way ([COUNT-2]).
 */
export const endMeetingEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    filter(
      (e) =>
        e.type === 'ui/endMeetingClicked' || (e.type === 'life/ended' && e.reason === 'countdown'),
    ),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && selectCan(s, 'endMeeting')),
    exhaustMap(([e, s]) => {
      const room = s.room as Room
      const typed =
        room.roomType === RoomType.lectureHall
          ? restCall(
              'updateRoomStateOfType',
              () => deps.rest.updateRoomStateOfType(room.roomUuid, ROOM_STATE_NON_MEETING),
              () => ({
                type: 'rest/roomStateUpdated',
                state: Number(ROOM_STATE_NON_MEETING),
              }),
            )
          : EMPTY
      const end = restCall(
        'updateRoomState',
        () => deps.rest.updateRoomState(room.roomId, 0),
        () => ({
          type: 'rest/roomStateUpdated',
          state: 0,
        }),
      ).pipe(
        concatMap((out) =>
          out.type === 'rest/roomStateUpdated'
            ? concat(
                of(out),
                announce(deps, Cmd.roomInfo, { ...actorOf(s), state: 0 }),
                e.type === 'ui/endMeetingClicked'
                  ? of<Event>({ type: 'life/ended', reason: 'roomState', live: false })
                  : EMPTY,
              )
            : of(out),
        ),
      )
      return concat(typed, end)
    }),
  )

/** [KICK-1] The host calls exit with reason kickUserBy, then sends kickOut. */
export const kickEffect: RoomEffect = (event$, state$, deps) =>
  hostIntent(event$, state$, 'ui/kickClicked', 'kick').pipe(
    filter(([e, s]) => e.uid !== s.me.uid && memberOf(s, e.uid) !== undefined),
    mergeMap(([e, s]) => {
      const member = memberOf(s, e.uid)
      return restCall(
        'exitRoom',
        () =>
          deps.rest.exitRoom(
            s.room.roomId,
            e.uid,
            member?.role ?? Role.conferee,
            ExitReason.kickUserBy,
          ),
        () => ({ type: 'rest/userKicked', uid: e.uid }),
      ).pipe(
        concatMap((out) =>
          out.type === 'rest/userKicked'
            ? concat(
                of(out),
                announce(deps, Cmd.kickOut, { ...actorOf(s), uid: e.uid, reason: 'kickUserBy' }),
              )
            : of(out),
        ),
      )
    }),
  )

/**
 * [HOST-1] Making a user host: the old host (me) becomes 2, the chosen audience 1, then
 * hostChanged is sent; [HOST-5] the user must be in the audience list ('no matching audience').
 */
export const setHostEffect: RoomEffect = (event$, state$, deps) =>
  hostIntent(event$, state$, 'ui/setHostClicked', 'setHost').pipe(
    exhaustMap(([e, s]): Observable<Event> => {
      if (!s.users.audiences.has(e.uid))
        return of({ type: 'rule/refused', action: 'setHost', message: ErrorText.noAudience })
      const oldHostUid = s.me.uid
      return restCall(
        'setHost',
        () =>
          deps.rest.setHost(s.room.roomId, [
            { uid: oldHostUid, role: Role.conferee },
            { uid: e.uid, role: Role.host },
          ]),
        () => ({ type: 'rest/hostSet', oldHostUid, newHostUid: e.uid }),
      ).pipe(
        concatMap((out) =>
          out.type === 'rest/hostSet'
            ? concat(
                of(out),
                announce(deps, Cmd.hostChanged, { ...actorOf(s), oldHostUid, newHostUid: e.uid }),
              )
            : of(out),
        ),
      )
    }),
  )

/** [HOST-2] Receivers of hostChanged refetch the room. */
export const hostChangedEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('msg/hostChanged'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && s.me !== null),
    switchMap(([, s]) =>
      restCall(
        'loadRoom',
        () => rest.loadRoom((s.room as Room).roomId, s.me?.uid),
        roomLoaded,
        ErrorText.lookup,
      ),
    ),
  )

const FLAG = { audio: 'enableAudio', video: 'enableVideo', chat: 'enableChat' } as const
const CODE = {
  audio: [ControlCode.muteAudio, ControlCode.unmuteAudio],
  video: [ControlCode.muteVideo, ControlCode.unmuteVideo],
  chat: [ControlCode.chat, ControlCode.chat],
} as const
const TYPE = { audio: RequestType.audio, video: RequestType.video, chat: RequestType.chat } as const

/** The host turns a member's audio, video or chat on or off; the member is told (cmd 4). */
export const userMediaEffect: RoomEffect = (event$, state$, deps) =>
  hostIntent(event$, state$, 'ui/userMediaToggled', 'grantMedia').pipe(
    filter(([e, s]) => memberOf(s, e.uid) !== undefined),
    mergeMap(([e, s]) => {
      const flag = FLAG[e.kind]
      const value = e.on ? 1 : 0
      const code = CODE[e.kind][value]
      return restCall(
        'updateUserMedia',
        () => deps.rest.updateUserMedia(s.room.roomId, e.uid, flag, value),
        () => ({
          type: 'rest/userMediaUpdated',
          uid: e.uid,
          flag,
          value,
        }),
      ).pipe(
        concatMap((out) =>
          out.type === 'rest/userMediaUpdated'
            ? concat(
                of(out),
                announce(deps, Cmd.userState, { ...actorOf(s), uid: e.uid, [flag]: value, code }),
                e.uid === s.me.uid
                  ? EMPTY
                  : sendPeer(deps, e.uid, PeerCmd.userState, {
                      ...actorOf(s),
                      uid: s.me.uid,
                      type: TYPE[e.kind],
                      role: PeerRole.notice,
                      value,
                      code,
                    }),
              )
            : of(out),
        ),
      )
    }),
  )

/** The host closes a member's screen share (close-share-screen, cmd 20). */
export const closeShareEffect: RoomEffect = (event$, state$, deps) =>
  hostIntent(event$, state$, 'ui/closeShareClicked', 'closeShareScreen').pipe(
    mergeMap(([e, s]) =>
      restCall(
        'updateScreenShare',
        () => deps.rest.updateScreenShare(s.room.roomId, e.uid, 0),
        () => ({ type: 'rest/screenShareUpdated', uid: e.uid, value: 0 }),
        ErrorText.sharePermission,
      ).pipe(
        concatMap((out) =>
          out.type === 'rest/screenShareUpdated'
            ? concat(of(out), announce(deps, Cmd.endHostShare, { ...actorOf(s), uid: e.uid }))
            : of(out),
        ),
      ),
    ),
  )

/** [ROLE-3] A host refreshes the online count to the backend when the member count updates. */
export const onlineCountEffect: RoomEffect = (event$, state$, { rest }) =>
  event$.pipe(
    ofType('rtm/memberCountUpdated'),
    withLatestFrom(state$),
    filter(([, s]) => s.room !== null && selectCan(s, 'refreshOnlineCount')),
    switchMap(([e, s]) =>
      restCall(
        'updateUsersAmount',
        () => rest.updateUsersAmount((s.room as Room).roomId, e.count),
        () => ({ type: 'rest/onlineCountUpdated', count: e.count }),
        ErrorText.onlineCount,
      ),
    ),
  )
