import type { StoragePort } from '@streams/ports'
import { STORAGE_PREFIX } from '../app/room-memory'

/** The storage port over the tab's session storage (kept across a reload, gone with the tab). */
export function browserStorage(): StoragePort {
  const key = (name: string) => `${STORAGE_PREFIX}${name}`
  return {
    get: async (name) => sessionStorage.getItem(key(name)),
    set: async (name, value) => sessionStorage.setItem(key(name), value),
    remove: async (name) => sessionStorage.removeItem(key(name)),
  }
}
