// One process of headless SFU watchers (werift), driven by the bench over IPC (watcher-pool.ts).
// The watchers are spread over several processes so that no one Node event loop, decrypting
// every watcher's SRTP in JavaScript, caps what the SFU is seen to sustain.
import { WeriftWatcher } from './werift-watcher'

export type WatcherOrder =
  | { id: number; op: 'join'; url: string; roomName: string; names: string[] }
  | { id: number; op: 'watchAll' }
  | { id: number; op: 'counts' }
  | { id: number; op: 'close' }

export type WatcherReply =
  { id: number; ok: true; data?: unknown } | { id: number; ok: false; error: string }

const watchers: WeriftWatcher[] = []
/** Joins at once per process: a burst of DTLS handshakes is CPU the machine has to spare. */
const JOIN_BATCH = 5

async function handle(order: WatcherOrder): Promise<unknown> {
  switch (order.op) {
    case 'join':
      for (let i = 0; i < order.names.length; i += JOIN_BATCH) {
        const batch = order.names.slice(i, i + JOIN_BATCH)
        watchers.push(
          ...(await Promise.all(
            batch.map((name) => WeriftWatcher.join(order.url, order.roomName, name)),
          )),
        )
      }
      return watchers.length
    case 'watchAll':
      return Promise.all(watchers.map((w) => w.watchAll()))
    case 'counts':
      return watchers.map((w) => w.counts())
    case 'close': {
      const all = watchers.splice(0)
      await Promise.all(all.map((w) => w.close().catch(() => undefined)))
      return undefined
    }
  }
}

process.on('message', (order: WatcherOrder) => {
  handle(order).then(
    (data) => process.send?.({ id: order.id, ok: true, data } satisfies WatcherReply),
    (error: Error) =>
      process.send?.({ id: order.id, ok: false, error: error.message } satisfies WatcherReply),
  )
})
process.on('disconnect', () => process.exit(0))
