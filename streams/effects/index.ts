import type { Effect } from '../core/store'
import type { Event } from '../events'
import type { Deps } from '../ports'
import type { State } from '../projections'
import { boardGrantEffect, boardRightsEffect, boardSessionEffect, boardShareEffect } from './board'
import { businessCallsEffect, openRedPacketEffect } from './business'
import { deviceListEffect, deviceSwitchEffect } from './devices'
import { chatEffect } from './chat'
import {
  answerQuestionEffect,
  questionTimerEffect,
  quizAdminEffect,
  quizResultsEffect,
} from './quiz'
import { adapterEventsEffect, channelEffect, entryEffect, entryFlowEffect } from './entry'
import { departureEffect, endedEffect, exitEffect, kickedEffect } from './lifecycle'
import { interpretationEffect } from './interpretation'
import { layoutEffect, mainScreenEffect } from './layout'
import { liveSettingEffect, liveStateEffect, recordingsEffect } from './live'
import { livePushEffect, livePushReportEffect } from './live-push'
import { boardStageEffect } from './board-stage'
import { meshOutgrownEffect } from './mesh'
import { stageTokenEffect } from './stage-tokens'
import {
  mediaJoinEffect,
  mediaRoleEffect,
  mediaToggleEffect,
  noiseEffect,
  publishEffect,
  remoteAudioEffect,
  screenShareEffect,
  videoProfileEffect,
} from './media'
import {
  closeShareEffect,
  endMeetingEffect,
  hostChangedEffect,
  kickEffect,
  muteAllEffect,
  onlineCountEffect,
  setHostEffect,
  userMediaEffect,
} from './moderation'
import { reconnectEffect, renegotiateEffect, resyncEffect, sdkReconnectEffect } from './reconnect'
import { restoreChatEffect, resumeEffect, roomMemoryEffect } from './reload'
import {
  answerEffect,
  applyEffect,
  cancelApplyEffect,
  inviteAcceptedEffect,
  inviteEffect,
} from './requests'
import {
  businessEffect,
  inactiveStayEffect,
  likeEffect,
  loginFlowEffect,
  recordingEffect,
} from './session'
import { tokenEffect } from './tokens'
import {
  countdownFetchEffect,
  countdownTimerEffect,
  liveStateDelayEffect,
  redirectEffect,
  shareLayoutEffect,
  toastEffect,
} from './timers'

type RoomEffect = Effect<State, Event, Deps>

/**
 * Names each effect by its key, so the store's report of a throw (life/effectFailed) names it in
 * a minified build too, where function names are mangled.
 */
function named(effects: Record<string, RoomEffect>): readonly RoomEffect[] {
  return Object.entries(effects).map(([name, effect]) =>
    Object.defineProperty(effect, 'name', { value: name }),
  )
}

/** Every effect of a live session. Replay runs none of them. */
export const roomEffects: readonly RoomEffect[] = named({
  adapterEventsEffect,
  entryEffect,
  channelEffect,
  entryFlowEffect,
  chatEffect,
  exitEffect,
  kickedEffect,
  endedEffect,
  departureEffect,
  reconnectEffect,
  sdkReconnectEffect,
  resyncEffect,
  resumeEffect,
  restoreChatEffect,
  roomMemoryEffect,
  renegotiateEffect,
  redirectEffect,
  toastEffect,
  shareLayoutEffect,
  liveStateDelayEffect,
  countdownTimerEffect,
  countdownFetchEffect,
  muteAllEffect,
  endMeetingEffect,
  kickEffect,
  setHostEffect,
  hostChangedEffect,
  mainScreenEffect,
  layoutEffect,
  userMediaEffect,
  closeShareEffect,
  onlineCountEffect,
  boardShareEffect,
  boardGrantEffect,
  boardSessionEffect,
  boardRightsEffect,
  applyEffect,
  cancelApplyEffect,
  inviteEffect,
  answerEffect,
  inviteAcceptedEffect,
  mediaJoinEffect,
  mediaRoleEffect,
  meshOutgrownEffect,
  publishEffect,
  remoteAudioEffect,
  interpretationEffect,
  videoProfileEffect,
  mediaToggleEffect,
  screenShareEffect,
  deviceSwitchEffect,
  deviceListEffect,
  noiseEffect,
  loginFlowEffect,
  tokenEffect,
  likeEffect,
  businessEffect,
  answerQuestionEffect,
  questionTimerEffect,
  quizAdminEffect,
  quizResultsEffect,
  businessCallsEffect,
  openRedPacketEffect,
  inactiveStayEffect,
  recordingEffect,
  liveStateEffect,
  liveSettingEffect,
  livePushEffect,
  boardStageEffect,
  livePushReportEffect,
  stageTokenEffect,
  recordingsEffect,
})
