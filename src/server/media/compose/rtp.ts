import { createSocket, type Socket } from 'node:dgram'

/** The RTP payloads our pipelines speak: VP8 video and Opus audio (the SFU's codecs). */
export const RtpCodec = {
  vp8: { kind: 'video', pt: 96, rtpmap: 'VP8/90000' },
  opus: { kind: 'audio', pt: 111, rtpmap: 'opus/48000/2' },
} as const
export type RtpCodecName = keyof typeof RtpCodec

/** An SDP that tells ffmpeg to receive one RTP stream on a loopback port. */
export function sdpFor(codec: RtpCodecName, port: number): string {
  const { kind, pt, rtpmap } = RtpCodec[codec]
  return [
    'v=0',
    'o=- 0 0 IN IP4 127.0.0.1',
    's=roomcast',
    'c=IN IP4 127.0.0.1',
    't=0 0',
    `m=${kind} ${port} RTP/AVP ${pt}`,
    `a=rtpmap:${pt} ${rtpmap}`,
    'a=recvonly',
    '',
  ].join('\r\n')
}

const bind = (port: number): Promise<Socket | undefined> =>
  new Promise((resolve) => {
    const socket = createSocket('udp4')
    socket.once('error', () => {
      socket.close()
      resolve(undefined)
    })
    socket.bind(port, '127.0.0.1', () => resolve(socket))
  })

/**
 * A free pair of loopback UDP ports, `port` for RTP and `port + 1` for RTCP (where ffmpeg's RTP
 * receiver listens too).
 */
export async function freeRtpPort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = await bind(0)
    if (!first) continue
    const port = first.address().port
    const second = port < 65535 ? await bind(port + 1) : undefined
    first.close()
    second?.close()
    if (second) return port
  }
  throw new Error('no free UDP port pair on the loopback interface')
}

/** An RTCP picture loss indication (RFC 4585): asks the sender of `mediaSsrc` for a key frame. */
export function pliPacket(mediaSsrc = 0, senderSsrc = 1): Buffer {
  const packet = Buffer.alloc(12)
  packet[0] = 0x81 // version 2, FMT 1 (PLI)
  packet[1] = 206 // payload-specific feedback
  packet.writeUInt16BE(2, 2) // length in 32-bit words minus one
  packet.writeUInt32BE(senderSsrc >>> 0, 4)
  packet.writeUInt32BE(mediaSsrc >>> 0, 8)
  return packet
}

/**
 * One loopback socket that takes the RTCP Janus's forwarders send (given to Janus as their
 * `rtcp_port`; ffmpeg's receivers must not get it: with it they wait for key frames forever)
 * and sends PLIs to their RTCP ports to ask the publishers for key frames.
 */
export class KeyframeRequester {
  private socket: Socket | undefined
  private bound: Promise<number> | undefined

  /** The port to give Janus as a forwarder's `rtcp_port`. */
  port(): Promise<number> {
    if (!this.bound) {
      const socket = (this.socket = createSocket('udp4'))
      socket.on('error', () => undefined)
      socket.on('message', () => undefined)
      this.bound = new Promise((resolve) =>
        socket.bind(0, '127.0.0.1', () => {
          socket.unref()
          resolve(socket.address().port)
        }),
      )
    }
    return this.bound
  }

  async request(port: number): Promise<void> {
    await this.port()
    this.socket?.send(pliPacket(), port, '127.0.0.1')
  }

  close(): void {
    this.socket?.close()
    this.socket = undefined
    this.bound = undefined
  }
}
