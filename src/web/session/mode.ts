import type { Mode } from '@streams/ports'

/** The deployment's mode as the effects read it (`deps.mode`). */
export interface ModeSource {
  /** 'local' until the server's configuration says otherwise. */
  readonly current: Mode
  /** Settles once the configuration is read (on a failure, the mode stays 'local'). */
  readonly known: Promise<Mode>
}

/**
 * Follows the server's mode from its configuration (`/api/config`): local WebRTC, or Agora, where
 * the host client itself announces host commands (mute all, kick, end, grants, host change;
 * [HOST-6], docs/events.md). The effects read `current` when they act, after room entry, by which
 * time the configuration is read.
 */
export function followMode(config: () => Promise<{ readonly mode: Mode }>): ModeSource {
  let mode: Mode = 'local'
  const known = config().then(
    (c) => (mode = c.mode),
    () => mode,
  )
  return {
    get current() {
      return mode
    },
    known,
  }
}
