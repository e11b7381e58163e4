import { spawn } from 'node:child_process'
import { createSocket } from 'node:dgram'
import { MediaStreamTrack, RTCPeerConnection, RTCRtpCodecParameters } from 'werift'
import { enterRoom } from './entry'
import { SfuPeerSocket } from './sfu-socket'

/** Seconds of video the source loops (a key frame starts each second). */
const LOOP_SECONDS = 2

/**
 * One VP8 camera for every headless publisher of a step: ffmpeg encodes two seconds of a test
 * pattern once (720x300, the main-screen profile of [VIDEO-2], a key frame every second) as RTP,
 * and we play those frames in a loop at the source's rate, renumbered (sequence, timestamp, VP8
 * picture id) so they read as one endless stream; each publisher sends a copy (werift gives each
 * its own SSRC). So the publishers cost the machine almost nothing and keep their rate however
 * busy it is: what is measured is the SFU's forwarding.
 */
export class RtpSource {
  private readonly tracks = new Set<MediaStreamTrack>()
  private readonly timer: NodeJS.Timeout
  private sequence = 0
  private sent = 0

  private constructor(
    private readonly frames: Buffer[][],
    private readonly fps: number,
  ) {
    const started = performance.now()
    // Frames go out on the clock (never faster, catching up after a late turn).
    this.timer = setInterval(
      () => {
        const due = Math.floor(((performance.now() - started) * fps) / 1000)
        while (this.sent <= due) this.sendFrame(this.sent++)
      },
      1000 / fps / 2,
    )
  }

  static async start(profile: { width: number; height: number; bitrate: number }, fps: number) {
    const socket = createSocket('udp4')
    await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve))
    const packets: Buffer[] = []
    socket.on('message', (packet) => packets.push(packet))
    const ffmpeg = spawn(
      process.env.FFMPEG_BIN ?? 'ffmpeg',
      [
        ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
        ...['-i', `testsrc2=size=${profile.width}x${profile.height}:rate=${fps}`],
        ...['-frames:v', String(fps * LOOP_SECONDS), '-c:v', 'libvpx', '-deadline', 'good'],
        ...['-b:v', `${profile.bitrate}k`, '-g', String(fps), '-auto-alt-ref', '0', '-an'],
        ...['-f', 'rtp', '-payload_type', '96'],
        `rtp://127.0.0.1:${socket.address().port}?pkt_size=1200`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    )
    const code = await new Promise((resolve) => ffmpeg.once('exit', resolve))
    await new Promise((r) => setTimeout(r, 200))
    socket.close()
    if (code !== 0) throw new Error(`ffmpeg could not encode the test pattern (${code})`)
    const frames: Buffer[][] = []
    let last: number | undefined
    for (const packet of packets) {
      const timestamp = packet.readUInt32BE(4)
      if (timestamp !== last) frames.push([])
      last = timestamp
      frames[frames.length - 1]!.push(packet)
    }
    if (frames.length !== fps * LOOP_SECONDS)
      throw new Error(`ffmpeg sent ${frames.length} frames, not ${fps * LOOP_SECONDS}`)
    return new RtpSource(frames, fps)
  }

  add(track: MediaStreamTrack): () => void {
    this.tracks.add(track)
    return () => this.tracks.delete(track)
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
  }

  private sendFrame(index: number): void {
    const frame = this.frames[index % this.frames.length]!
    for (const original of frame) {
      const packet = Buffer.from(original)
      packet.writeUInt16BE(this.sequence++ & 0xffff, 2)
      packet.writeUInt32BE((index * (90000 / this.fps)) >>> 0, 4)
      pictureId(packet, index)
      for (const track of this.tracks) track.writeRtp(packet)
    }
  }
}

/** Writes the VP8 payload descriptor's picture id (RFC 7741), when the packet carries one. */
function pictureId(packet: Buffer, id: number): void {
  const csrc = packet[0]! & 0x0f
  let at = 12 + csrc * 4
  if (packet[0]! & 0x10) at += 4 + packet.readUInt16BE(at + 2) * 4
  if (!(packet[at]! & 0x80) || !(packet[at + 1]! & 0x80)) return
  at += 2
  if (packet[at]! & 0x80) packet.writeUInt16BE(0x8000 | (id & 0x7fff), at)
  else packet[at] = id & 0x7f
}

/**
 * A headless publisher through the SFU (werift in Node): enters the room as a conferee, is
 * granted the microphone and camera by the host (`grant`), joins the SFU signalling with its rtc token and publishes a camera through
 * our server's `publish` (so its grant is checked as a browser's is), sending the source's VP8.
 */
export class WeriftPublisher {
  private constructor(
    private readonly pc: RTCPeerConnection,
    private readonly socket: SfuPeerSocket,
    private readonly detach: () => void,
  ) {}

  static async join(
    url: string,
    roomName: string,
    name: string,
    source: RtpSource,
    grant: (uid: string) => Promise<void>,
  ) {
    const who = await enterRoom(url, { roomName, userName: name })
    await grant(who.uid)
    const socket = await SfuPeerSocket.open(url.replace('http', 'ws') + '/sfu')
    const joined = await socket.request({
      t: 'join',
      channel: who.channel,
      uid: who.uid,
      token: who.rtcToken,
    })
    if (joined.t !== 'ack') throw new Error(`join refused: ${joined.message}`)
    const pc = new RTCPeerConnection({
      codecs: {
        video: [
          new RTCRtpCodecParameters({
            mimeType: 'video/VP8',
            clockRate: 90000,
            rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
          }),
        ],
      },
    })
    const track = new MediaStreamTrack({ kind: 'video' })
    pc.addTransceiver(track, { direction: 'sendonly' })
    await pc.setLocalDescription(await pc.createOffer())
    const answer = await socket.request({
      t: 'publish',
      source: 'camera',
      sdp: pc.localDescription?.sdp,
    })
    if (answer.t !== 'ack') throw new Error(`publish refused: ${answer.message}`)
    await pc.setRemoteDescription({ type: 'answer', sdp: answer.data.sdp })
    return new WeriftPublisher(pc, socket, source.add(track))
  }

  async close(): Promise<void> {
    this.detach()
    this.socket.close()
    await this.pc.close()
  }
}
