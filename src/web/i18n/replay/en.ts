/**
 * English texts of the session replay screen (/replay). They load with that screen, not in the
 * first load; zh.ts has the same keys.
 */
export const replayEn = {
  replay: {
    title: 'Session replay',
    intro:
      'Open a session log (.ndjson) to see, step by step, what the user saw. The log stays in this browser.',
    open: 'Open a session log',
    drop: 'or drop it anywhere on this page',
    dropHere: 'Drop the session log to open it',
    opening: 'Opening {{name}}…',
    info: '{{name}}: {{count}} events, {{duration}} long, app {{app}}, format {{format}}',
    fromSnapshot: 'starts from a snapshot',
    errors: {
      format: 'This is not a session log that can be read: {{message}}',
      http: 'The log could not be loaded: HTTP {{status}}',
      network: 'The log could not be loaded: {{message}}',
      read: 'The log could not be opened: {{message}}',
    },
    controls: {
      label: 'Replay controls',
      back: 'Step back',
      forward: 'Step forward',
      play: 'Play',
      pause: 'Pause',
      speed: 'Speed',
      jump: 'Jump to event',
      jumpGo: 'Jump',
      jumpInvalid: 'Give an event number (its seq)',
      time: 'Seek to time',
      timeGo: 'Seek',
      timeHint: 'seconds, or m:ss.mmm',
      timeInvalid: 'Give seconds, or m:ss.mmm',
      copy: 'Copy state',
      copied: 'The state after event #{{seq}} is on the clipboard',
      copyFailed: 'The state could not be copied: {{message}}',
    },
    position: {
      label: 'Position',
      event: 'event #{{seq}} · step {{step}} of {{total}} · {{time}}',
      start: 'start · step 0 of {{total}} · {{time}}',
    },
    timeline: {
      label: 'Timeline',
      value: 'event #{{seq}} at {{time}}',
      start: 'start',
      legend: 'Markers',
      kinds: {
        join: 'Joins and leaves',
        error: 'Errors',
        dialog: 'Boxes',
        role: 'Role changes',
      },
    },
    events: {
      label: 'Events',
      filters: 'Filter the events',
      source: 'Source',
      allSources: 'All sources',
      type: 'Type',
      user: 'User',
      count: '{{shown}} of {{total}} events',
      none: 'No event matches the filter.',
    },
    detail: {
      label: 'Step detail',
      event: 'Event #{{seq}}',
      noEvent: 'The starting state: no event folded yet.',
      changes: 'What it changed',
      noChanges: 'It changed nothing in the state.',
      more: 'Only the first {{count}} changes are shown.',
      truncated: '… {{count}} more characters',
    },
    stage: {
      label: 'What the user saw',
      notInRoom: 'Not in a room at this step',
      phase: 'Session phase: {{phase}}',
      phases: {
        idle: 'idle (the home form)',
        entering: 'entering the room',
        joiningChannel: 'joining the channel',
        inRoom: 'in the room',
        leaving: 'leaving',
        exited: 'left the room',
      },
      entryError: 'Entry error: {{text}}',
      noEntryError: 'No entry error.',
    },
    boardNote:
      'The whiteboard is shared at this step. Its drawing is not part of a session log, so it is not shown.',
  },
}
