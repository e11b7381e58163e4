/** Live broadcast and cloud recording texts (English). */
export const liveEn = {
  live: {
    label: 'Live broadcast',
    states: {
      ready: 'The live has not started yet',
      living: 'Live',
      paused: 'The live is paused',
      ended: 'Live has ended',
    },
    loading: 'Connecting to the live…',
    retrying: 'The live stream is interrupted; reconnecting…',
    unsupported: 'This browser cannot play the live stream',
    tapForSound: 'Tap for sound',
    goLive: 'Go live',
    pause: 'Pause the live',
    resume: 'Resume the live',
    endLive: 'End the live',
    startRecording: 'Start recording',
    stopRecording: 'Stop recording',
    recordingOn: 'Recording',
    unavailable: 'Live and recording are unavailable: {{why}}',
  },
}
