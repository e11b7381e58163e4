import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { compile } from '@streams/wire/validate'

/** A Netless token's role, as its REST API spells it. */
export type NetlessRole = 'admin' | 'writer' | 'reader'

/**
 * `POST /v5/rooms` answers 201 with the room (Netless's "Room management" reference): its
 * `uuid`, the team and project it belongs to, whether it is banned, when it was made and its
 * writer limit. Only `uuid` is needed here; the rest is checked for type when present.
 */
export const NetlessRoomSchema = Type.Object({
  uuid: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }),
  teamUUID: Type.Optional(Type.String()),
  appUUID: Type.Optional(Type.String()),
  isRecord: Type.Optional(Type.Boolean()),
  isBan: Type.Optional(Type.Boolean()),
  createdAt: Type.Optional(Type.String()),
  limit: Type.Optional(Type.Integer({ minimum: 0 })),
})
export type NetlessRoom = Static<typeof NetlessRoomSchema>

/** `POST /v5/tokens/rooms/{uuid}` answers 201 with the room token as a JSON string. */
export const NetlessRoomTokenSchema = Type.String({ pattern: '^NETLESSROOM_[A-Za-z0-9_-]+$' })

/** A failed answer: `message` says why (Netless's "status codes" table). */
const FailureSchema = Type.Object({ message: Type.String() })

/** A refusal or failure of Netless's REST API, with its HTTP status when it answered. */
export class NetlessError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message)
    this.name = 'NetlessError'
  }
}

export interface NetlessRestOptions {
  /** The API's base URL (NETLESS_API_URL), without a trailing slash. */
  readonly apiUrl: string
  /** The data centre that handles the requests (NETLESS_REGION). */
  readonly region: string
  /** Give up on a request after this long. */
  readonly timeoutMs?: number
}

/**
 * The calls this server makes to Netless's whiteboard REST API (JSON over HTTPS, the SDK token
 * in the `token` header and the data centre in `region`). Every answer is checked against its
 * documented shape before use.
 */
export class NetlessRest {
  constructor(private readonly options: NetlessRestOptions) {}

  /** Creates a room (`POST /v5/rooms`): not recorded, no writer limit. */
  createRoom(sdkToken: string): Promise<NetlessRoom> {
    return this.post('/v5/rooms', sdkToken, { isRecord: false, limit: 0 }, NetlessRoomSchema)
  }

  /** A room token of `role` for `lifespanMs` (0: no expiry), when tokens are not signed here. */
  roomToken(
    sdkToken: string,
    uuid: string,
    token: { role: NetlessRole; lifespanMs: number },
  ): Promise<string> {
    return this.post(
      `/v5/tokens/rooms/${encodeURIComponent(uuid)}`,
      sdkToken,
      { lifespan: token.lifespanMs, role: token.role },
      NetlessRoomTokenSchema,
    )
  }

  private async post<T extends TSchema>(
    path: string,
    sdkToken: string,
    body: object,
    schema: T,
  ): Promise<Static<T>> {
    const what = `POST ${path}`
    let response: Response
    try {
      response = await fetch(this.options.apiUrl + path, {
        method: 'POST',
        headers: {
          token: sdkToken,
          region: this.options.region,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      })
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error)
      throw new NetlessError(`the whiteboard service did not answer ${what}: ${cause}`)
    }
    const text = await response.text().catch(() => '')
    let answer: unknown
    try {
      answer = JSON.parse(text)
    } catch {
      answer = undefined
    }
    if (response.status !== 200 && response.status !== 201) {
      const failure = compile(FailureSchema)
      const reason = failure.check(answer) ? answer.message : text.slice(0, 200) || 'no reason'
      throw new NetlessError(
        `the whiteboard service refused ${what} (HTTP ${response.status}): ${reason}`,
        response.status,
      )
    }
    const check = compile(schema)
    if (!check.check(answer))
      throw new NetlessError(
        `the whiteboard service answered ${what} unexpectedly: ${check.firstError(answer) ?? 'not JSON'}`,
        response.status,
      )
    return answer
  }
}
