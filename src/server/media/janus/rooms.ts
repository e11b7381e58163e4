import type { VideoRoomHandle } from 'janode/plugins/videoroom'
import type { JanusLink } from './link'
import { REQUEST_TIMEOUT_MS } from './link'
import { withTimeout } from './probe'
import {
  VideoRoomError,
  dataOf,
  errorCode,
  publisherOf,
  type JanusPublisher,
  type JanusRoomRef,
} from './protocol'

/** How our rooms are made in Janus. */
export interface RoomSettings {
  /** How many may publish at once (camera and screen shares count one each). */
  readonly publishers: number
  readonly description?: string
}

/** One RTP forwarder target for one stream of a publisher (`rtp_forward`, multistream form). */
export interface ForwardTarget {
  /** The publisher's mid to forward. */
  readonly mid: string
  readonly port: number
  readonly rtcpPort?: number
  readonly ssrc?: number
  readonly pt?: number
  /** A simulcast video: the other two layers' ports (each layer forwarded on its own). */
  readonly port2?: number
  readonly port3?: number
  /**
   * A simulcast video forwarded as one stream, as a viewer gets it: the best layer available at
   * any time, with continuous sequence numbers and timestamps (not with `port2`/`port3`).
   */
  readonly simulcast?: boolean
}

export interface Forwarder {
  readonly streamId: number
  readonly mid?: string
  readonly port: number
  readonly type?: string
  /** Where Janus takes RTCP feedback for this forwarder (a PLI asks the publisher for a key frame). */
  readonly localRtcpPort?: number
}

/** One stream a remote publisher sends as plain RTP (`add_remote_publisher`). */
export interface RemoteStream {
  readonly type: 'audio' | 'video'
  /** A codec the room allows (ours: opus, vp8). */
  readonly codec: string
  readonly description?: string
}

/**
 * Where a remote publisher's RTP goes: one UDP port for every stream, told apart by SSRC, which
 * Janus fixes as `ssrcBase + index * ssrcStep` for the stream at `index` in the request.
 */
export interface RemotePublisher {
  readonly feed: number
  readonly port: number
  readonly rtcpPort: number
  readonly ssrcs: readonly number[]
}

/** janus_videoroom.c: REMOTE_PUBLISHER_BASE_SSRC and REMOTE_PUBLISHER_SSRC_STEP. */
const REMOTE_SSRC_BASE = 1000
const REMOTE_SSRC_STEP = 10

/**
 * The management side of the VideoRoom over one link: rooms, moderation, kicks, participants and
 * RTP forwarders, each a synchronous VideoRoom request with the room's secret on a handle of our
 * own. Participants' handles are in `participant.ts`.
 */
export class JanusRooms {
  private admin: Promise<{ handle: VideoRoomHandle; generation: number }> | undefined
  private readonly ensuring = new Map<string, Promise<void>>()

  constructor(private readonly link: JanusLink) {}

  /** Creates the room in Janus unless it is there (rooms vanish when Janus restarts). */
  ensure(room: JanusRoomRef, settings: RoomSettings): Promise<void> {
    const key = `${this.link.current.generation}:${room.id}`
    let pending = this.ensuring.get(key)
    if (!pending) {
      pending = this.create(room, settings).finally(() => this.ensuring.delete(key))
      this.ensuring.set(key, pending)
    }
    return pending
  }

  private async create(room: JanusRoomRef, settings: RoomSettings): Promise<void> {
    const exists = dataOf(await this.request({ request: 'exists', room: room.id }))
    if (exists.exists === true) return
    try {
      await this.request({
        request: 'create',
        room: room.id,
        secret: room.secret,
        description: settings.description ?? `roomcast ${room.id}`,
        is_private: true,
        permanent: false,
        publishers: settings.publishers,
        // Simulcast needs VP8 (or H.264); Opus for audio.
        videocodec: 'vp8',
        audiocodec: 'opus',
        // Active speakers: "talking" events from the audio-level extension.
        audiolevel_ext: true,
        audiolevel_event: true,
        audio_active_packets: 25,
        audio_level_average: 40,
        transport_wide_cc_ext: true,
        notify_joining: false,
        require_pvtid: false,
      })
    } catch (error) {
      // Another process of ours made it first.
      if (errorCode(error) !== VideoRoomError.roomExists) throw error
    }
  }

  /** Mutes or unmutes one stream of a publisher at the SFU (`moderate`): subscribers get nothing. */
  async moderate(room: JanusRoomRef, feed: number, mid: string, mute: boolean): Promise<void> {
    await this.request({
      request: 'moderate',
      room: room.id,
      secret: room.secret,
      id: feed,
      mid,
      mute,
    })
  }

  /** Removes a participant from the room at once (`kick`); a feed already gone is no error. */
  async kick(room: JanusRoomRef, feed: number): Promise<void> {
    try {
      await this.request({ request: 'kick', room: room.id, secret: room.secret, id: feed })
    } catch (error) {
      if (errorCode(error) !== VideoRoomError.noSuchFeed) throw error
    }
  }

