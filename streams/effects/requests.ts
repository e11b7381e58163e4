import { concat, EMPTY, filter, mergeMap, of, withLatestFrom, type Observable } from 'rxjs'
import type { Effect } from '../core/store'
import { ofType } from '../core/of-type'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { firstHost, memberOf } from '../projections/derive'
import { NO_CREATOR } from '../projections/conference'
import {
  selectCan,
  selectCanApplyToUnmute,
  selectCanCancelBoardRequest,
  selectCanInvite,
  selectIsBoardCreator,
} from '../selectors/permissions'
import { Cmd } from '../wire/channel'
import { MuteAll } from '../wire/constants'
import type { MediaFlag } from '../ports/rest-types'
import { PeerCmd, PeerRole, RequestAction, RequestType, type RequestTypeId } from '../wire/peer'
import { Role } from '../wire/roles'
import { actorOf, announce, sendPeer } from './announce'
import { ErrorText, restCall } from './errors'

type RoomEffect = Effect<State, Event, Deps>
type Room = NonNullable<State['room']>

const FLAG_OF: Record<RequestTypeId, MediaFlag> = {
  1: 'enableAudio',
  2: 'enableVideo',
  3: 'grantBoard',
  4: 'enableChat',
}

/** Who decides a request of this type: the board creator for the board ([BOARD-11]), else the first host. */
function approverOf(s: State, type: RequestTypeId): string | undefined {
  const creator = s.conference.createBoardUserId
  if (
    type === RequestType.board &&
    creator !== NO_CREATOR &&
    creator !== '' &&
    memberOf(s, creator)
  )
    return creator
  return firstHost(s)?.uid
}

/**
 * [APPLY-3] A conferee applies for mic, camera, chat or board. [MUTE-6] Under mute-all 2 a speak
 * request needs me a non-host, mute-all 2 and a host, and goes to the first host; [BOARD-11] a
 * board request goes to the creator. Failures reach the user ([BOARD-12]).
 */
export const applyEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('ui/applyClicked'),
    withLatestFrom(state$),
    filter(([, s]) => s.me !== null && selectCan(s, 'applyMedia')),
    mergeMap(([e, s]): Observable<Event> => {
      const me = s.me as NonNullable<State['me']>
      if (
        e.requestType === RequestType.audio &&
        s.conference.muteAllAudio !== MuteAll.off &&
        !selectCanApplyToUnmute(s)
      )
        return EMPTY
      return sendPeer(deps, approverOf(s, e.requestType), PeerCmd.apply, {
        ...actorOf(s),
        uid: me.uid,
        type: e.requestType,
        role: PeerRole.approver,
      })
    }),
  )

/**
 * [BOARD-10] Cancelling a board request: the requester withdraws its own, or the creator drops
 * one it received; anyone else is refused silently.
 */
export const cancelApplyEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('ui/applyCancelled'),
    withLatestFrom(state$),
    filter(([e, s]) => s.me !== null && selectCanCancelBoardRequest(s, e.uid)),
    mergeMap(([e, s]) => {
      const me = s.me as NonNullable<State['me']>
      const to = e.uid === undefined || e.uid === me.uid ? s.conference.createBoardUserId : e.uid
      return sendPeer(deps, to, PeerCmd.apply, {
        ...actorOf(s),
        uid: me.uid,
        type: RequestType.board,
        role: PeerRole.notice,
      })
    }),
  )

/** [APPLY-4] Only a host may invite, and not itself. */
export const inviteEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('ui/inviteClicked'),
    withLatestFrom(state$),
    filter(([e, s]) => selectCanInvite(s, e.uid)),
    mergeMap(([e, s]) =>
      sendPeer(deps, e.uid, PeerCmd.invite, {
        ...actorOf(s),
        uid: (s.me as NonNullable<State['me']>).uid,
        type: e.requestType,
        role: PeerRole.approver,
      }),
    ),
  )

/** [APPLY-2] Turns the requested state on for `uid`: a board request is a board grant. */
function turnOn(deps: Deps, s: State, uid: string, type: RequestTypeId): Observable<Event> {
  const room = s.room as Room
  if (type === RequestType.board)
    return restCall(
      'updateBoardGrant',
      () => deps.rest.updateBoardGrant(room.roomId, uid, 1),
      () => ({ type: 'rest/boardGrantUpdated', uid, grant: 1 }),
      ErrorText.boardPermission,
    ).pipe(
      mergeMap((out) =>
        out.type === 'rest/boardGrantUpdated'
          ? concat(
              of(out),
              announce(deps, Cmd.shareBoard, { ...actorOf(s), kind: 'grant', uid, grantBoard: 1 }),
            )
          : of(out),
      ),
    )
  const flag = FLAG_OF[type]
  return restCall(
    'updateUserMedia',
    () => deps.rest.updateUserMedia(room.roomId, uid, flag, 1),
    () => ({
      type: 'rest/userMediaUpdated',
      uid,
      flag,
      value: 1,
    }),
  ).pipe(
    mergeMap((out) =>
      out.type === 'rest/userMediaUpdated'
        ? concat(of(out), announce(deps, Cmd.userState, { ...actorOf(s), uid, [flag]: 1 }))
        : of(out),
    ),
  )
}

/**
 * Answering: the approver of an application, or the invitee of an invitation, sends the answer;
 * [APPLY-2] an accepted application is turned on by its approver (host or board creator).
 */
export const answerEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('ui/requestAnswered'),
    withLatestFrom(state$),
    filter(([e, s]) => {
      if (!s.me || !s.room) return false
      if (e.invite) return true
      return e.requestType === RequestType.board
        ? selectCan(s, 'answerApplication') || selectIsBoardCreator(s)
        : selectCan(s, 'answerApplication')
    }),
    mergeMap(([e, s]) => {
      const me = s.me as NonNullable<State['me']>
      const answer = sendPeer(deps, e.uid, e.invite ? PeerCmd.invite : PeerCmd.apply, {
        ...actorOf(s),
        uid: me.uid,
        type: e.requestType,
        role: PeerRole.applicant,
        action: e.action,
      })
      const accepted = e.action === RequestAction.accept && !e.invite
      return concat(answer, accepted ? turnOn(deps, s, e.uid, e.requestType) : EMPTY)
    }),
  )

/** [APPLY-2] An invitee accepted: the host turns the state on. */
export const inviteAcceptedEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('peer/inviteReceived'),
    filter((e) => e.data.role === PeerRole.applicant && e.data.action === RequestAction.accept),
    withLatestFrom(state$),
    filter(
      ([e, s]) =>
        s.room !== null && s.me?.role === Role.host && memberOf(s, e.data.uid) !== undefined,
    ),
    mergeMap(([e, s]) => turnOn(deps, s, e.data.uid, e.data.type)),
  )
