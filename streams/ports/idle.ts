import { NEVER, of } from 'rxjs'
import type { BoardPort } from './board'
import type { DevicesPort } from './devices'
import type { MediaPort } from './media'
import type { StoragePort } from './storage'

const done = () => of(undefined)

/**
 * Ports for a session that has no media, board or device layer wired (a text-only session, or a
 * build before those adapters are mounted): every call succeeds and does nothing, no event comes.
 */
export function idleMedia(): MediaPort {
  return {
    events$: NEVER,
    join: done,
    leave: done,
    setRole: done,
    publish: done,
    unpublish: done,
    setVideoProfile: done,
    startScreenShare: done,
    stopScreenShare: done,
    subscribe: done,
    unsubscribe: done,
    setRemoteAudioMuted: done,
    setRemoteVolumes: done,
    switchDevice: done,
    setNoiseReduction: done,
    renewToken: done,
  }
}

export function idleBoard(): BoardPort {
  return {
    events$: NEVER,
    join: done,
    leave: done,
    setWritable: done,
    setViewMode: done,
    setScenePath: done,
    putScenes: done,
    setPage: done,
    setScale: done,
  }
}

export function idleDevices(): DevicesPort {
  return { events$: NEVER, list: () => of([]) }
}

/** Storage in memory (tests, and pages that must not persist anything). */
export function memoryStorage(): StoragePort {
  const values = new Map<string, string>()
  return {
    get: (key) => of(values.get(key) ?? null),
    set: (key, value) => of(void values.set(key, value)),
    remove: (key) => of(void values.delete(key)),
  }
}
