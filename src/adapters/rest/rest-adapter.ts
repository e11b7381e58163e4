import { Type } from '@sinclair/typebox'
import type { AxiosInstance } from 'axios'
import type { RestPort } from '../../../streams/ports/rest'
import {
  ClientConfigSchema,
  EntryAnswerDataSchema,
  UserPageDataSchema,
  type ClientConfig,
} from '../../../streams/wire/rest/room'
import { call } from './http'

/** The REST port against this project's server (and any server speaking spec §7). */
export class RestAdapter implements RestPort {
  private config: Promise<ClientConfig> | undefined

  constructor(private readonly http: AxiosInstance) {}

  clientConfig(): Promise<ClientConfig> {
    this.config ??= call(() => this.http.get('/api/config'), ClientConfigSchema)
    this.config.catch(() => (this.config = undefined))
    return this.config
  }

  private async room(path: string): Promise<string> {
    const { appId } = await this.clientConfig()
    return `/api/s1/serve/${encodeURIComponent(appId)}/v1/${path}`
  }

  async enterRoom(body: Parameters<RestPort['enterRoom']>[0]) {
    const url = await this.room('room/entry')
    // [API-9] the entry call sends the XMLHttpRequest header.
    return call(
      () => this.http.post(url, body, { headers: { 'X-Requested-With': 'XMLHttpRequest' } }),
      EntryAnswerDataSchema,
    )
  }

  async loadUsers(roomId: string, query: { role?: number; page?: number; size?: number } = {}) {
    const url = await this.room(`room/${encodeURIComponent(roomId)}/user/page`)
    return call(() => this.http.get(url, { params: query }), UserPageDataSchema)
  }

  async exitRoom(roomId: string, uid: string, role: number, reason: string) {
    const url = await this.room(
      `room/${encodeURIComponent(roomId)}/user/${encodeURIComponent(uid)}/exit`,
    )
    await call(() => this.http.get(url, { params: { role, reason } }), Type.Null())
  }
}
