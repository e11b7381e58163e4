// The parts of janode (Meetecho's Node client for Janus, plain JavaScript) this server uses.

declare module 'janode' {
  import type { EventEmitter } from 'node:events'

  export interface JanodeServer {
    readonly url: string
    /** The Janus API secret, or the Admin API secret when `is_admin`. */
    readonly apisecret?: string
    /** A (signed) token sent with every request. */
    readonly token?: string
  }

  export interface JanodeConfig {
    readonly address: JanodeServer | JanodeServer[]
    readonly retry_time_secs?: number
    readonly max_retries?: number
    readonly is_admin?: boolean
  }

  export interface Jsep {
    readonly type: 'offer' | 'answer'
    readonly sdp: string
    readonly trickle?: boolean
  }

  export interface Candidate {
    readonly candidate: string
    readonly sdpMid?: string | null
    readonly sdpMLineIndex?: number | null
  }

  export class Handle extends EventEmitter {
    readonly id: number
    message(body: Record<string, unknown>, jsep?: Jsep): Promise<unknown>
    trickle(candidate: Candidate): Promise<void>
    trickleComplete(): Promise<void>
    hangup(): Promise<void>
    detach(): Promise<void>
  }

  export interface PluginDescriptor<H extends Handle = Handle> {
    readonly id: string
    readonly Handle: new (...args: never[]) => H
    readonly EVENT: Record<string, string>
  }

  export class Session extends EventEmitter {
    readonly id: number
    attach<H extends Handle>(plugin: PluginDescriptor<H>): Promise<H>
    destroy(): Promise<void>
  }

  export class Connection extends EventEmitter {
    create(keepaliveSeconds?: number): Promise<Session>
    getInfo(): Promise<Record<string, unknown>>
    listSessions(): Promise<{ sessions: number[] }>
    listHandles(sessionId: number): Promise<{ handles: number[] }>
    close(): Promise<void>
  }

  const Janode: {
    connect(config: JanodeConfig | JanodeServer): Promise<Connection>
    readonly Logger: {
      setLevel(level: 'none' | 'error' | 'warning' | 'info' | 'verbose' | 'debug'): string
    }
    readonly EVENT: {
      readonly CONNECTION_CLOSED: 'connection_closed'
      readonly CONNECTION_ERROR: 'connection_error'
      readonly SESSION_DESTROYED: 'session_destroyed'
      readonly HANDLE_DETACHED: 'handle_detached'
      readonly HANDLE_ICE_FAILED: 'handle_ice_failed'
      readonly HANDLE_HANGUP: 'handle_hangup'
      readonly HANDLE_MEDIA: 'handle_media'
      readonly HANDLE_WEBRTCUP: 'handle_webrtcup'
      readonly HANDLE_SLOWLINK: 'handle_slowlink'
      readonly HANDLE_TRICKLE: 'handle_trickle'
    }
  }
  export default Janode
}

declare module 'janode/plugins/videoroom' {
  import type { Handle, PluginDescriptor } from 'janode'

  export class VideoRoomHandle extends Handle {
    feed: number | null
    room: number | null
  }

  const VideoRoomPlugin: PluginDescriptor<VideoRoomHandle> & {
    readonly EVENT: {
      readonly VIDEOROOM_PUB_PEER_JOINED: string
      readonly VIDEOROOM_PUB_LIST: string
      readonly VIDEOROOM_DESTROYED: string
      readonly VIDEOROOM_UNPUBLISHED: string
      readonly VIDEOROOM_LEAVING: string
      readonly VIDEOROOM_CONFIGURED: string
      readonly VIDEOROOM_SLOWLINK: string
      readonly VIDEOROOM_TALKING: string
      readonly VIDEOROOM_KICKED: string
      readonly VIDEOROOM_UPDATED: string
      readonly VIDEOROOM_ERROR: string
    }
  }
  export default VideoRoomPlugin
}
