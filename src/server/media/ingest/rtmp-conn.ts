import { randomBytes } from 'node:crypto'
import type { Socket } from 'node:net'
import { decodeAmf0, encodeAmf0, type Amf } from './amf0'
import { ChunkReader, chunked, MAX_MESSAGE } from './chunks'

/** What a publisher asks for: the application of its URL and the stream name (the key). */
export interface PublishRequest {
  readonly app: string
  readonly name: string
  readonly remote: string
  /** Ends this publisher's connection (its media cannot be taken any more). */
  readonly hangUp: (reason: string) => void
}

/** Where an accepted publisher's media goes: FLV tags (8 audio, 9 video, 18 metadata). */
export interface TagSink {
  tag(type: 8 | 9 | 18, timestamp: number, payload: Buffer): void
  /** The publisher stopped or went away (the reason says which). */
  end(reason: string): void
}

/** The server's answer to a publish: a sink, or a refusal the publisher is told. */
export type PublishDecision =
  | { readonly accept: TagSink }
  | { readonly refuse: { readonly code: string; readonly description: string } }

export interface RtmpLog {
  warn(message: string): void
}

const HANDSHAKE = 1536
/** Chunk size we send with, announced at connect. */
const OUT_CHUNK = 4096
const WINDOW = 2_500_000
const HANDSHAKE_MS = 10_000

const enum Msg {
  setChunkSize = 1,
  abort = 2,
  ack = 3,
  userControl = 4,
  windowAck = 5,
  peerBandwidth = 6,
  audio = 8,
  video = 9,
  dataAmf3 = 15,
  commandAmf3 = 17,
  dataAmf0 = 18,
  commandAmf0 = 20,
}

/**
 * One RTMP connection, publish only (what an encoder does): the simple handshake, the chunk
 * stream both ways, `connect`, `createStream` and `publish`, whose stream name the server checks
 * (`authorize`) before any media is taken; a refusal is an `onStatus` error the encoder shows
 * (ffmpeg prints "Server error: …"), and the connection closes. Play requests are refused.
 */
export class RtmpConnection {
  private buf: Buffer = Buffer.alloc(0)
  private phase: 'c0c1' | 'c2' | 'chunks' | 'closed' = 'c0c1'
  private readonly reader = new ChunkReader()
  private bytesIn = 0
  private ackedAt = 0
  private peerWindow = WINDOW
  private app = ''
  private sink: TagSink | undefined
  private deciding = false
  private readonly handshakeTimer: NodeJS.Timeout

  constructor(
    private readonly socket: Socket,
    private readonly authorize: (request: PublishRequest) => Promise<PublishDecision>,
    private readonly log: RtmpLog,
  ) {
    socket.setNoDelay(true)
    this.handshakeTimer = setTimeout(() => this.close('no RTMP handshake'), HANDSHAKE_MS)
    socket.on('data', (data: Buffer) => this.receive(data))
    socket.on('error', () => undefined)
    socket.on('close', () => this.close('the publisher disconnected'))
  }

  private get isClosed(): boolean {
    return this.phase === 'closed'
  }

  get publishing(): boolean {
    return this.sink !== undefined
  }

  /** Ends the connection (and the publish, telling its sink why). */
  close(reason: string): void {
    if (this.phase === 'closed') return
    this.phase = 'closed'
    clearTimeout(this.handshakeTimer)
    const sink = this.sink
    this.sink = undefined
    sink?.end(reason)
    this.socket.end()
    setTimeout(() => this.socket.destroy(), 1000).unref()
  }

  private receive(data: Buffer): void {
    if (this.phase === 'closed') return
    this.bytesIn += data.length
    if (this.bytesIn - this.ackedAt >= this.peerWindow) {
      this.ackedAt = this.bytesIn
      this.sendControl(Msg.ack, u32(this.bytesIn >>> 0))
    }
    this.buf = this.buf.length ? Buffer.concat([this.buf, data]) : data
    try {
      let offset = 0
      for (;;) {
        const used = this.step(offset)
        if (used === 0) break
        offset += used
        if (this.isClosed) return
      }
      this.buf = this.buf.subarray(offset)
    } catch (error) {
      this.log.warn(`rtmp ${this.remote}: ${(error as Error).message}`)
      this.close(`RTMP protocol error: ${(error as Error).message}`)
    }
  }

  private get remote(): string {
    return `${this.socket.remoteAddress ?? '?'}:${this.socket.remotePort ?? '?'}`
  }

  /** Takes one handshake part or one chunk from `offset`; answers the bytes used (0: need more). */
  private step(offset: number): number {
    const avail = this.buf.length - offset
    if (this.phase === 'c0c1') {
      if (avail < 1 + HANDSHAKE) return 0
      const version = this.buf[offset]!
      if (version !== 3) throw new Error(`not RTMP (handshake version ${version})`)
      const c1 = this.buf.subarray(offset + 1, offset + 1 + HANDSHAKE)
      const s1 = Buffer.concat([Buffer.alloc(8), randomBytes(HANDSHAKE - 8)])
      s1.writeUInt32BE(0, 0)
      this.socket.write(Buffer.concat([Buffer.from([3]), s1, c1]))
      this.phase = 'c2'
      return 1 + HANDSHAKE
    }
    if (this.phase === 'c2') {
      if (avail < HANDSHAKE) return 0
      this.phase = 'chunks'
      clearTimeout(this.handshakeTimer)
      return HANDSHAKE
    }
    const { used, message } = this.reader.read(this.buf, offset)
    if (message) this.message(message.type, message.timestamp, message.payload)
    return used
  }

