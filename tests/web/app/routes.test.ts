// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { carriedParams, readCarried, withCarried } from '../../../src/web/app/carry'
import { loginRedirectUrl, LOGIN_SYSTEM_ID, onwardPath } from '../../../src/web/app/login-redirect'
import { isMeetingPath, needsLogin } from '../../../src/web/app/route-table'
import { loadStats } from '../../../src/web/app/stats'

describe('route table', () => {
  it('[ROUTE-2] home, meeting, setting, projection, projectionMeeting, m/meeting and unknown paths need login', () => {
    for (const path of [
      '/home',
      '/meeting',
      '/setting',
      '/projection',
      '/projectionMeeting',
      '/m/meeting',
      '/anything/else',
      '/',
    ])
      expect(needsLogin(path), path).toBe(true)
  })

  it('[ROUTE-3] login and the public mobile pages need no login', () => {
    for (const path of ['/login', '/m/guide', '/m/activity', '/m/appLook', '/m/zntApp', '/login/'])
      expect(needsLogin(path), path).toBe(false)
  })

  it('[ROUTE-8] /meeting and /m/meeting are meeting routes; a projection page is not', () => {
    expect(isMeetingPath('/meeting')).toBe(true)
    expect(isMeetingPath('/m/meeting')).toBe(true)
    expect(isMeetingPath('/home')).toBe(false)
  })
})

describe('carried query parameters', () => {
  it('[ROUTE-9] reads roomId/roomid, qihuiId/qihuiid and share under either spelling', () => {
    expect(readCarried('?roomid=42&qihuiid=q7&share=1&other=x')).toEqual({
      roomId: '42',
      qihuiId: 'q7',
      share: true,
    })
    expect(readCarried('?roomId=1&share=0')).toEqual({
      roomId: '1',
      qihuiId: undefined,
      share: false,
    })
    expect(carriedParams('?other=1').toString()).toBe('')
  })

  it('[ROUTE-9] carries them to the next screen under their canonical names, and only them', () => {
    expect(withCarried('/meeting', '?roomid=42&share=1&tab=chat')).toBe(
      '/meeting?roomId=42&share=1',
    )
    // A target that sets a parameter keeps its own value.
    expect(withCarried('/home?roomId=7', '?roomId=42&qihuiId=q')).toBe('/home?roomId=7&qihuiId=q')
    expect(withCarried('/home', '')).toBe('/home')
  })
})

describe('login redirect', () => {
  it('[ROUTE-11] sends a user without a login tag to the SMS sign-in page with service, system id 65 and return URL', () => {
    const url = loginRedirectUrl({
      origin: 'https://meet.example',
      href: 'https://meet.example/meeting?roomId=5',
    })
    const [path, query = ''] = url.split('?')
    const params = new URLSearchParams(query)
    expect(path).toBe('/login')
    expect(LOGIN_SYSTEM_ID).toBe(65)
    expect(params.get('systemId')).toBe('65')
    expect(params.get('service')).toBe('https://meet.example/')
    expect(params.get('returnUrl')).toBe('https://meet.example/meeting?roomId=5')
  })

  it('[ROUTE-4] sends a logged-in user onward: to the return URL on this site, never elsewhere', () => {
    const origin = 'https://meet.example'
    expect(onwardPath('?returnUrl=https%3A%2F%2Fmeet.example%2Fsetting%3Fa%3D1', origin)).toBe(
      '/setting?a=1',
    )
    expect(onwardPath('?returnUrl=https%3A%2F%2Fevil.example%2F', origin)).toBe('/home')
    expect(onwardPath('?roomId=9', origin)).toBe('/home?roomId=9')
    expect(onwardPath('?returnUrl=%2Flogin', origin)).toBe('/home')
  })
})

describe('statistics script', () => {
  it('[ROUTE-14] is loaded on each navigation only when a statistics URL is configured', () => {
    document.head.innerHTML = ''
    loadStats('/home', '', document)
    expect(document.querySelectorAll('script')).toHaveLength(0)
    loadStats('/home', 'https://stats.example/s.js', document)
    loadStats('/meeting', 'https://stats.example/s.js', document)
    const scripts = document.querySelectorAll('script')
    expect(scripts).toHaveLength(1)
    expect(scripts[0]?.getAttribute('src')).toBe('https://stats.example/s.js')
    expect(scripts[0]?.getAttribute('data-roomcast-stats')).toBe('/meeting')
  })
})
