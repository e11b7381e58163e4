/**
 * `npm run bench:realtime`'s options (environment variables) and small helpers shared by its
 * runs (realtime.ts describes the bench).
 */
import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'

/** Receiving sockets, all in one channel. */
export const N = Number(process.env.N ?? 10_000)
/** Broadcasts a second in the steady phase. */
export const RATE = Number(process.env.RATE ?? 12)
/** The steady phase's measured window, after a second of warm-up. */
export const STEADY_SECONDS = Number(process.env.SECONDS ?? 6)
/** Broadcasts sent at once after the steady phase (within the 60-a-second limit of a window). */
export const BURST = 50
/** `ONLY=memory`: connect the sockets, measure memory per idle socket, skip the load. */
export const MEMORY_ONLY = process.env.ONLY === 'memory'
/** The receivers, in CLIENT_PROCESSES processes (default 2: both cores can read). */
export const CLIENT_PROCESSES = Number(process.env.CLIENT_PROCESSES ?? 2)
/** Node options for the one-process servers (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`). */
export const SERVER_NODE_ARGS = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean)
/**
 * `PROFILE=dir`: a CPU profile of each one-process server during the steady window, written to
 * `dir` (for the servers' whole life, `SERVER_NODE_ARGS='--cpu-prof'`).
 */
export const PROFILE = process.env.PROFILE || undefined
/** Runs left out (`SKIP=redis,raw`): the 1-process and plain runs always go. */
export const SKIP = new Set((process.env.SKIP ?? '').split(',').filter(Boolean))
/** The secret the roomcast servers sign with, so the bench signs its members' tokens. */
export const SECRET = randomBytes(16).toString('hex')

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const round = (n: number) => Math.round(n * 100) / 100
/** The load average (1, 5 and 15 minutes), as printed. */
export const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')

/** A server of the bench: this project's, the plain ws example, raw writes, or two on Redis. */
export type Kind = 'roomcast' | 'plain' | 'raw' | 'redis'
