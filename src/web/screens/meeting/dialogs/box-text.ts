import type { TFunction } from 'i18next'

/** A box the core decided to show (the ui projection's Dialog). */
export interface BoxLike {
  readonly id: number
  readonly kind: string
  readonly params: Readonly<Record<string, string | number>>
  readonly confirmLabel: string
  readonly rejectLabel: string | null
}

/** A toast the core timed (the ui projection's Toast). */
export interface ToastLike {
  readonly id: number
  readonly level: 'info' | 'success' | 'warning' | 'error'
  readonly key: string
  readonly params: Readonly<Record<string, string | number>>
  readonly duration: number
}

/** The core's message keys and rule texts, and the toast texts that say them ([ERR-3]). */
export const TOAST_KEYS: Readonly<Record<string, string>> = {
  meetingEnded: 'meetingEnded',
  liveEnded: 'liveEnded',
  'invite.accepted': 'inviteAccepted',
  'invite.rejected': 'inviteRejected',
  'apply.accepted': 'applyAccepted',
  'apply.rejected': 'applyRejected',
  'business.liquorOfInviting': 'businessLiquorOfInviting',
  'business.liquorOfRespect': 'businessLiquorOfRespect',
  'business.cheers': 'businessCheers',
  'business.lucky': 'businessLucky',
  'business.signIn': 'businessSignIn',
  // the server's refusals of business calls
  'the lucky money is all taken': 'redPacketEmpty',
  'you have already grabbed this one': 'redPacketGrabbed',
  'the question is closed': 'questionClosed',
  'you have already answered': 'questionAnswered',
  'the meeting has ended': 'meetingEnded',
  peerSendFailed: 'peerSendFailed',
  'update board permission failed': 'updateBoardPermissionFailed',
  'update share permission failed': 'updateSharePermissionFailed',
  'board token failed': 'boardTokenFailed',
  'exit meeting backend request error': 'exitFailed',
  'set main screen failed': 'setMainScreenFailed',
  'cloud recording start failed': 'recordingStartFailed',
  'request failed': 'requestFailed',
  audioSwitched: 'audioSwitched',
  boardLocked: 'boardLocked',
  boardUnlocked: 'boardUnlocked',
  boardChangeTooBig: 'boardChangeTooBig',
  screenShareFailed: 'screenShareFailed',
  'limit.publishers': 'limitPublishers',
  'limit.watchers': 'limitWatchers',
  'meshOutgrown.publishers': 'meshOutgrownPublishers',
  'meshOutgrown.watchers': 'meshOutgrownWatchers',
  'moderated.audio': 'moderatedAudio',
  'moderated.video': 'moderatedVideo',
  projectionDeleted: 'projectionDeleted',
  'recording too short': 'recordingTooShort',
  'no matching audience': 'noMatchingAudience',
  'network check': 'networkCheck',
  'replay failed': 'replayFailed',
  'globalState too large': 'globalStateTooLarge',
  'room login failed': 'roomLoginFailed',
  'please login': 'pleaseLogin',
  'apply to speak': 'applyToSpeak',
  linkCopied: 'linkCopied',
  logExported: 'logExported',
}

/** What a request type names: the microphone, the camera, the whiteboard, chat. */
function what(t: TFunction, type: string | number | undefined): string {
  return t(`what.${String(type ?? 1)}`)
}

export function toastText(t: TFunction, toast: Pick<ToastLike, 'key' | 'params'>): string {
  const key = TOAST_KEYS[toast.key]
  const params = { ...toast.params, what: what(t, toast.params.requestType) }
  // A key the texts do not know is a message of its own (a server's words): shown as is.
  return key ? t(`toasts.${key}`, params) : toast.key
}

/** Rule texts an alert box may carry, and their translations. */
const ALERTS: Readonly<Record<string, string>> = {
  'There is someone sharing or sharing the whiteboard, cannot set main screen':
    'dialogs.mainScreenBlocked',
}

export interface BoxText {
  readonly title: string
  readonly body: string
  readonly confirm: string
  readonly reject: string | null
}

/** The title, text and button labels of a box ([ERR-2] 'confirm' and 'reject' by default). */
export function boxText(t: TFunction, box: BoxLike): BoxText {
  const p = box.params
  const label = (key: string) =>
    key === 'confirm' || key === 'reject' ? t(`dialogs.${key}`) : t(key, { defaultValue: key })
  const labels = {
    confirm: label(box.confirmLabel),
    reject: box.rejectLabel ? label(box.rejectLabel) : null,
  }
  switch (box.kind) {
    case 'kicked':
      return {
        ...labels,
        title: t('dialogs.kicked.title'),
        body: p.by ? t('dialogs.kicked.text', { by: p.by }) : t('dialogs.kickedByServer'),
      }
    case 'invite':
    case 'apply':
      return {
        ...labels,
        title: t(`dialogs.${box.kind}.title`),
        body: t(`dialogs.${box.kind}.text`, { userName: p.userName, what: what(t, p.requestType) }),
      }
    case 'stateChanged':
      return {
        ...labels,
        title: t('dialogs.stateChanged.title'),
        body: t(Number(p.value) === 1 ? 'dialogs.stateChanged.on' : 'dialogs.stateChanged.off', {
          userName: p.userName,
          what: what(t, p.requestType),
        }),
      }
    case 'inactiveWarning':
      return {
        ...labels,
        confirm: t('dialogs.inactiveWarning.stay'),
        title: t('dialogs.inactiveWarning.title'),
        body:
          p.seconds === undefined
            ? t('dialogs.inactiveWarning.text')
            : t('dialogs.inactiveWarning.textSeconds', { seconds: p.seconds }),
      }
    case 'alert': {
      const message = String(p.message ?? '')
      return {
        ...labels,
        title: t('dialogs.alert.title'),
        body: ALERTS[message] ? t(ALERTS[message]) : message,
      }
    }
    default:
      return {
        ...labels,
        title: t(`dialogs.${box.kind}.title`, { defaultValue: box.kind }),
        body: t(`dialogs.${box.kind}.text`, { defaultValue: '' }),
      }
  }
}
