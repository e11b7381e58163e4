/** Why a session ended for this participant. */
export type EndReason = 'roomState' | 'meetingEnd' | 'countdown' | 'liveEnd' | 'inactive'

/**
 * Lifecycle facts, derived by effects from what happened: the app started, I entered the room,
 * the room ended for me, I was kicked, I am out.
 */
export type LifeEvent =
  | {
      readonly type: 'life/appStarted'
      readonly mobile: boolean
      /**
       * Absent: the app starts before the server's configuration arrives (`life/modeKnown` says
       * the mode then); logs from before that change carry a guessed 'local' here.
       */
      readonly mode?: 'local' | 'agora'
    }
  /** The deployment's mode as the server's configuration says (local WebRTC or Agora). */
  | { readonly type: 'life/modeKnown'; readonly mode: 'local' | 'agora' }
  | { readonly type: 'life/entered'; readonly roomId: string; readonly uid: string }
  | { readonly type: 'life/ended'; readonly reason: EndReason; readonly live: boolean }
  | {
      readonly type: 'life/kicked'
      /** The kicker's name ([KICK-4]); empty when the server dropped me. */
      readonly by: string
      readonly reason: 'kickUserBy' | 'loginElsewhere'
    }
  | {
      /** An error nothing handled (an uncaught exception, a rejected promise, a screen that
       * failed to render): the log shows it, and the user is offered the log at once. */
      readonly type: 'life/errorUnhandled'
      readonly source: 'error' | 'rejection' | 'render'
      readonly message: string
    }
  | {
      /** An effect threw: it was subscribed again and the others kept running. */
      readonly type: 'life/effectFailed'
      readonly effect: string
      readonly message: string
    }
  /**
   * After a reconnection the room, the roster, my grants and the mute flags were read again from
   * the server: media and board renegotiate on this fact.
   */
  | { readonly type: 'life/resynced'; readonly roomId: string }
  | {
      readonly type: 'life/exited'
      readonly reason: 'leave' | 'kicked' | 'ended' | 'loginElsewhere' | 'projectionDeleted'
    }
