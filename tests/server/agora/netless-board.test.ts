import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { netlessBoardEngine, type NetlessEngineDeps } from '../../../src/server/agora/netless'
import {
  netlessSettingsFromEnv,
  type NetlessSettings,
} from '../../../src/server/agora/netless-settings'
import { getRoom } from '../../../src/server/store/rooms'
import { Client, meeting, startServer, type TestServer } from '../harness'
import { NetlessDouble } from './netless-double'
import { readNetlessToken } from './netless-token-reader'

const AGORA = {
  agoraAppId: '970CA35de60c44645bbae8a215061b33',
  agoraAppCertificate: '5CFd2fd1755d40ecb72977518be15d3b',
}
const KEYS = { accessKey: 'ak-board21-test', secretKey: 'sk-board21-test-secret' }

let double: NetlessDouble
const servers: TestServer[] = []
async function serve(agora: boolean, netless: Partial<NetlessSettings>) {
  const settings = {
    ...(agora ? AGORA : {}),
    netless: { region: 'sg', apiUrl: double.url, appId: 'app-identifier', ...netless },
  }
  const server = await startServer({ settings })
  servers.push(server)
  return server
}

beforeAll(async () => {
  double = await new NetlessDouble().start()
})
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()))
  await double.close()
})

const board = async (who: { client: Client; path: string }) =>
  (await who.client.get(`${who.path}/board`)).body

