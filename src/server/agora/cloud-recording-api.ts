import { Type, type Static, type TSchema } from '@sinclair/typebox'
import { compile } from '@streams/wire/validate'
import type { StorageConfig } from './cloud-recording-settings'

/**
 * Agora Cloud Recording's RESTful API, composite ("mix") mode, as documented:
 * - overview, base URL and Basic auth: https://docs.agora.io/en/cloud-recording/rest-api/overview
 * - acquire: https://docs.agora.io/en/api-reference/api-ref/cloud-recording/acquire
 * - start: https://docs.agora.io/en/api-reference/api-ref/cloud-recording/start
 * - query: https://docs.agora.io/en/api-reference/api-ref/cloud-recording/query
 * - stop: https://docs.agora.io/en/api-reference/api-ref/cloud-recording/stop
 * - updateLayout: https://docs.agora.io/en/cloud-recording/rest-api/overview (updateLayout)
 * - status codes and error codes: https://docs.agora.io/en/cloud-recording/rest-api/status-codes,
 *   https://docs.agora.io/en/cloud-recording/reference/common-errors
 * Every answer is checked against the documented shape before it is used.
 */

/** A file of the recording as query and stop list it (`fileListMode` "json"). */
const FileEntry = Type.Object({
  filename: Type.Optional(Type.String()),
  /** Agora's notifications spell it fileName; accepted either way. */
  fileName: Type.Optional(Type.String()),
  trackType: Type.Optional(Type.String()),
  uid: Type.Optional(Type.String()),
  mixedAllUser: Type.Optional(Type.Boolean()),
  isPlayable: Type.Optional(Type.Boolean()),
  sliceStartTime: Type.Optional(Type.Number()),
})
/** "string" mode lists one M3U8 name; "json" mode the M3U8 and MP4 files. */
const FileList = Type.Union([Type.String(), Type.Array(FileEntry)])

export const AcquireAnswer = Type.Object({ resourceId: Type.String({ minLength: 1 }) })
export const StartAnswer = Type.Object({
  resourceId: Type.String(),
  sid: Type.String({ minLength: 1 }),
})
export const QueryAnswer = Type.Object({
  resourceId: Type.String(),
  sid: Type.String(),
  serverResponse: Type.Object({
    /** 0–8 on the way and while recording (5: files uploading), 20: exited abnormally. */
    status: Type.Optional(Type.Integer()),
    fileListMode: Type.Optional(Type.String()),
    fileList: Type.Optional(FileList),
    sliceStartTime: Type.Optional(Type.Union([Type.Number(), Type.String()])),
    subServiceStatus: Type.Optional(
      Type.Object({ recordingService: Type.Optional(Type.String()) }),
    ),
  }),
})
export const StopAnswer = Type.Object({
  resourceId: Type.String(),
  sid: Type.String(),
  serverResponse: Type.Object({
    fileListMode: Type.Optional(Type.String()),
    fileList: Type.Optional(FileList),
    /** uploaded: all in the bucket; backuped: some in Agora's backup, uploaded later; unknown. */
    uploadingStatus: Type.Optional(Type.String()),
  }),
})
export const UpdateLayoutAnswer = Type.Object({ resourceId: Type.String(), sid: Type.String() })
export type QueryAnswer = Static<typeof QueryAnswer>
export type StopAnswer = Static<typeof StopAnswer>

/** The status query reports for a recording that exited abnormally. */
export const QUERY_STATUS_FAILED = 20

/** A refusal or a failure of a call, with what Agora said (HTTP status, `code`, `reason`). */
export class CloudRecordingError extends Error {
  constructor(
    readonly call: string,
    /** The HTTP status; 0 when no answer came (timeout, connection refused). */
    readonly status: number,
    /** Agora's `code` in the answer body (435: nothing recorded, 7: already running…). */
    readonly code: number | undefined,
    message: string,
  ) {
    super(message)
    this.name = 'CloudRecordingError'
  }

  /** 404: the recording is not (or no longer) running ("only valid within an active session"). */
  get notRunning(): boolean {
    return this.status === 404
  }

  /** 435: no file was made, nobody published in the channel. */
  get nothingRecorded(): boolean {
    return this.code === 435
  }
}

export interface CloudRecordingApiOptions {
  readonly restUrl: string
  readonly appId: string
  /** `Basic base64(customerId:customerSecret)`. */
  readonly auth: string
  /** Each call's limit (ms); an answer that does not come is a failure. */
  readonly timeoutMs?: number
}

export interface StartRequest {
  readonly cname: string
  readonly uid: string
  readonly token: string
  /** The picture; none for an audio-only recording (the room's recording config). */
  readonly transcodingConfig?: Record<string, unknown>
  readonly storage: StorageConfig
  /** Uids whose sound is left out (interpreters, language mixes); none: everyone heard. */
  readonly unheard?: readonly string[]
}

/** The calls of a composite recording. */
export class CloudRecordingApi {
  constructor(private readonly options: CloudRecordingApiOptions) {}

  private get base(): string {
    return `${this.options.restUrl}/v1/apps/${encodeURIComponent(this.options.appId)}/cloud_recording`
  }

  private path(resourceId: string, sid?: string): string {
    const rid = `${this.base}/resourceid/${encodeURIComponent(resourceId)}`
    return sid === undefined ? rid : `${rid}/sid/${encodeURIComponent(sid)}`
  }

