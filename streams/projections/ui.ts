import { produce } from 'immer'
import { defineProjection } from '../core/projection'
import type { Event } from '../events'
import {
  DIALOG_CONFIRM_LABEL,
  DIALOG_REJECT_LABEL,
  RECORDING_STATE_ABNORMAL,
  REDIRECT_END_MOBILE_MS,
  REDIRECT_END_MS,
  REDIRECT_INACTIVE_MS,
  REDIRECT_PROJECTION_DELETED_MS,
  TOAST_MS,
  WARNING_TOAST_MS,
} from '../wire/constants'
import { PeerRole, RequestAction, type RequestTypeId } from '../wire/peer'
import { isVirtualDevice } from './devices'
import { meIsHost } from './derive'
import type { Slices } from './state'
import type { DialogKind, Dialog, ToastLevel, UiState } from './state/ui'
export type { DialogKind, Dialog, ToastLevel, Toast, Redirect, UiState } from './state/ui'

export const initialUi: UiState = {
  dialogs: [],
  toasts: [],
  redirect: null,
  fullscreenShare: false,
  nextId: 1,
}

type Params = Record<string, string | number>

// The UI slice's lists read best as drafts (Immer): push a box, drop the ones that match. A
// recipe that changes nothing returns the same slice, so the root stays unchanged too.

/** Adds a dialog with the default labels ([ERR-2]). */
export const dialog = (ui: UiState, kind: DialogKind, params: Params = {}, reject = true) =>
  produce(ui, (draft) => {
    draft.dialogs.push({
      id: draft.nextId++,
      kind,
      params,
      confirmLabel: DIALOG_CONFIRM_LABEL,
      rejectLabel: reject ? DIALOG_REJECT_LABEL : null,
    })
  })

/** Adds a toast: 2000 ms, or 5000 ms for a warning ([ERR-2]). */
export const toast = (ui: UiState, level: ToastLevel, key: string, params: Params = {}) =>
  produce(ui, (draft) => {
    const duration = level === 'warning' ? WARNING_TOAST_MS : TOAST_MS
    draft.toasts.push({ id: draft.nextId++, level, key, params, duration })
  })

export const redirect = (ui: UiState, to: string, delay: number) =>
  produce(ui, (draft) => {
    draft.redirect = { id: draft.nextId++, to, delay, due: delay === 0 }
  })

/** Drops the dialogs that pass `test` (the same slice when none does). */
const without = (ui: UiState, test: (d: Dialog) => boolean): UiState =>
  ui.dialogs.some(test)
    ? produce(ui, (draft) => {
        draft.dialogs = draft.dialogs.filter((d) => !test(d))
      })
    : ui

const withoutToast = (ui: UiState, id: number): UiState =>
  ui.toasts.some((t) => t.id === id)
    ? produce(ui, (draft) => {
        draft.toasts = draft.toasts.filter((t) => t.id !== id)
      })
    : ui

/**
 * [API-4] [ERR-1] The access tokens could not be renewed ('refresh token failed', or an SDK
 * refused the fresh one): one box says that audio, video and chat stop when they expire, and
 * that rejoining restores them.
 */
const accessNotRenewed = (ui: UiState): UiState =>
  ui.dialogs.some((d) => d.kind === 'tokenRefreshFailed')
    ? ui
    : dialog(ui, 'tokenRefreshFailed', {}, false)

/** Dialogs whose closing sends the user home. */
const LEAVING: ReadonlySet<DialogKind> = new Set([
  'meetingEnded',
  'liveEnded',
  'meetingHasEnded',
  'kicked',
  'loginElsewhere',
])

/** REST failures the user sees, with their message keys ([ERR-1], [BOARD-8], [EXIT-2], [MAIN-5]). */
const FAILURE_TOASTS: Partial<Record<string, string>> = {
  updateBoardGrant: 'update board permission failed',
  updateScreenShare: 'update share permission failed',
  loadBoard: 'board token failed',
  exitRoom: 'exit meeting backend request error',
  setMainScreen: 'set main screen failed',
  startRecording: 'cloud recording start failed',
  updateUserMedia: 'request failed',
  muteAll: 'request failed',
  setHost: 'request failed',
  updateRoomState: 'request failed',
  // [BOARD-12] a failed application or cancel reaches the user
  sendApply: 'request failed',
  sendInvite: 'request failed',
}

/** The business calls whose refusal the user reads as the server put it ([ERR-3]). */
const BUSINESS_CALLS: ReadonlySet<string> = new Set([
  'sendAnswer',
  'addQuestion',
  'importQuestions',
  'deleteQuestion',
  'setQuestionState',
  'sendRedPacket',
  'grabRedPacket',
  'signIn',
  'addGoods',
  'presentGoods',
])

