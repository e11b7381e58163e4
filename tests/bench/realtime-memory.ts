/**
 * `ONLY=memory` of `npm run bench:realtime`: roomcast and plain ws each with N sockets connected
 * and idle, their memory per socket measured, no load.
 */
import { connectAll } from './realtime-connect'
import { N, round, sleep, type Kind } from './realtime-options'

async function memory(kind: Kind) {
  const { server, clients, ready, rssPerSocketKB, heapPerSocketKB } = await connectAll(kind)
  clients.close()
  server.kill()
  await sleep(500)
  const result = {
    sockets: ready,
    rssPerSocketKB: round(rssPerSocketKB),
    heapPerSocketKB: round(heapPerSocketKB),
  }
  console.log(
    `${kind.padEnd(9)} ${ready} sockets: ${result.rssPerSocketKB} KB RSS, ${result.heapPerSocketKB} KB heap per idle socket`,
  )
  return result
}

/** Both servers measured, the ratios printed; the last line is one JSON object. */
export async function memoryOnly(): Promise<void> {
  const roomcast = await memory('roomcast')
  const plain = await memory('plain')
  const rssRatio = round(roomcast.rssPerSocketKB / Math.max(0.01, plain.rssPerSocketKB))
  const heapRatio = round(roomcast.heapPerSocketKB / Math.max(0.01, plain.heapPerSocketKB))
  console.log(
    `per idle socket, roomcast / plain ws: RSS ${rssRatio}x, heap ${heapRatio}x (target ≤ 1.5x)`,
  )
  console.log(
    JSON.stringify({ bench: 'realtime', only: 'memory', N, roomcast, plain, rssRatio, heapRatio }),
  )
}