  async acquire(cname: string, uid: string): Promise<string> {
    // resourceExpiredHour: how long the resource may be used (1–720 h; 24 by default).
    const body = { cname, uid, clientRequest: { resourceExpiredHour: 24 } }
    const answer = await this.call('acquire', 'POST', `${this.base}/acquire`, body, AcquireAnswer)
    return answer.resourceId
  }

  async start(resourceId: string, request: StartRequest): Promise<string> {
    const body = {
      cname: request.cname,
      uid: request.uid,
      clientRequest: {
        token: request.token,
        recordingConfig: {
          // 1: live broadcasting, as the clients' channel profile ('live').
          channelType: 1,
          // 2: audio and video; 0: audio only.
          streamTypes: request.transcodingConfig ? 2 : 0,
          // Leaves a channel nobody publishes in after this many seconds.
          maxIdleTime: 30,
          ...(request.transcodingConfig ? { transcodingConfig: request.transcodingConfig } : {}),
          ...(request.unheard?.length ? { unSubscribeAudioUids: [...request.unheard] } : {}),
        },
        // HLS and MP4 (composite mode): the MP4 is what a page plays and downloads. Audio-only
        // recordings ask for HLS alone, the file type documented for every stream type.
        recordingFileConfig: { avFileType: request.transcodingConfig ? ['hls', 'mp4'] : ['hls'] },
        storageConfig: request.storage,
      },
    }
    const url = `${this.path(resourceId)}/mode/mix/start`
    return (await this.call('start', 'POST', url, body, StartAnswer)).sid
  }

  query(resourceId: string, sid: string): Promise<QueryAnswer> {
    const url = `${this.path(resourceId, sid)}/mode/mix/query`
    return this.call('query', 'GET', url, undefined, QueryAnswer)
  }

  /** A running composite recording's picture changed (the room's layout, who is in it). */
  async updateLayout(
    resourceId: string,
    sid: string,
    cname: string,
    uid: string,
    layout: Record<string, unknown>,
  ): Promise<void> {
    const url = `${this.path(resourceId, sid)}/mode/mix/updateLayout`
    await this.call(
      'updateLayout',
      'POST',
      url,
      { cname, uid, clientRequest: layout },
      UpdateLayoutAnswer,
    )
  }

  /** A running recording's subscription changed (update: it replaces the whole subscription). */
  async update(
    resourceId: string,
    sid: string,
    cname: string,
    uid: string,
    streamSubscribe: Record<string, unknown>,
  ): Promise<void> {
    const url = `${this.path(resourceId, sid)}/mode/mix/update`
    const body = { cname, uid, clientRequest: { streamSubscribe } }
    await this.call('update', 'POST', url, body, UpdateLayoutAnswer)
  }

  stop(resourceId: string, sid: string, cname: string, uid: string): Promise<StopAnswer> {
    const url = `${this.path(resourceId, sid)}/mode/mix/stop`
    // async_stop false: the answer waits for the upload and carries the file list.
    const body = { cname, uid, clientRequest: { async_stop: false } }
    return this.call('stop', 'POST', url, body, StopAnswer)
  }

  private async call<T extends TSchema>(
    name: string,
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
    schema: T,
  ): Promise<Static<T>> {
    let response: Response
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: this.options.auth,
          'content-type': 'application/json;charset=utf-8',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      })
    } catch (error) {
      const e = error as Error
      const why = e.name === 'TimeoutError' ? 'no answer in time' : e.message
      throw new CloudRecordingError(name, 0, undefined, `Agora ${name}: ${why}`)
    }
    const text = await response.text().catch(() => '')
    let parsed: unknown
    try {
      parsed = text === '' ? undefined : JSON.parse(text)
    } catch {
      parsed = undefined
    }
    if (!response.ok) {
      const said = (parsed ?? {}) as { code?: unknown; reason?: unknown; message?: unknown }
      const code = typeof said.code === 'number' ? said.code : undefined
      const reason =
        typeof said.reason === 'string'
          ? said.reason
          : typeof said.message === 'string'
            ? said.message
            : text.slice(0, 200)
      const detail = [code === undefined ? '' : `code ${code}`, reason].filter(Boolean).join(': ')
      throw new CloudRecordingError(
        name,
        response.status,
        code,
        `Agora ${name} answered ${response.status}${detail ? ` (${detail})` : ''}`,
      )
    }
    const validator = compile(schema)
    if (!validator.check(parsed))
      throw new CloudRecordingError(
        name,
        response.status,
        undefined,
        `Agora ${name} answered an unexpected body (${validator.firstError(parsed) ?? 'empty'})`,
      )
    return parsed
  }
}

/** The files of a query or stop answer, by name in the bucket, MP4 first (what a page plays). */
export function fileNamesOf(list: Static<typeof FileList> | undefined): string[] {
  if (list === undefined) return []
  const names =
    typeof list === 'string'
      ? [list]
      : list.map((f) => f.filename ?? f.fileName ?? '').filter((n) => n !== '')
  const mp4 = names.filter((n) => n.toLowerCase().endsWith('.mp4'))
  return [...mp4, ...names.filter((n) => !mp4.includes(n))].filter((n) => n !== '')
}
