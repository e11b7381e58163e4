import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift'
import { enterRoom } from './entry'
import { SfuPeerSocket } from './sfu-socket'

/**
 * A headless watcher through the SFU (werift in Node): enters the room over REST, joins the SFU
 * signalling with its rtc token, wants every camera video at the top layer and counts the frames
 * that arrive (RTP packets with the marker bit, one per frame).
 */
export class WeriftWatcher {
  private readonly pc = new RTCPeerConnection({
    codecs: {
      audio: [new RTCRtpCodecParameters({ mimeType: 'audio/opus', clockRate: 48000, channels: 2 })],
      video: [
        new RTCRtpCodecParameters({
          mimeType: 'video/VP8',
          clockRate: 90000,
          rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }],
        }),
      ],
    },
  })
  /** Frames received per stream (by the mid in my connection). */
  readonly frames = new Map<string, number>()

  private constructor(private readonly socket: SfuPeerSocket) {
    this.pc.onTrack.subscribe((track) => {
      if (track.kind !== 'video') return
      track.onReceiveRtp.subscribe((rtp) => {
        if (!rtp.header.marker) return
        const key = String(track.ssrc)
        this.frames.set(key, (this.frames.get(key) ?? 0) + 1)
      })
    })
    socket.onOffer(async (sdp) => {
      await this.pc.setRemoteDescription({ type: 'offer', sdp })
      await this.pc.setLocalDescription(await this.pc.createAnswer())
      await socket.request({ t: 'answer', sdp: this.pc.localDescription?.sdp })
    })
  }

  static async join(url: string, roomName: string, name: string): Promise<WeriftWatcher> {
    const who = await enterRoom(url, { roomName, userName: name })
    const socket = await SfuPeerSocket.open(url.replace('http', 'ws') + '/sfu')
    const watcher = new WeriftWatcher(socket)
    const joined = await socket.request({
      t: 'join',
      channel: who.channel,
      uid: who.uid,
      token: who.rtcToken,
    })
    if (joined.t !== 'ack') throw new Error(`join refused: ${joined.message}`)
    return watcher
  }

  /** Wants every camera video in the room now, at the top layer. */
  async watchAll(): Promise<number> {
    const feeds = this.socket.feeds().filter((f: any) => f.source === 'camera' && f.video)
    const streams = feeds.map((f: any) => ({ feed: f.feed, mid: f.video, substream: 2 }))
    const answer = await this.socket.request({ t: 'want', streams })
    if (answer.t !== 'ack') throw new Error(`want refused: ${answer.message}`)
    return streams.length
  }

  /** Frames of every stream received so far. */
  counts(): number[] {
    return [...this.frames.values()]
  }

  async close(): Promise<void> {
    this.socket.close()
    await this.pc.close()
  }
}
