import { randomBytes } from 'node:crypto'
import { Cmd } from '@streams/wire/channel'
import type { Deps } from '../deps'
import type { FfmpegInstall } from '../media/compose/ffmpeg'
import { Inputs, type InputPresence, type InputUser } from '../media/ingest/inputs'
import type { PublishDecision, PublishRequest } from '../media/ingest/rtmp-conn'
import { RtmpIngest } from '../media/ingest/rtmp-server'
import type { MediaPlane } from '../media/plane'
import { activeInputUsers, inputUserByKey, presentInputMember } from '../store/broadcast'
import { getMember, toMember } from '../store/members'
import { getRoom } from '../store/rooms'
import { memberGone } from './departure'
import { announceMember } from './entry'

/** The application an ingest URL names: `rtmp://host:port/live/{stream key}`. */
export const INGEST_APP = 'live'

/**
 * The room's input users on this server ([RTMP-1]): the RTMP ingest where encoders publish
 * (each publish checked against the stream keys of open rooms), the pulled inputs, and the
 * input's member in the room, present while its media arrives. Off, with the reason, when the
 * server cannot broadcast (no ffmpeg or no SFU).
 */
export class Ingest {
  inputs: Inputs | undefined
  private rtmp: RtmpIngest | undefined
  why = 'inputs need ffmpeg and the Janus media server'

  async start(
    deps: Deps,
    plane: MediaPlane,
    ffmpeg: FfmpegInstall | undefined,
    listen: { host: string; port: number },
  ): Promise<void> {
    const availability = deps.broadcasts.availability
    if (!availability.available || !ffmpeg) {
      this.why = availability.available ? this.why : availability.why
      return
    }
    const presence: InputPresence = {
      joined: (roomId, input) => inputJoined(deps, roomId, input),
      left: (roomId, uid) => inputLeft(deps, roomId, uid),
    }
    const inputs = new Inputs({
      ffmpeg,
      plane,
      publishers: deps.settings.sfuPublishers,
      log: { info: (m) => deps.log.info(m), warn: (m) => deps.log.warn(m) },
      presence,
      now: deps.now,
    })
    try {
      this.rtmp = await RtmpIngest.listen(
        listen.host,
        listen.port,
        (request) => authorize(deps, inputs, request),
        { warn: (m) => deps.log.warn(m) },
      )
    } catch (error) {
      // The meeting runs without inputs rather than not at all (the port is taken, say).
      this.why = `the RTMP ingest cannot listen on ${listen.host}:${listen.port}: ${(error as Error).message}`
      deps.log.error(this.why)
      return
    }
    this.inputs = inputs
    // Pulled inputs of open rooms start again.
    for (const input of await activeInputUsers(deps.db))
      if (input.kind === 'pull') {
        const room = await getRoom(deps.db, input.room_id)
        if (room) inputs.pull(room, input)
      }
  }

  /** The line `npm start` prints. */
  describe(): string {
    return this.rtmp
      ? `input users: RTMP ingest on port ${this.rtmp.port} (rtmp://<host>:${this.rtmp.port}/${INGEST_APP}/<stream key>)`
      : `input users: off (${this.why})`
  }

  /** The port encoders publish to (undefined when the ingest is off). */
  get port(): number | undefined {
    return this.rtmp?.port
  }

  /** The server URL an encoder is given (the stream key goes separately, as OBS asks). */
  ingestUrl(host: string): string {
    return `rtmp://${host}:${this.port ?? 0}/${INGEST_APP}`
  }

  /** What the server announced: a meeting that ends takes its inputs along, a kick its input. */
  announced(channel: string, cmd: number, data: unknown): void {
    const { state, uid } = (data ?? {}) as { state?: unknown; uid?: unknown }
    if (cmd === Cmd.meetingEnd || (cmd === Cmd.roomInfo && state === 0))
      void this.inputs?.stopRoom(channel, 'the meeting ended')
    // [KICK-3] a kicked input leaves the media too: its encoder is hung up (a pull stops).
    if (cmd === Cmd.kickOut && typeof uid === 'string')
      void this.inputs?.stopMember(channel, uid, 'a host kicked the input out of the room')
  }

  async close(): Promise<void> {
    await this.rtmp?.close()
    await this.inputs?.close()
  }
}

/** A new secret stream key: 24 random bytes, URL-safe. */
export const newStreamKey = (): string => randomBytes(24).toString('base64url')

/**
 * Whether a publish is taken: the application must be `live` and the stream key an input's of
 * an open room that nobody publishes to yet. The encoder is told why not.
 */
async function authorize(
  deps: Deps,
  inputs: Inputs,
  request: PublishRequest,
): Promise<PublishDecision> {
  if (request.app !== INGEST_APP)
    return {
      refuse: {
        code: 'NetStream.Publish.BadName',
        description: `unknown application '${request.app}': the ingest URL ends in /${INGEST_APP}`,
      },
    }
  const input = await inputUserByKey(deps.db, request.name)
  if (!input) {
    // The key is a secret: never logged.
    deps.log.warn(`rtmp ${request.remote}: a publish with a wrong stream key was refused`)
    return { refuse: { code: 'NetStream.Publish.BadName', description: 'wrong stream key' } }
  }
  const room = await getRoom(deps.db, input.room_id)
  if (!room || room.state === 0)
    return { refuse: { code: 'NetStream.Publish.BadName', description: 'the meeting has ended' } }
  if (inputs.busy(room.room_id, input.uid))
    return {
      refuse: {
        code: 'NetStream.Publish.BadName',
        description: 'this stream key is being published already',
      },
    }
  return { accept: inputs.push(room, input, request.hangUp) }
}

async function inputJoined(deps: Deps, roomId: string, input: InputUser): Promise<void> {
  const room = await getRoom(deps.db, roomId)
  if (!room || room.state === 0) throw new Error('the meeting has ended')
  const row = await presentInputMember(deps.db, {
    roomId,
    uid: input.uid,
    name: input.name,
    userUuid: randomBytes(8).toString('hex'),
    now: deps.now(),
  })
  announceMember(deps, room.channel_name, toMember(row), 'join')
}

async function inputLeft(deps: Deps, roomId: string, uid: string): Promise<void> {
  const [room, member] = await Promise.all([
    getRoom(deps.db, roomId),
    getMember(deps.db, roomId, uid),
  ])
  if (room && member) await memberGone(deps, room, member, 'leave')
}