  async destroy(room: JanusRoomRef): Promise<void> {
    try {
      await this.request({ request: 'destroy', room: room.id, secret: room.secret })
    } catch (error) {
      if (errorCode(error) !== VideoRoomError.noSuchRoom) throw error
    }
  }

  /** The room's participants that publish, with their streams. */
  async publishers(room: JanusRoomRef): Promise<JanusPublisher[]> {
    const data = dataOf(await this.request({ request: 'listparticipants', room: room.id }))
    const list = Array.isArray(data.participants) ? data.participants : []
    return list.flatMap((p: { publisher?: boolean }) => {
      if (p?.publisher !== true) return []
      const parsed = publisherOf(p)
      return parsed ? [parsed] : []
    })
  }

  /**
   * Forwards a publisher's streams as plain RTP to `host` (`rtp_forward`), e.g. to ffmpeg for a
   * live stream or a recording; answers the forwarders to stop later.
   */
  async forward(
    room: JanusRoomRef,
    feed: number,
    host: string,
    targets: readonly ForwardTarget[],
  ): Promise<Forwarder[]> {
    const streams = targets.map((t) => ({
      mid: t.mid,
      port: t.port,
      ...(t.rtcpPort !== undefined ? { rtcp_port: t.rtcpPort } : {}),
      ...(t.ssrc !== undefined ? { ssrc: t.ssrc } : {}),
      ...(t.pt !== undefined ? { pt: t.pt } : {}),
      ...(t.port2 !== undefined ? { port_2: t.port2 } : {}),
      ...(t.port3 !== undefined ? { port_3: t.port3 } : {}),
      ...(t.simulcast ? { simulcast: true } : {}),
    }))
    const data = dataOf(
      await this.request({
        request: 'rtp_forward',
        room: room.id,
        publisher_id: feed,
        secret: room.secret,
        host,
        streams,
      }),
    )
    const list = Array.isArray(data.forwarders) ? data.forwarders : []
    return list.flatMap((f: Record<string, unknown>) =>
      typeof f?.stream_id === 'number' && typeof f.port === 'number'
        ? [
            {
              streamId: f.stream_id,
              port: f.port,
              mid: typeof f.mid === 'string' ? f.mid : undefined,
              type: typeof f.type === 'string' ? f.type : undefined,
              localRtcpPort: typeof f.local_rtcp_port === 'number' ? f.local_rtcp_port : undefined,
            },
          ]
        : [],
    )
  }

  async stopForward(room: JanusRoomRef, feed: number, streamId: number): Promise<void> {
    await this.request({
      request: 'stop_rtp_forward',
      room: room.id,
      publisher_id: feed,
      stream_id: streamId,
      secret: room.secret,
    })
  }

  /**
   * A publisher fed with plain RTP instead of WebRTC (`add_remote_publisher`): an RTMP or pulled
   * input that ffmpeg sends to the answered port. Subscribers see it as any other publisher.
   */
  async addRemotePublisher(
    room: JanusRoomRef,
    feed: number,
    display: string,
    streams: readonly RemoteStream[],
  ): Promise<RemotePublisher> {
    const data = dataOf(
      await this.request({
        request: 'add_remote_publisher',
        room: room.id,
        secret: room.secret,
        id: feed,
        display,
        // Only our own host sends to it.
        iface: '127.0.0.1',
        streams: streams.map((s, i) => ({
          type: s.type,
          mid: String(i),
          mindex: i,
          codec: s.codec,
          ...(s.description ? { description: s.description } : {}),
        })),
      }),
    )
    if (typeof data.port !== 'number' || typeof data.rtcp_port !== 'number')
      throw new Error('Janus answered no port for the remote publisher')
    return {
      feed,
      port: data.port,
      rtcpPort: data.rtcp_port,
      ssrcs: streams.map((_, i) => REMOTE_SSRC_BASE + i * REMOTE_SSRC_STEP),
    }
  }

  /** Takes a remote publisher out of the room; one already gone is no error. */
  async removeRemotePublisher(room: JanusRoomRef, feed: number): Promise<void> {
    try {
      await this.request({
        request: 'remove_remote_publisher',
        room: room.id,
        secret: room.secret,
        id: feed,
      })
    } catch (error) {
      const code = errorCode(error)
      if (code !== VideoRoomError.noSuchFeed && code !== VideoRoomError.noSuchRoom) throw error
    }
  }

  /** One synchronous request on our management handle (a new one after Janus restarts). */
  private async request(body: Record<string, unknown>): Promise<unknown> {
    const generation = this.link.current.generation
    let admin = this.admin
    if (!admin || (await admin.catch(() => undefined))?.generation !== generation) {
      admin = this.admin = this.link.attach()
      admin.catch(() => (this.admin = undefined))
    }
    const { handle } = await admin
    return withTimeout(
      handle.message(body),
      REQUEST_TIMEOUT_MS,
      `VideoRoom ${String(body.request)}`,
    )
  }
}
