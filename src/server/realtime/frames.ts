import type { RawData } from 'ws'

/**
 * A WebSocket text frame from the server (RFC 6455 §5.2: FIN, opcode 1, unmasked), built once
 * so one broadcast is framed once and the same bytes go to every member's socket.
 */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8')
  const length = payload.length
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10
  const frame = Buffer.allocUnsafe(headerLength + length)
  frame[0] = 0x81
  if (length < 126) frame[1] = length
  else if (length < 65536) {
    frame[1] = 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(frame, headerLength)
  return frame
}

/** The size of a received frame (ws hands a Buffer, an ArrayBuffer or fragments). */
export function frameBytes(raw: RawData): number {
  return Array.isArray(raw) ? raw.reduce((n, b) => n + b.length, 0) : raw.byteLength
}