  private message(type: number, timestamp: number, payload: Buffer): void {
    switch (type) {
      case Msg.setChunkSize: {
        const size = payload.readUInt32BE(0) & 0x7fffffff
        if (size < 1 || size > MAX_MESSAGE) throw new Error(`bad chunk size ${size}`)
        this.reader.chunkSize = size
        return
      }
      case Msg.windowAck:
        this.peerWindow = Math.max(1, payload.readUInt32BE(0))
        return
      case Msg.abort:
        this.reader.abort(payload.readUInt32BE(0))
        return
      case Msg.commandAmf0:
        return this.command(decodeAmf0(payload))
      case Msg.commandAmf3:
        return this.command(decodeAmf0(payload.subarray(1)))
      case Msg.dataAmf0:
      case Msg.dataAmf3: {
        const body = type === Msg.dataAmf3 ? payload.subarray(1) : payload
        const values = decodeAmf0(body)
        // '@setDataFrame', 'onMetaData', {…} is stored as the stream's 'onMetaData', {…}.
        const meta = values[0] === '@setDataFrame' ? values.slice(1) : values
        if (meta[0] === 'onMetaData') this.sink?.tag(18, timestamp, encodeAmf0(...meta))
        return
      }
      case Msg.audio:
      case Msg.video:
        if (payload.length > 0) this.sink?.tag(type, timestamp, payload)
        return
      default:
        return // acks, user control (pings) and bandwidth: nothing to do for a publisher
    }
  }

  private command(values: Amf[]): void {
    const [name, txid] = values
    const tx = typeof txid === 'number' ? txid : 0
    switch (name) {
      case 'connect': {
        const info = values[2]
        const app = info && typeof info === 'object' && !Array.isArray(info) ? info.app : ''
        this.app = typeof app === 'string' ? app.replace(/\/+$/, '') : ''
        this.sendControl(Msg.windowAck, u32(WINDOW))
        this.sendControl(Msg.peerBandwidth, Buffer.concat([u32(WINDOW), Buffer.from([2])]))
        this.sendControl(Msg.setChunkSize, u32(OUT_CHUNK))
        this.outChunk = OUT_CHUNK
        this.sendCommand(0, [
          '_result',
          tx,
          { fmsVer: 'FMS/3,0,1,123', capabilities: 31 },
          {
            level: 'status',
            code: 'NetConnection.Connect.Success',
            description: 'Connection succeeded.',
            objectEncoding: 0,
          },
        ])
        return
      }
      case 'createStream':
        this.sendCommand(0, ['_result', tx, null, 1])
        return
      case 'publish': {
        const raw = values[3]
        const name = typeof raw === 'string' ? raw.split('?')[0]! : ''
        void this.publish(name)
        return
      }
      case 'play':
        this.refuse('NetStream.Play.Failed', 'this server takes publishers only')
        return
      case 'FCUnpublish':
      case 'deleteStream':
      case 'closeStream':
        if (this.sink) this.close('the publisher stopped')
        return
      default:
        // releaseStream, FCPublish, getStreamLength, _checkbw …: nothing a publisher waits for.
        if (tx > 0 && name !== 'releaseStream' && name !== 'FCPublish')
          this.sendCommand(0, ['_result', tx, null, null])
        return
    }
  }

  private async publish(name: string): Promise<void> {
    if (this.sink || this.deciding) return
    this.deciding = true
    let decision: PublishDecision
    try {
      decision = await this.authorize({
        app: this.app,
        name,
        remote: this.remote,
        hangUp: (reason) => this.close(reason),
      })
    } catch (error) {
      decision = {
        refuse: { code: 'NetStream.Publish.Failed', description: (error as Error).message },
      }
    }
    this.deciding = false
    if (this.phase === 'closed') {
      if ('accept' in decision) decision.accept.end('the publisher disconnected')
      return
    }
    if ('refuse' in decision) {
      this.refuse(decision.refuse.code, decision.refuse.description)
      return
    }
    this.sink = decision.accept
    // Stream Begin on stream 1, then the status the encoder waits for.
    this.sendControl(Msg.userControl, Buffer.from([0, 0, 0, 0, 0, 1]))
    this.sendCommand(1, [
      'onStatus',
      0,
      null,
      { level: 'status', code: 'NetStream.Publish.Start', description: `${name} is published` },
    ])
  }

  /** Tells the encoder why it is refused (an onStatus error), then hangs up. */
  private refuse(code: string, description: string): void {
    this.sendCommand(1, ['onStatus', 0, null, { level: 'error', code, description }])
    this.close(description)
  }

  private outChunk = 128

  private sendControl(type: number, payload: Buffer): void {
    this.send(2, type, 0, payload)
  }

  private sendCommand(streamId: number, values: Amf[]): void {
    this.send(streamId === 0 ? 3 : 5, Msg.commandAmf0, streamId, encodeAmf0(...values))
  }

  private send(csid: number, type: number, streamId: number, payload: Buffer): void {
    if (!this.socket.destroyed)
      this.socket.write(chunked(csid, type, streamId, payload, this.outChunk))
  }
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n >>> 0, 0)
  return b
}