function requestDialog(
  ui: UiState,
  kind: 'invite' | 'apply',
  data: { uid: string; userName: string; type: RequestTypeId; role: number; action?: number },
): UiState {
  const params = { uid: data.uid, userName: data.userName, requestType: data.type }
  if (data.role === PeerRole.approver) return dialog(ui, kind, params)
  if (data.role === PeerRole.notice)
    return without(
      ui,
      (d) => d.kind === kind && d.params.uid === data.uid && d.params.requestType === data.type,
    )
  const accepted = data.action === RequestAction.accept
  return toast(
    ui,
    accepted ? 'success' : 'info',
    `${kind}.${accepted ? 'accepted' : 'rejected'}`,
    params,
  )
}

export const uiProjection = defineProjection<
  UiState,
  Event,
  Slices<'session' | 'me' | 'media' | 'projection'>
>(initialUi, {
  // [END-2] 'live ended' or 'meeting ended', home after 1500 ms (mobile: a dialog, 2000 ms);
  // [COUNT-2] 'Meeting has ended' box; [INACTIVE-3] out after 1000 ms
  'life/ended': (ui, e, { session }) => {
    if (e.reason === 'inactive') return redirect(ui, '/home', REDIRECT_INACTIVE_MS)
    if (e.reason === 'countdown')
      return redirect(dialog(ui, 'meetingHasEnded', {}, false), '/home', REDIRECT_END_MS)
    const kind = e.live ? 'liveEnded' : 'meetingEnded'
    if (session.mobile)
      return redirect(dialog(ui, kind, {}, false), '/home', REDIRECT_END_MOBILE_MS)
    return redirect(toast(ui, 'info', kind), '/home', REDIRECT_END_MS)
  },
  // [KICK-4] the kicked-out box names the kicker; a login elsewhere says so
  'life/kicked': (ui, e) =>
    e.reason === 'loginElsewhere'
      ? dialog(ui, 'loginElsewhere', {}, false)
      : dialog(ui, 'kicked', { by: e.by }, false),
  // [REC-1] recording state 2: the host-side user gets a 'Recording failed' confirm box
  'msg/recordingStateChanged': (ui, e, reads) =>
    e.data.recordingState === RECORDING_STATE_ABNORMAL && meIsHost(reads)
      ? dialog(ui, 'recordingFailed', {}, false)
      : ui,
  // [INACTIVE-1] [INACTIVE-2]
  'msg/inactiveWarned': (ui, e) =>
    ui.dialogs.some((d) => d.kind === 'inactiveWarning')
      ? ui
      : dialog(
          ui,
          'inactiveWarning',
          e.data.seconds === undefined ? {} : { seconds: e.data.seconds },
        ),
  'msg/inactiveCancelled': (ui) => without(ui, (d) => d.kind === 'inactiveWarning'),
  'ui/inactiveStayClicked': (ui) => without(ui, (d) => d.kind === 'inactiveWarning'),
  // [PROJ-3] my projection address deleted: a warning, home after 2000 ms
  'msg/projectionDeleted': (ui, e, reads) =>
    !meIsHost(reads) && e.data.projectionId !== '' && e.data.projectionId === reads.projection.mine
      ? redirect(toast(ui, 'warning', 'projectionDeleted'), '/home', REDIRECT_PROJECTION_DELETED_MS)
      : ui,
  // [SCREEN-3] the full-screen share view is exited when sharing stops
  // (checked before the draft: this event is frequent and rarely changes the slice)
  'msg/screenShareChanged': (ui, e) =>
    e.data.screenShare === 0 && ui.fullscreenShare
      ? produce(ui, (draft) => {
          draft.fullscreenShare = false
        })
      : ui,
  'ui/fullscreenShareToggled': (ui, e) =>
    produce(ui, (draft) => {
      draft.fullscreenShare = e.on
    }),
  // [MSG-10] each business type shows its toast or dialog
  // (a toast each, lucky money and sign-ins too: a box per sign-in would bury a large room)
  'msg/businessReceived': (ui, { data }) =>
    toast(ui, 'info', `business.${data.type}`, {
      userName: data.userName,
      targetName: data.targetName ?? '',
      amount: data.amount ?? 0,
    }),
  // [APPLY-2] requests and answers
  'peer/inviteReceived': (ui, e) => requestDialog(ui, 'invite', e.data),
  'peer/applyReceived': (ui, e) => requestDialog(ui, 'apply', e.data),
  'peer/userStateReceived': (ui, e) =>
    dialog(
      ui,
      'stateChanged',
      { requestType: e.data.type, value: e.data.value ?? 0, userName: e.data.userName },
      false,
    ),
  // [BOARD-12] a failed apply or cancel reaches the user
  'peer/sendFailed': (ui, e) => toast(ui, 'error', 'peerSendFailed', { message: e.message }),
  // [MAIN-3] an alert; [REC-2] [HOST-5] and the other refusals a toast
  'rule/refused': (ui, e) =>
    e.action === 'setMainScreen'
      ? dialog(ui, 'alert', { message: e.message }, false)
      : toast(ui, 'warning', e.message),
  'rest/callFailed': (ui, e) => {
    if (e.call === 'refreshToken') return accessNotRenewed(ui)
    // a business call's refusal says the server's reason (the texts translate the known ones)
    if (BUSINESS_CALLS.has(e.call)) return toast(ui, 'error', e.message)
    const key = FAILURE_TOASTS[e.call]
    return key ? toast(ui, 'error', key, { reason: e.message }) : ui
  },
  // [API-4] a fresh token media or messaging refused: the same box as a failed refresh
  'rtc/tokenRenewFailed': (ui) => accessNotRenewed(ui),
  'rtm/tokenRenewFailed': (ui) => accessNotRenewed(ui),
  // [API-2] not logged in: the login flow
  'auth/loginRequired': (ui) => redirect(ui, '/login', 0),
  // [TRACK-4] an audio switch on non-mobile: a 5000 ms warning naming the device
  'device/plugged': (ui, e, { session }) =>
    e.device.kind === 'microphone' && !isVirtualDevice(e.device) && !session.mobile
      ? toast(ui, 'warning', 'audioSwitched', { device: e.device.label })
      : ui,
  // [WB-5] board locked and unlocked
  'board/lockChanged': (ui, e) => toast(ui, 'info', e.locked ? 'boardLocked' : 'boardUnlocked'),
  'board/changeRefused': (ui, e) =>
    toast(ui, 'warning', 'boardChangeTooBig', { mb: Math.round(e.limitBytes / 1024 / 1024) }),
  'rtc/localTrackFailed': (ui, e) =>
    e.kind === 'screen' ? toast(ui, 'error', 'screenShareFailed', { reason: e.message }) : ui,
  // Local mode's measured limits: refused beyond them, with the way to larger rooms
  'rtc/limitReached': (ui, e) => toast(ui, 'warning', `limit.${e.limit}`, { max: e.max }),
  // A host's room outgrew the peer-to-peer mesh: the way to larger rooms
  'rtc/meshOutgrown': (ui, e) =>
    toast(ui, 'warning', `meshOutgrown.${e.limit}`, { count: e.count, max: e.max }),
  // The media server muted what I send (the room's permissions at the SFU) while my own flag
  // still let me send it: said once; a release, or a mute my flag already shows, is silent
  'rtc/localModerated': (ui, e, { media, me }) =>
    e.muted &&
    !media.moderated[e.kind] &&
    (e.kind === 'audio' ? me?.enableAudio : me?.enableVideo) === 1
      ? toast(ui, 'warning', `moderated.${e.kind}`)
      : ui,
  // [ERR-2] a toast's time is up
  'timer/toastExpired': (ui, e) => withoutToast(ui, e.id),
  'ui/toastClosed': (ui, e) => withoutToast(ui, e.id),
  'timer/redirectDue': (ui, e) =>
    produce(ui, (draft) => {
      if (draft.redirect?.id === e.id) draft.redirect.due = true
    }),
  'ui/redirected': (ui, e) =>
    produce(ui, (draft) => {
      if (draft.redirect?.id === e.id) draft.redirect = null
    }),
  'ui/dialogClosed': (ui, e) => {
    const closed = ui.dialogs.find((d) => d.id === e.id)
    if (!closed) return ui
    const out = without(ui, (d) => d.id === e.id)
    return LEAVING.has(closed.kind) && !out.redirect ? redirect(out, '/home', 0) : out
  },
  'ui/requestAnswered': (ui, e) =>
    without(
      ui,
      (d) =>
        (d.kind === 'invite' || d.kind === 'apply') &&
        d.params.uid === e.uid &&
        d.params.requestType === e.requestType,
    ),
  // leaving the room closes the boxes about it; the end and kick boxes and redirects stay
  'life/exited': (ui) =>
    produce(ui, (draft) => {
      draft.fullscreenShare = false
      if (draft.dialogs.some((d) => !LEAVING.has(d.kind) && d.kind !== 'alert'))
        draft.dialogs = draft.dialogs.filter((d) => LEAVING.has(d.kind) || d.kind === 'alert')
    }),
  'life/entered': (ui) =>
    produce(ui, (draft) => {
      draft.redirect = null
      if (draft.dialogs.length > 0) draft.dialogs = []
    }),
})
