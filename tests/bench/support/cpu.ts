import { availableParallelism } from 'node:os'

/** The cores this machine offers a bench's processes together. */
export const CORES = availableParallelism()

/** The CPU time this process has used so far (user and system), µs. */
export function cpuMicros(): number {
  const { user, system } = process.cpuUsage()
  return user + system
}

/**
 * The shortest one broadcast to `sockets` can take on this machine when each delivery costs
 * `usPerDelivery` of CPU in all (sender and receiver): that CPU spread perfectly over every
 * core, ms. A p99 below it is out of reach for any server here under that load.
 */
export const fanOutFloorMs = (usPerDelivery: number, sockets: number): number =>
  (usPerDelivery * sockets) / CORES / 1000
