import { watch, type FSWatcher } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { readPlaylistState, type PlaylistState } from './ll-hls-playlist'

/** A live playlist as read from the disk. */
export interface PlaylistRead {
  readonly text: string
  readonly state: PlaylistState
}

/** How often a waiting folder is looked at even without a change reported (a missed event). */
const POLL_MS = 250

interface Waiter {
  readonly ready: (read: PlaylistRead | undefined) => boolean
  readonly done: (read: PlaylistRead | undefined) => void
}

/**
 * Requests held until a live folder has something (a blocking playlist reload, a part hinted and
 * not yet written). The folder is written by whichever process runs the broadcast and served by
 * any: each process watches the folders it has requests waiting on (one watcher a folder, shared
 * by all of them, closed when none waits), reads the playlist again at each change, and answers
 * the waiters whose condition now holds.
 */
export class LiveWatch {
  private static readonly folders = new Map<string, LiveWatch>()
  private readonly waiters = new Set<Waiter>()
  private watcher: FSWatcher | undefined
  private poll: ReturnType<typeof setInterval> | undefined
  private reading = false
  private again = false

  private constructor(private readonly dir: string) {}

  /** The watch of a live folder (made when first waited on). */
  static of(dir: string): LiveWatch {
    let folder = LiveWatch.folders.get(dir)
    if (!folder) {
      folder = new LiveWatch(dir)
      LiveWatch.folders.set(dir, folder)
    }
    return folder
  }

  /** Folders with requests waiting now (tests). */
  static get watched(): number {
    return LiveWatch.folders.size
  }

  /**
   * Waits until `ready` holds for the folder's playlist (undefined: none yet), at most
   * `timeoutMs`. Answers the playlist it held for, or undefined when the time ran out.
   */
  until(
    ready: (read: PlaylistRead | undefined) => boolean,
    timeoutMs: number,
  ): Promise<PlaylistRead | undefined | 'timeout'> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        ready,
        done: (read) => {
          clearTimeout(timer)
          this.waiters.delete(waiter)
          this.idle()
          resolve(read)
        },
      }
      const timer = setTimeout(() => {
        this.waiters.delete(waiter)
        this.idle()
        resolve('timeout')
      }, timeoutMs)
      this.waiters.add(waiter)
      this.start()
      this.changed()
    })
  }

  private start(): void {
    if (this.poll) return
    this.poll = setInterval(() => this.changed(), POLL_MS)
    try {
      this.watcher = watch(this.dir, () => this.changed())
      this.watcher.on('error', () => undefined)
    } catch {
      // No folder (yet): the poll looks for it.
    }
  }

  private idle(): void {
    if (this.waiters.size > 0) return
    clearInterval(this.poll)
    this.poll = undefined
    this.watcher?.close()
    this.watcher = undefined
    LiveWatch.folders.delete(this.dir)
  }

  /** Something changed in the folder: read the playlist again and answer who can be. */
  private changed(): void {
    if (this.reading) {
      this.again = true
      return
    }
    this.reading = true
    void readFile(join(this.dir, 'index.m3u8'), 'utf8')
      .then(
        (text) => ({ text, state: readPlaylistState(text) }),
        () => undefined,
      )
      .then((read) => {
        this.reading = false
        for (const waiter of [...this.waiters]) if (waiter.ready(read)) waiter.done(read)
        if (this.again) {
          this.again = false
          this.changed()
        }
      })
  }
}