describe('the whiteboard in Agora mode (Netless)', () => {
  it('[BOARD-1] [WB-2] [ROLE-1] one Netless room per meeting; the host administers it, a guest reads until granted', async () => {
    const server = await serve(true, KEYS)
    const config = (await new Client(server.url).get('/api/config')).body.data
    expect(config.netless).toEqual({ appIdentifier: 'app-identifier', region: 'sg' })
    expect(JSON.stringify(config)).not.toContain(KEYS.secretKey)
    const { host, guest } = await meeting(server)
    const before = double.calls('/v5/rooms').length
    // Both ask at once: one room is made.
    const [hostBoard, guestBoard] = await Promise.all([board(host), board(guest)])
    expect(double.calls('/v5/rooms').length - before).toBe(1)
    const uuid = hostBoard.data.boardId
    expect(uuid).toMatch(/^[0-9a-f]{32}$/)
    expect(guestBoard.data.boardId).toBe(uuid)
    const made = double.calls('/v5/rooms').at(-1)!
    expect(made.headers).toMatchObject({ region: 'sg' })
    expect(readNetlessToken(String(made.headers.token), KEYS.secretKey)).toMatchObject({
      prefix: 'NETLESSSDK_',
      role: 'admin',
      signed: true,
    })
    const hostToken = readNetlessToken(hostBoard.data.boardToken, KEYS.secretKey)
    expect(hostToken).toMatchObject({ prefix: 'NETLESSROOM_', role: 'admin', uuid, signed: true })
    expect(hostToken.ak).toBe(KEYS.accessKey)
    const day = 24 * 60 * 60 * 1000
    expect(Math.abs(hostToken.expireAt! - (Date.now() + day))).toBeLessThan(60_000)
    expect(readNetlessToken(guestBoard.data.boardToken, KEYS.secretKey).role).toBe('reader')

    // The room's board id is the Netless room from now on: announced, in the detail, no new room.
    const detail = (await guest.client.get(guest.path)).body.data.room
    expect(detail.boardId).toBe(uuid)
    await host.client.post(`${host.path}/user/${guest.me.uid}/board`, { grant: 1 })
    const granted = await board(guest)
    expect(granted.data.boardId).toBe(uuid)
    expect(readNetlessToken(granted.data.boardToken, KEYS.secretKey).role).toBe('writer')
    await host.client.post(`${host.path}/user/${guest.me.uid}/board`, { grant: 0 })
    expect(readNetlessToken((await board(guest)).data.boardToken, KEYS.secretKey).role).toBe(
      'reader',
    )
    expect(double.calls('/v5/rooms').length - before).toBe(1)
  })

  it("[WB-4] documents stay on our server: the centre under filesToken, a Netless board's page images by address alone", async () => {
    const server = servers[0]!
    const { host, guest } = await meeting(server)
    const { boardId, filesToken } = (await board(host)).data
    const files = `${server.url}/api/board/${boardId}/files`
    const { createCanvas } = await import('@napi-rs/canvas')
    const png = await createCanvas(320, 200).encode('png')
    const sent = await fetch(`${files}?name=photo.png`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${filesToken}`,
        'content-type': 'application/octet-stream',
      },
      body: new Uint8Array(png),
    })
    expect(sent.status).toBe(200)
    const fileId = ((await sent.json()) as any).data.fileId as string
    // A guest without the grant lists the documents with its own files token, and may not upload.
    const guestToken = (await board(guest)).data.filesToken
    let file: any
    for (let i = 0; i < 200 && file?.status !== 'ready'; i++) {
      const list = await fetch(files, { headers: { authorization: `Bearer ${guestToken}` } })
      file = ((await list.json()) as any).data.list.find((f: any) => f.fileId === fileId)
      if (file?.status !== 'ready') await new Promise((r) => setTimeout(r, 25))
    }
    expect(file).toMatchObject({ status: 'ready', totalPages: 1 })
    const refused = await fetch(`${files}?name=photo.png`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${guestToken}`,
        'content-type': 'application/octet-stream',
      },
      body: new Uint8Array(png),
    })
    expect(refused.status).toBe(403)
    // white-web-sdk loads the page by its address, with no header.
    const page = await fetch(`${server.url}${file.pages[0].src}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('image/png')
    // A Netless token is not the centre's.
    const netless = await fetch(files, {
      headers: { authorization: `Bearer ${(await board(host)).data.boardToken}` },
    })
    expect(netless.status).toBe(401)
  })

  it('with NETLESS_SDK_TOKEN only, room tokens are asked of the REST API with the role', async () => {
    const server = servers[0]!
    const sdkToken = 'NETLESSSDK_YWs9ZG91YmxlJm5vbmNlPTEmcm9sZT0wJnNpZz0wMA'
    const log = { errors: [] as string[], error: (m: string) => log.errors.push(m), warn() {} }
    const engine = netlessBoardEngine({
      db: server.app.db,
      tokens: server.app.deps.tokens,
      settings: { ...netlessSettingsFromEnv({}), appId: 'app', sdkToken, apiUrl: double.url },
      log: log as unknown as NetlessEngineDeps['log'],
    })
    const { guest, roomId } = await meeting(server)
    const room = (await getRoom(server.app.db, roomId))!
    const answer = await engine.issue(room, guest.me)
    const [asked] = double.calls(`/v5/tokens/rooms/${answer.boardId}`)
    expect(asked).toMatchObject({
      headers: { token: sdkToken, region: 'cn-hz' },
      body: { role: 'reader', lifespan: 24 * 60 * 60 * 1000 },
    })
    expect(readNetlessToken(answer.boardToken)).toMatchObject({
      role: 'reader',
      uuid: answer.boardId,
    })
    // A refusal of the service is the API's error and the server's log, with its reason.
    double.failWith = { status: 401, message: 'token is invalid' }
    const other = await meeting(server)
    const refused = engine.issue((await getRoom(server.app.db, other.roomId))!, other.host.me)
    await expect(refused).rejects.toMatchObject({
      code: 1901,
      message: 'the whiteboard service refused POST /v5/rooms (HTTP 401): token is invalid',
    })
    double.failWith = undefined
    expect(log.errors).toEqual([
      `room ${other.roomId}'s whiteboard: the whiteboard service refused POST /v5/rooms (HTTP 401): token is invalid`,
    ])
    // Served again afterwards: the next request makes the room.
    expect((await board(other.host)).code).toBe(0)
  })

  it('missing Netless settings: a clear error naming the setting, never a crash', async () => {
    const server = await serve(true, { appId: undefined, ...KEYS })
    expect((await new Client(server.url).get('/api/config')).body.data.netless).toBeUndefined()
    const { guest } = await meeting(server)
    const heard = double.heard.length
    expect(await board(guest)).toMatchObject({
      code: 1901,
      msg: 'the whiteboard is not configured on this server: NETLESS_APP_ID is not set',
    })
    expect(double.heard.length).toBe(heard)
  })

  it('local mode makes no Netless call, whatever the Netless settings say', async () => {
    const server = await serve(false, KEYS)
    const heard = double.heard.length
    expect((await new Client(server.url).get('/api/config')).body.data).toMatchObject({
      mode: 'local',
    })
    const { guest } = await meeting(server)
    const answer = await board(guest)
    expect(answer.data.boardId).toMatch(/^board-/)
    expect(answer.data.filesToken).toBeUndefined()
    // Our own board's page images still need its token.
    const page = await fetch(`${server.url}/api/board/${answer.data.boardId}/files/f/pages/1`)
    expect(page.status).toBe(401)
    expect(double.heard.length).toBe(heard)
  })
})
