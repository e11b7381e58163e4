import type { WebSocket } from 'ws'

interface UpgradedSocket {
  _httpMessage?: { detachSocket?(socket: unknown): void } | null
}

/**
 * Lets go of what a WebSocket's upgrade request leaves behind for as long as the connection
 * lives (docs/realtime.md "Memory"): @fastify/websocket's `error` listener, whose closure holds
 * the Fastify request and reply, and the HTTP response it assigned to the TCP socket, which holds
 * the request with its headers. About 3 KB a connection; the caller adds its own `error` listener
 * right after (a WebSocket must have one).
 */
export function releaseUpgrade(socket: WebSocket): void {
  socket.removeAllListeners('error')
  const raw = (socket as unknown as { _socket?: UpgradedSocket })._socket
  const response = raw?._httpMessage
  if (!raw || !response) return
  if (typeof response.detachSocket === 'function') response.detachSocket(raw)
  else raw._httpMessage = null
}
