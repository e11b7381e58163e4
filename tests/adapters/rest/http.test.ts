import { describe, expect, it, vi } from 'vitest'
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios'
import { Type } from '@sinclair/typebox'
import { compile } from '@streams/wire/validate'
import { LightClient } from '../../../src/adapters/rest/light-client'
import { routes as firstLoad } from '../../../src/adapters/rest/first-load'
import { SceneService } from '@streams/wire/rest/scene'
import { RouteClient } from '../../../src/adapters/rest/client'
import { RestAdapter } from '../../../src/adapters/rest/rest-adapter'
import { REQUEST_FAILED, statusPage, unwrap, type HttpHooks } from '../../../src/adapters/rest/http'
import { RestFailure } from '@streams/ports/rest'
import { AuthService } from '@streams/wire/rest/auth'

function hooks() {
  return { onNotLoggedIn: vi.fn(), onStatusPage: vi.fn() } satisfies HttpHooks
}

/** A transport that answers every request with `status` and `body`, and records requests. */
function transport(status: number, body: unknown) {
  const seen: InternalAxiosRequestConfig[] = []
  const adapter: AxiosAdapter = async (config) => {
    seen.push(config)
    const response = { data: body, status, statusText: '', headers: {}, config }
    if (status >= 400)
      throw new axios.AxiosError('failed', 'ERR_BAD_RESPONSE', config, null, response)
    return response
  }
  const client = axios.create({ adapter, withCredentials: true })
  return { seen, clients: { open: client, live: client } }
}

