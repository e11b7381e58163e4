// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { useEffect } from 'react'
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom'
import { AccountProvider, type AccountUser } from '../../../src/web/app/account'
import { RequireLogin } from '../../../src/web/app/RequireLogin'
import {
  NotFirstVisit,
  resetFirstLocation,
  useFirstLocation,
} from '../../../src/web/app/FirstVisit'
import { setupI18n } from '../setup-i18n'

const member: AccountUser = {
  userId: 'u1',
  nickName: 'Mei',
  loginName: 'mei',
  userTag: 'member',
}

function Where() {
  const location = useLocation()
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>
}

function app(source: { currentUser: () => Promise<AccountUser> }, path: string) {
  return render(
    <AccountProvider source={source}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/home"
            element={
              <RequireLogin>
                <p>home screen</p>
              </RequireLogin>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AccountProvider>,
  )
}

beforeAll(() => setupI18n())
beforeEach(() => sessionStorage.clear())
afterEach(cleanup)

describe('login guard', () => {
  it('[ROUTE-7] a route needing login fetches the user info when no user id is held', async () => {
    const currentUser = vi.fn(async () => member)
    app({ currentUser }, '/home')
    expect(await screen.findByText('home screen')).toBeTruthy()
    expect(currentUser).toHaveBeenCalledTimes(1)
    // [ROUTE-13] the login state is kept: the next page load does not fetch again.
    cleanup()
    const again = vi.fn(async () => member)
    app({ currentUser: again }, '/home')
    expect(await screen.findByText('home screen')).toBeTruthy()
    expect(again).not.toHaveBeenCalled()
  })

  it('[ROUTE-11] a user without a login tag is sent to the SMS sign-in page with service, system id and return URL', async () => {
    app({ currentUser: async () => ({ ...member, userTag: '' }) }, '/home')
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/login\?/))
    const params = new URLSearchParams(screen.getByTestId('where').textContent!.split('?')[1])
    expect(params.get('systemId')).toBe('65')
    expect(params.get('service')).toBe(`${window.location.origin}/`)
    expect(params.get('returnUrl')).toBe(window.location.href)
  })

  it('a failed user-info fetch offers a retry', async () => {
    const currentUser = vi
      .fn<() => Promise<AccountUser>>()
      .mockRejectedValueOnce(new Error('request failed'))
      .mockResolvedValue(member)
    app({ currentUser }, '/home')
    const retry = await screen.findByRole('button', { name: 'Retry' })
    retry.click()
    expect(await screen.findByText('home screen')).toBeTruthy()
  })
})

function Tracker() {
  useFirstLocation()
  return null
}

describe('first navigation', () => {
  beforeEach(resetFirstLocation)

  it('[ROUTE-8] a first navigation straight to a meeting route goes to home with the query as suffix', async () => {
    render(
      <MemoryRouter initialEntries={['/meeting?roomid=12&share=1']}>
        <Tracker />
        <Routes>
          <Route
            path="/meeting"
            element={
              <NotFirstVisit>
                <p>meeting screen</p>
              </NotFirstVisit>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    )
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/home?roomId=12&share=1'),
    )
  })

  it('[ROUTE-8] a later navigation to the meeting route opens it', async () => {
    render(
      <MemoryRouter initialEntries={['/home']}>
        <Tracker />
        <Routes>
          <Route
            path="/meeting"
            element={
              <NotFirstVisit>
                <p>meeting screen</p>
              </NotFirstVisit>
            }
          />
          <Route path="/home" element={<Go />} />
        </Routes>
      </MemoryRouter>,
    )
    expect(await screen.findByText('meeting screen')).toBeTruthy()
  })
})

function Go() {
  const navigate = useNavigate()
  useEffect(() => void navigate('/meeting'), [navigate])
  return null
}
