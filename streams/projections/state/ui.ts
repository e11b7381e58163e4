/** The boxes of spec §2 "Dialogs and drawers" the core decides to show. */
export type DialogKind =
  | 'meetingEnded'
  | 'liveEnded'
  | 'meetingHasEnded'
  | 'kicked'
  | 'loginElsewhere'
  | 'invite'
  | 'apply'
  | 'stateChanged'
  | 'recordingFailed'
  | 'inactiveWarning'
  | 'tokenRefreshFailed'
  | 'alert'

export interface Dialog {
  readonly id: number
  readonly kind: DialogKind
  /** Values the text needs (a kicker's name, a request type, an alert's message). */
  readonly params: Readonly<Record<string, string | number>>
  /** Button labels, 'confirm' and 'reject' by default ([ERR-2]); keys the UI translates. */
  readonly confirmLabel: string
  readonly rejectLabel: string | null
}

export type ToastLevel = 'info' | 'success' | 'warning' | 'error'

export interface Toast {
  readonly id: number
  readonly level: ToastLevel
  /** A message key the UI translates (see docs/events.md). */
  readonly key: string
  readonly params: Readonly<Record<string, string | number>>
  /** 2000 ms by default, 5000 ms for warnings ([ERR-2]). */
  readonly duration: number
}

/** A navigation the core asked for; the screen follows it once `due` ([END-2], [INACTIVE-3]). */
export interface Redirect {
  readonly id: number
  readonly to: string
  readonly delay: number
  readonly due: boolean
}

export interface UiState {
  readonly dialogs: readonly Dialog[]
  readonly toasts: readonly Toast[]
  readonly redirect: Redirect | null
  readonly fullscreenShare: boolean
  readonly nextId: number
}
