/**
 * A server under load for `npm run bench:realtime`, in its own process so its memory is its own:
 * `roomcast` (this project's realtime service, the whole server) or `plain` (the ws library's
 * broadcast example: every message relayed to every other client) or `raw` (each message framed
 * once and its bytes written straight to every other client's TCP socket: no protocol, no
 * checks, but one write per message, as roomcast would be without its per-turn batching).
 * Prints its port, then answers 'rss' (RSS and heap in use after a GC), 'cpu' (microseconds
 * used) and 'profile' (starts a CPU profile; with a `file`, stops it and writes it there) over IPC. The bench runs it built, as `npm start` runs the server
 * (scripts/build-server.mjs): Node alone, no TypeScript loader.
 */
import { writeFileSync } from 'node:fs'
import { Session } from 'node:inspector/promises'
import type { Duplex } from 'node:stream'
import v8 from 'node:v8'
import { WebSocketServer } from 'ws'
import { buildApp } from '../../src/server/app'
import { DEFAULT_SETTINGS } from '../../src/server/config'
import { textFrame } from '../../src/server/realtime/frames'
import type { Db } from '../../src/server/store/db'
import { createRoom } from '../../src/server/store/rooms'
import { cpuMicros } from './support/cpu'

const kind = process.argv[2]
const rss = () => process.memoryUsage().rss
const heapUsed = () => process.memoryUsage().heapUsed
/**
 * The young generation's committed size: V8 grows it under load and shrinks it when idle, in its
 * own time, tens of MB at once; RSS per socket is counted without it.
 */
const young = () =>
  v8
    .getHeapSpaceStatistics()
    .filter((s) => s.space_name === 'new_space' || s.space_name === 'new_large_object_space')
    .reduce((sum, s) => sum + s.space_size, 0)

const raw = (ws: unknown) => (ws as { _socket: Duplex })._socket
const HELLO = 'hello'

/** A bare `ws` server relaying each message to every other client, as `kind` says. */
async function relay(): Promise<number> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false })
  wss.on('connection', (ws) => {
    ws.on('message', (data, isBinary) => {
      // A client's first words are answered to it alone (as roomcast answers a login and a
      // join): an idle socket then holds what a socket that has spoken holds.
      if (!isBinary && data.toString() === HELLO) return ws.send(HELLO)
      if (kind === 'raw') {
        const frame = textFrame(data.toString())
        for (const client of wss.clients) if (client !== ws) raw(client).write(frame)
        return
      }
      for (const client of wss.clients)
        if (client !== ws && client.readyState === client.OPEN)
          client.send(data, { binary: isBinary })
    })
  })
  await new Promise((resolve) => wss.once('listening', resolve))
  return (wss.address() as { port: number }).port
}

/**
 * The sender is a member of a room whose channel is 'bench': the service relays channel messages
 * from its rooms' members only, under the name its roster holds.
 */
async function seatSender(db: Db): Promise<void> {
  const room = await createRoom(db, {
    roomName: 'bench',
    roomType: 2,
    passwordHash: '',
    createUserId: 'usender',
    now: Date.now(),
  })
  await db.query("UPDATE rooms SET channel_name = 'bench' WHERE room_id = $1", [room.room_id])
  await db.query(
    `INSERT INTO room_members (room_id, uid, user_id, user_name, user_uuid, user_photo, role, enable_audio, enable_video, screen_id, projection_id, joined_at, seen_at)
     VALUES ($1, 'sender', 'usender', 'bench', 'bench', '', 1, 0, 0, 'sender-screen', '', $2, $2)`,
    [room.room_id, Date.now()],
  )
}

async function start(): Promise<number> {
  if (kind === 'raw' || kind === 'plain') return relay()
  // Every bench socket comes from this one loopback address: no per-address cap.
  const app = await buildApp({
    memory: true,
    logger: false,
    staticDir: undefined,
    settings: { rtm: { ...DEFAULT_SETTINGS.rtm, maxPerAddress: 0 } },
    // One of several processes sharing the realtime service through Redis (the 2-process run).
    // Each keeps its own embedded database: fan-out needs none shared (the sender's roster and
    // the channel history are read and written on the process the sender is connected to).
    redisUrl: process.env.REDIS_URL || undefined,
    redisPrefix: process.env.REDIS_PREFIX || undefined,
  })
  await seatSender(app.db)
  const address = await app.fastify.listen({ host: '127.0.0.1', port: 0 })
  return Number(new URL(address).port)
}

/** A CPU profile of a window the bench chooses ('profile' to start, 'profiled' with a file). */
let profiler: Session | undefined
async function profile(file: string | undefined): Promise<void> {
  if (!file) {
    profiler = new Session()
    profiler.connect()
    await profiler.post('Profiler.enable')
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 })
    await profiler.post('Profiler.start')
    return
  }
  const { profile } = await profiler!.post('Profiler.stop')
  profiler!.disconnect()
  profiler = undefined
  writeFileSync(file, JSON.stringify(profile))
}

const port = await start()
process.on('message', (message: { ask: string; file?: string }) => {
  if (message.ask === 'profile') {
    void profile(message.file).then(() => process.send?.({ profiled: true }))
  } else if (message.ask === 'exit') {
    process.exit(0)
  } else if (message.ask === 'cpu') {
    process.send?.({ cpu: cpuMicros() })
  } else if (message.ask === 'rss') {
    // RSS and the JavaScript heap in use, after full collections and time for V8 to give the
    // pages it freed back (else startup's garbage, freed late, hides the sockets' growth).
    global.gc?.()
    setTimeout(() => {
      global.gc?.()
      setTimeout(() => process.send?.({ rss: rss(), young: young(), heap: heapUsed() }), 1000)
    }, 1000)
  }
})
process.send?.({ port })
