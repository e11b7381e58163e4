import { Role } from '@streams/wire/roles'
import type { Settings } from '../config'

export interface Capacity {
  readonly hosts: number
  readonly conferees: number
}

/**
 * Capacity by room type ([HOME-6] decision): one host; conferees by the settings, by default
 * one-to-one 1, small classroom 16, lecture hall unlimited. CDN audience and projection screens
 * are not counted.
 */
export function capacityFor(settings: Pick<Settings, 'conferees'>, roomType: number): Capacity {
  const conferees = settings.conferees[roomType] ?? settings.conferees[1]
  return { hosts: 1, conferees: conferees ?? Number.POSITIVE_INFINITY }
}

export type CapacityRefusal = { code: number; msg: string; reason: string } | null

/** Whether one more member of `role` fits, given who is present by role. */
export function checkCapacity(
  capacity: Capacity,
  role: number,
  present: ReadonlyMap<number, number>,
): CapacityRefusal {
  const hosts = present.get(Role.host) ?? 0
  const conferees = present.get(Role.conferee) ?? 0
  const hostsFull = hosts >= capacity.hosts
  const confereesFull = conferees >= capacity.conferees
  if (role === Role.host && hostsFull) {
    return confereesFull
      ? { code: 1103, msg: 'teacher and student limit reached', reason: 'roomFull' }
      : { code: 1101, msg: 'teacher already exists (wait 30 s or reopen)', reason: 'hostExists' }
  }
  if (role === Role.conferee && confereesFull) {
    return hostsFull
      ? { code: 1103, msg: 'teacher and student limit reached', reason: 'roomFull' }
      : { code: 1102, msg: 'student limit reached (wait 30 s or rejoin)', reason: 'confereesFull' }
  }
  return null
}
