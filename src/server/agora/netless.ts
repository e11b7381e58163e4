import type { FastifyBaseLogger } from 'fastify'
import type { Tokens } from '../auth/tokens'
import { localBoardEngine, type BoardEngine } from '../board/engine'
import type { Settings } from '../config'
import { NETLESS_REGIONS, type NetlessSettings } from './netless-settings'
import { ApiFailure } from '../http/errors'
import { Code } from '../rooms/access'
import type { Db } from '../store/db'
import { isLocalBoardId, replaceBoardId } from '../store/board-ids'
import type { RoomRow } from '../store/rooms'
import { NetlessError, NetlessRest } from './netless-rest'
import {
  boardRole,
  NETLESS_ROOM_TOKEN_TTL_MS,
  signRoomToken,
  signSdkToken,
  type NetlessKeys,
} from './netless-tokens'

/**
 * What keeps the whiteboard from working in Agora mode, naming the setting; undefined when the
 * settings are complete. Read once at start (logged) and answered on every board request.
 */
export function netlessProblem(s: NetlessSettings): string | undefined {
  if (!s.appId) return 'NETLESS_APP_ID is not set'
  if (s.accessKey && !s.secretKey) return 'NETLESS_SECRET_KEY is not set (NETLESS_ACCESS_KEY is)'
  if (s.secretKey && !s.accessKey) return 'NETLESS_ACCESS_KEY is not set (NETLESS_SECRET_KEY is)'
  if (!s.accessKey && !s.sdkToken)
    return 'neither NETLESS_ACCESS_KEY with NETLESS_SECRET_KEY nor NETLESS_SDK_TOKEN is set'
  if (!s.accessKey && !s.sdkToken?.startsWith('NETLESSSDK_'))
    return 'NETLESS_SDK_TOKEN is not an SDK token (those start with NETLESSSDK_)'
  if (!(NETLESS_REGIONS as readonly string[]).includes(s.region))
    return `NETLESS_REGION must be one of ${NETLESS_REGIONS.join(', ')}, got '${s.region}'`
  if (!/^https?:\/\/[^\s/]+/.test(s.apiUrl))
    return `NETLESS_API_URL must be an http(s) URL, got '${s.apiUrl}'`
  return undefined
}

/** What the browser SDK joins with besides the room and its token (/api/config). */
export function netlessClientConfig(
  s: NetlessSettings,
): { appIdentifier: string; region: string } | undefined {
  return netlessProblem(s) ? undefined : { appIdentifier: s.appId!, region: s.region }
}

export interface NetlessEngineDeps {
  readonly db: Pick<Db, 'query'>
  /** Signs the document centre's token (our own board token, for the Netless room's uuid). */
  readonly tokens: Pick<Tokens, 'sign'>
  readonly settings: NetlessSettings
  readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>
}

/**
 * Agora mode's whiteboard (docs/board.md "Agora mode"): the first board request of a meeting
 * creates its Netless room through the REST API and records the room's uuid as the meeting's
 * board id; each member gets a room token with the rights of their role and grant. Tokens are
 * signed here with the key pair, or asked of the REST API with NETLESS_SDK_TOKEN. Documents stay
 * on this server (its document centre, under `filesToken`); a Netless room's page images are
 * served to anyone with their address, as Netless serves its own converted pages.
 */
export function netlessBoardEngine(deps: NetlessEngineDeps): BoardEngine {
  const { settings, log } = deps
  const problem = netlessProblem(settings)
  if (problem) log.error(`the whiteboard cannot work in Agora mode: ${problem}`)
  const rest = new NetlessRest({ apiUrl: settings.apiUrl, region: settings.region })
  const keys: NetlessKeys | undefined =
    settings.accessKey && settings.secretKey
      ? { accessKey: settings.accessKey, secretKey: settings.secretKey }
      : undefined
  const sdk = () => (keys ? signSdkToken(keys) : settings.sdkToken!)
  /** Netless rooms being made, by meeting: one REST call however many ask at once. */
  const making = new Map<string, Promise<string>>()

  async function makeRoom(room: RoomRow): Promise<string> {
    const { uuid } = await rest.createRoom(sdk())
    const held = await replaceBoardId(deps.db, room.room_id, room.board_id, uuid)
    if (held !== uuid)
      log.warn(`another process made room ${room.room_id}'s whiteboard first; ${uuid} is unused`)
    return held
  }

  function roomUuid(room: RoomRow): Promise<string> {
    if (!isLocalBoardId(room.board_id)) return Promise.resolve(room.board_id)
    let made = making.get(room.room_id)
    if (!made) {
      made = makeRoom(room).finally(() => making.delete(room.room_id))
      making.set(room.room_id, made)
    }
    return made
  }

  return {
    kind: 'netless',
    async issue(room, member) {
      if (problem)
        throw new ApiFailure(
          Code.notConfigured,
          `the whiteboard is not configured on this server: ${problem}`,
          { reason: 'notConfigured' },
        )
      try {
        const uuid = await roomUuid(room)
        const role = boardRole(member)
        const boardToken = keys
          ? signRoomToken(keys, uuid, role)
          : await rest.roomToken(sdk(), uuid, { role, lifespanMs: NETLESS_ROOM_TOKEN_TTL_MS })
        const filesToken = deps.tokens.sign({
          kind: 'board',
          sub: member.uid,
          ch: uuid,
          uid: member.userId,
        })
        return { boardId: uuid, boardToken, filesToken }
      } catch (error) {
        if (!(error instanceof NetlessError)) throw error
        log.error(`room ${room.room_id}'s whiteboard: ${error.message}`)
        throw new ApiFailure(Code.notConfigured, error.message, { reason: 'boardService' })
      }
    },
  }
}

/** The board engine of the server's mode: Netless in Agora mode, our own board otherwise. */
export function boardEngineOf(options: {
  agora: boolean
  db: Pick<Db, 'query'>
  tokens: Tokens
  settings: Pick<Settings, 'netless'>
  log: NetlessEngineDeps['log']
}): BoardEngine {
  return options.agora
    ? netlessBoardEngine({ ...options, settings: options.settings.netless })
    : localBoardEngine(options.tokens)
}