describe('REST answers', () => {
  it('a busy entry (1007) carries its ticket and retry hint; another refusal carries none', () => {
    const busy = (data: unknown) => {
      try {
        unwrap(
          { status: 200, data: { code: 1007, msg: 'busy', data } },
          compile(Type.Null()),
          hooks(),
        )
      } catch (error) {
        return error as RestFailure
      }
      throw new Error('not refused')
    }
    const failure = busy({ reason: 'busy', retryAfterMs: 1200, ticket: 'signed.ticket' })
    expect(failure).toMatchObject({ code: 1007, reason: 'busy' })
    expect(failure.busy).toEqual({ ticket: 'signed.ticket', retryAfterMs: 1200 })
    expect(busy({ reason: 'busy', retryAfterMs: 'soon', ticket: 't' }).busy).toBeUndefined()
    expect(busy({ reason: 'wrongPassword' }).busy).toBeUndefined()
  })

  it('[API-2] body code 10011 or 20003 starts the login flow and rejects the call', () => {
    for (const code of [10011, 20003]) {
      const h = hooks()
      expect(() =>
        unwrap(
          { status: 200, data: { code, msg: 'not logged in', data: null } },
          compile(Type.Null()),
          h,
        ),
      ).toThrow(RestFailure)
      expect(h.onNotLoggedIn).toHaveBeenCalledTimes(1)
    }
  })

  it('[API-2] any other non-zero code throws the server message without the login flow', () => {
    const h = hooks()
    let thrown: unknown
    try {
      unwrap(
        {
          status: 200,
          data: { code: 1002, msg: 'wrong room password', data: { reason: 'wrongPassword' } },
        },
        compile(Type.Null()),
        h,
      )
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(RestFailure)
    expect((thrown as RestFailure).message).toBe('wrong room password')
    expect((thrown as RestFailure).reason).toBe('wrongPassword')
    expect(h.onNotLoggedIn).not.toHaveBeenCalled()
  })

  it('[ROUTE-10] 403 goes to /403, 404 up to below 422 to /404, 500 to 504 to /500', () => {
    expect(statusPage(403)).toBe('/403')
    expect(statusPage(404)).toBe('/404')
    expect(statusPage(421)).toBe('/404')
    expect(statusPage(422)).toBeNull()
    expect(statusPage(400)).toBeNull()
    expect(statusPage(500)).toBe('/500')
    expect(statusPage(504)).toBe('/500')
    expect(statusPage(505)).toBeNull()
    const h = hooks()
    expect(() =>
      unwrap({ status: 502, data: '<html>bad gateway</html>' }, compile(Type.Null()), h),
    ).toThrow(REQUEST_FAILED)
    expect(h.onStatusPage).toHaveBeenCalledWith('/500')
  })

  it("[ERR-1] a call without a readable answer throws 'request failed'; a bad answer too", async () => {
    const h = hooks()
    const adapter: AxiosAdapter = async (config) => {
      throw new axios.AxiosError('Network Error', 'ERR_NETWORK', config)
    }
    const client = axios.create({ adapter })
    const routes = new RouteClient({ open: client, live: client }, h, async () => 'app')
    await expect(routes.call(AuthService, AuthService.routes.isLogin, {})).rejects.toThrow(
      REQUEST_FAILED,
    )
    expect(() =>
      unwrap(
        { status: 200, data: { code: 0, msg: 'ok', data: 'yes' } },
        compile(Type.Boolean()),
        h,
      ),
    ).toThrow(/^request failed/)
  })
})

describe('route calls', () => {
  it('[API-9] the entry call sends the XMLHttpRequest header, on the live-service client with credentials', async () => {
    const { seen, clients } = transport(200, { code: 1001, msg: 'room does not exist', data: null })
    const rest = new RestAdapter(
      new RouteClient(clients, hooks(), async () => 'roomcast'),
      async () => ({ mode: 'local', appId: 'roomcast', version: '0' }),
    )
    await expect(
      rest.enterRoom({ roomName: 'r', userName: 'u', roomType: 1, role: 2, password: 'p' }),
    ).rejects.toThrow('room does not exist')
    const request = seen[0]
    expect(request?.url).toBe('/api/s1/serve/roomcast/v1/room/entry')
    expect(request?.method).toBe('post')
    expect(request?.headers.get('X-Requested-With')).toBe('XMLHttpRequest')
    expect(request?.withCredentials).toBe(true)
  })

  it('a stage token (Agora mode) is a POST of the stage; an answer whose uid is no stage uid is refused', async () => {
    const answer = (uid: string) =>
      transport(200, { code: 0, msg: 'ok', data: { uid, token: '007abc' } })
    const adapterOf = (clients: ReturnType<typeof transport>['clients']) =>
      new RestAdapter(new RouteClient(clients, hooks(), async () => 'roomcast'), async () => ({
        mode: 'agora',
        appId: 'roomcast',
        version: '0',
      }))
    const good = answer('12345')
    await expect(
      adapterOf(good.clients).loadStageToken('r1', { stage: 'language', streamId: 's1' }),
    ).resolves.toEqual({ uid: '12345', token: '007abc' })
    expect(good.seen[0]?.url).toBe('/api/s1/serve/roomcast/v1/room/r1/media/stageToken')
    expect(good.seen[0]?.method).toBe('post')
    expect(JSON.parse(String(good.seen[0]?.data))).toEqual({ stage: 'language', streamId: 's1' })
    const member = answer('123456')
    await expect(
      adapterOf(member.clients).loadStageToken('r1', { stage: 'board' }),
    ).rejects.toThrow(/^request failed/)
    expect(JSON.parse(String(member.seen[0]?.data))).toEqual({ stage: 'board' })
  })

  it('[API-7] [API-5] auth calls are form-encoded POSTs; smsLogin adds system id 65 and the service', async () => {
    const { seen, clients } = transport(200, { code: 2001, msg: 'wrong code', data: null })
    const { AuthApi } = await import('../../../src/adapters/rest/auth')
    const api = new AuthApi(new LightClient(clients, hooks()))
    await expect(api.smsLogin('13800000000', '123456', 'https://meet.example/')).rejects.toThrow()
    const request = seen[0]
    expect(request?.url).toBe('/api/auth/smsLogin')
    expect(String(request?.headers.get('Content-Type'))).toContain(
      'application/x-www-form-urlencoded',
    )
    const body = new URLSearchParams(String(request?.data))
    expect(body.get('systemId')).toBe('65')
    expect(body.get('service')).toBe('https://meet.example/')
    expect(body.get('code')).toBe('123456')
  })
})

describe('first-load routes', () => {
  it('[API-7] the answer checks compiled at build time agree with the contract schemas', () => {
    const profile = {
      uid: 'u',
      userId: 'u',
      loginName: 'mei',
      nickName: 'Mei',
      name: 'Mei',
      joinName: '',
      photo: '',
      phone: '',
      userType: 'member',
      userTag: 'member',
      hasPassword: true,
      isCreator: false,
      isAuthor: false,
    }
    const full = compile(SceneService.routes.user.data)
    const samples = [
      profile,
      { ...profile, userType: 'admin' },
      { ...profile, hasPassword: 1 },
      {},
      null,
    ]
    for (const sample of samples)
      expect(firstLoad['scene.user'].check(sample), JSON.stringify(sample)).toBe(full.check(sample))
    expect(firstLoad['scene.user'].check(profile)).toBe(true)
    expect(firstLoad['auth.isLogin'].check(true)).toBe(true)
    expect(firstLoad['auth.isLogin'].check('true')).toBe(false)
    expect(firstLoad['auth.smsLogin']).toMatchObject({
      prefix: '/api/auth/',
      path: 'smsLogin',
      method: 'POST',
      encoding: 'form',
    })
  })
})
