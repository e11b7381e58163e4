/**
 * How many participants a local-mode (peer-to-peer) room sustains, measured on the reference
 * machine by `npm run bench:media` (docs/media.md): every publisher encodes once per watcher, so
 * the mesh's cost grows with publishers × watchers. Beyond these, Agora mode serves the room.
 */
export interface MediaLimits {
  /** Participants publishing camera or microphone at once. */
  readonly publishers: number
  /** Participants one publisher sends to. */
  readonly watchers: number
}

export const DEFAULT_LIMITS: MediaLimits = { publishers: 5, watchers: 19 }
