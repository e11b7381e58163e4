import { connect, type Socket } from 'node:net'

/**
 * A WebSocket client for benches that hold thousands of sockets, on a bare TCP connection: the
 * upgrade request written by hand, text frames masked with a fixed (zero) key, server frames cut
 * by their headers. It does what the `ws` client does for a bench at a fraction of the CPU
 * (no key hashing, no UTF-8 check, no per-frame events), so the client's share of two cores goes
 * to the server measured. Pings are answered; nothing else is checked. Never for production: a
 * client's masking key is to be unpredictable (RFC 6455 §5.3).
 */
export class LeanSocket {
  private pending: Buffer | undefined
  private upgraded = false
  private onFrame: ((payload: Buffer) => void) | undefined

  private constructor(private readonly socket: Socket) {}

  /**
   * Connects to `url` (ws://host:port/path); resolves once the server answered 101. `onFrame`
   * gets each text frame's payload (bytes: decoding is the caller's choice; valid only during the
   * call). `readInto`: the kernel's bytes are read into this buffer (one for every socket of the
   * process) and handed over at once, without the stream's buffer and 'data' event a read.
   */
  static open(
    url: string,
    onFrame: (payload: Buffer) => void,
    readInto?: Buffer,
  ): Promise<LeanSocket> {
    const { hostname, port, pathname } = new URL(url)
    return new Promise((resolve, reject) => {
      const socket = readInto
        ? connect({
            port: Number(port),
            host: hostname,
            onread: {
              buffer: readInto,
              callback: (n) => {
                onData(readInto.subarray(0, n))
                return true
              },
            },
          })
        : connect(Number(port), hostname)
      socket.setNoDelay(true)
      const lean = new LeanSocket(socket)
      lean.onFrame = onFrame
      const onData = (chunk: Buffer) => {
        if (lean.upgraded) return lean.read(chunk)
        const data = lean.pending ? Buffer.concat([lean.pending, chunk]) : chunk
        const end = data.indexOf('\r\n\r\n')
        if (end < 0) {
          lean.pending = Buffer.from(data)
          return
        }
        lean.pending = undefined
        if (!data.subarray(0, 12).toString('latin1').startsWith('HTTP/1.1 101')) {
          socket.destroy()
          return reject(new Error(`upgrade refused: ${data.subarray(0, end).toString('latin1')}`))
        }
        lean.upgraded = true
        resolve(lean)
        if (end + 4 < data.length) lean.read(data.subarray(end + 4))
      }
      socket.on('error', reject)
      socket.once('close', () => reject(new Error('closed before the upgrade')))
      if (!readInto) socket.on('data', onData)
      socket.write(
        `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          'Connection: Upgrade\r\nSec-WebSocket-Key: cm9vbWNhc3QtYmVuY2gtMQ==\r\n' +
          'Sec-WebSocket-Version: 13\r\n\r\n',
      )
    })
  }

  send(text: string): void {
    this.socket.write(maskedFrame(0x1, Buffer.from(text)))
  }

  /** Text frames go to `onFrame` from now on (none: skipped; pings are still answered). */
  listen(onFrame: ((payload: Buffer) => void) | undefined): void {
    this.onFrame = onFrame
  }

  close(): void {
    this.socket.destroy()
  }

  private read(chunk: Buffer): void {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk
    let at = 0
    while (data.length - at >= 2) {
      const short = data[at + 1]! & 0x7f
      let length = short
      let head = 2
      if (short === 126) {
        if (data.length - at < 4) break
        length = data.readUInt16BE(at + 2)
        head = 4
      } else if (short === 127) {
        if (data.length - at < 10) break
        length = Number(data.readBigUInt64BE(at + 2))
        head = 10
      }
      if (data.length - at < head + length) break
      const opcode = data[at]! & 0x0f
      const payload = data.subarray(at + head, at + head + length)
      if (opcode === 0x1) this.onFrame?.(payload)
      else if (opcode === 0x9) this.socket.write(maskedFrame(0xa, payload))
      else if (opcode === 0x8) this.socket.end()
      at += head + length
    }
    this.pending = at < data.length ? Buffer.from(data.subarray(at)) : undefined
  }
}

/** A client frame (FIN, `opcode`), masked with the zero key: the payload goes as it is. */
function maskedFrame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length
  const head = length < 126 ? 6 : length < 65536 ? 8 : 14
  const frame = Buffer.alloc(head + length)
  frame[0] = 0x80 | opcode
  if (length < 126) frame[1] = 0x80 | length
  else if (length < 65536) {
    frame[1] = 0x80 | 126
    frame.writeUInt16BE(length, 2)
  } else {
    frame[1] = 0x80 | 127
    frame.writeBigUInt64BE(BigInt(length), 2)
  }
  payload.copy(frame, head)
  return frame
}
