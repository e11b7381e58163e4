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

/**
 * A request through the server (local mode): the REST call records it and delivers the peer
 * message ([HOST-6] spirit: a member turns its own state on only through a host's yes).
 */
function viaServer(
  deps: Deps,
  invite: boolean,
  requestType: RequestTypeId,
  action: 1 | 2 | 3,
  call: () => ReturnType<Deps['rest']['sendApply']>,
  answered?: string,
): Observable<Event> {
  return restCall(invite ? 'sendInvite' : 'sendApply', call, (answer) => ({
    type: 'rest/requestSent',
    invite,
    requestType,
    action,
    answer,
    ...(answered === undefined ? {} : { answered }),
  }))
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
      // local mode: the server finds the approver and delivers the request
      if (deps.mode === 'local' && s.room) {
        const roomId = s.room.roomId
        return viaServer(deps, false, e.requestType, 1, () =>
          deps.rest.sendApply(roomId, e.requestType, 1),
        )
      }
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
      const mine = e.uid === undefined || e.uid === me.uid
      const to = mine ? s.conference.createBoardUserId : e.uid
      if (deps.mode === 'local' && s.room) {
        const roomId = s.room.roomId
        // the requester withdraws (3); the creator drops a received request by rejecting it (2)
        return mine
          ? viaServer(deps, false, RequestType.board, 3, () =>
              deps.rest.sendApply(roomId, RequestType.board, 3),
            )
          : viaServer(
              deps,
              false,
              RequestType.board,
              2,
              () => deps.rest.sendApply(roomId, RequestType.board, 2, to),
              to,
            )
      }
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
      deps.mode === 'local' && s.room
        ? viaServer(deps, true, e.requestType, 1, () =>
            deps.rest.sendInvite((s.room as Room).roomId, e.uid, e.requestType, 1),
          )
        : sendPeer(deps, e.uid, PeerCmd.invite, {
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
      if (deps.mode === 'local') {
        // the server delivers the answer and, on an accept, turns the state on ([APPLY-2])
        const roomId = (s.room as Room).roomId
        return e.invite
          ? viaServer(
              deps,
              true,
              e.requestType,
              e.action,
              () => deps.rest.sendInvite(roomId, e.uid, e.requestType, e.action),
              e.uid,
            )
          : viaServer(
              deps,
              false,
              e.requestType,
              e.action,
              () => deps.rest.sendApply(roomId, e.requestType, e.action, e.uid),
              e.uid,
            )
      }
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

/** [APPLY-2] An invitee accepted: the host turns the state on (Agora mode; the server does in local mode). */
export const inviteAcceptedEffect: RoomEffect = (event$, state$, deps) =>
  event$.pipe(
    ofType('peer/inviteReceived'),
    filter(() => deps.mode === 'agora'),
    filter((e) => e.data.role === PeerRole.applicant && e.data.action === RequestAction.accept),
    withLatestFrom(state$),
    filter(
      ([e, s]) =>
        s.room !== null && s.me?.role === Role.host && memberOf(s, e.data.uid) !== undefined,
    ),
    mergeMap(([e, s]) => turnOn(deps, s, e.data.uid, e.data.type)),
  )
