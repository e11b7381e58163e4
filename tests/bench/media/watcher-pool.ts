import { fork, type ChildProcess } from 'node:child_process'
import type { WatcherOrder, WatcherReply } from './watcher-proc'
import { processCpuMs } from './sfu-server'

type Order = WatcherOrder extends infer O
  ? O extends { id: number }
    ? Omit<O, 'id'>
    : never
  : never

/** One watcher process and its numbered orders. */
class WatcherProcess {
  private nextId = 1
  private readonly waiting = new Map<number, (reply: WatcherReply) => void>()
  readonly child: ChildProcess

  constructor() {
    this.child = fork(new URL('./watcher-proc.ts', import.meta.url).pathname, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    })
    this.child.on('message', (reply: WatcherReply) => {
      this.waiting.get(reply.id)?.(reply)
      this.waiting.delete(reply.id)
    })
    this.child.on('exit', (code) => {
      for (const answer of this.waiting.values())
        answer({ id: 0, ok: false, error: `the watcher process exited (${code})` })
      this.waiting.clear()
    })
  }

  order<T>(order: Order): Promise<T> {
    const id = this.nextId++
    return new Promise((resolve, reject) => {
      this.waiting.set(id, (reply) =>
        reply.ok ? resolve(reply.data as T) : reject(new Error(reply.error)),
      )
      this.child.send({ ...order, id })
    })
  }
}

/**
 * Headless watchers spread over processes of `perProcess` each (started as needed and kept for
 * the next step), so that the bench's own JavaScript is not the limit being measured.
 */
export class WatcherPool {
  private readonly processes: WatcherProcess[] = []
  private used = 0

  constructor(private readonly perProcess: number) {}

  /** Joins `count` watchers to the room, spread evenly over as many processes as they need. */
  async join(url: string, roomName: string, count: number): Promise<void> {
    this.used = Math.ceil(count / this.perProcess)
    while (this.processes.length < this.used) this.processes.push(new WatcherProcess())
    const share = Math.ceil(count / this.used)
    await Promise.all(
      this.active().map((p, k) => {
        const names = Array.from(
          { length: Math.max(0, Math.min(share, count - k * share)) },
          (_, i) => `w${k * share + i}`,
        )
        return p.order({ op: 'join', url, roomName, names })
      }),
    )
  }

  async watchAll(): Promise<void> {
    await Promise.all(this.active().map((p) => p.order({ op: 'watchAll' })))
  }

  /** Frames received so far: per watcher, per stream. */
  async counts(): Promise<number[][]> {
    const all = await Promise.all(this.active().map((p) => p.order<number[][]>({ op: 'counts' })))
    return all.flat()
  }

  /** CPU time the active watcher processes have used so far, ms. */
  cpuMs(): number {
    return this.active().reduce((sum, p) => sum + processCpuMs(p.child.pid ?? 0), 0)
  }

  get processCount(): number {
    return this.used
  }

  /** Every watcher leaves; the processes stay for the next step. */
  async leave(): Promise<void> {
    await Promise.all(this.active().map((p) => p.order({ op: 'close' }).catch(() => undefined)))
    this.used = 0
  }

  close(): void {
    for (const p of this.processes) p.child.disconnect()
    this.processes.length = 0
  }

  private active(): WatcherProcess[] {
    return this.processes.slice(0, this.used)
  }
}
