import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react'
import { BrowserRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom'
import { AccountProvider } from './account'
import { auth } from './api'
import { readCarried, withCarried } from './carry'
import { cameFromGuide, isPhone } from './phone'
import { NotFirstVisit, useFirstLocation } from './FirstVisit'
import { lazyScreen } from './lazy-screen'
import { Loading } from './Loading'
import { setNavigator } from './navigation'
import { RequireLogin } from './RequireLogin'
import { loadMeetingScreen, loadMobileMeetingScreen } from './room-screens'
import { ScreenBoundary } from './ScreenError'
import { loadStats } from './stats'
import { installCapture } from '../session/capture'
import { CrashNotice } from './CrashNotice'

// [ROUTE-6] every screen is its own lazily loaded chunk.
const HomeScreen = lazyScreen(() => import('../screens/home/HomeScreen'))
const LoginScreen = lazyScreen(() => import('../screens/login/LoginScreen'))
const MeetingScreen = lazyScreen(loadMeetingScreen)
const MobileMeetingScreen = lazyScreen(loadMobileMeetingScreen)
const SettingScreen = lazyScreen(() => import('../screens/setting/SettingScreen'))
const ProjectionScreen = lazyScreen(() => import('../screens/projection/ProjectionScreen'))
const ProjectionMeetingScreen = lazyScreen(
  () => import('../screens/projection/ProjectionMeetingScreen'),
)
const StatusScreen = lazyScreen(() => import('../screens/status/StatusScreen'))
const GuideScreen = lazyScreen(() => import('../screens/mobile/GuideScreen'))
const ActivityScreen = lazyScreen(() => import('../screens/mobile/ActivityScreen'))
const AppLookScreen = lazyScreen(() => import('../screens/mobile/AppLookScreen'))
const ZntAppScreen = lazyScreen(() => import('../screens/mobile/ZntAppScreen'))
const ReplayScreen = lazyScreen(() => import('../screens/replay/ReplayScreen'))
const ReportsScreen = lazyScreen(() => import('../screens/replay/ReportsScreen'))

/** Navigation side effects: the adapter's navigator, the first location, statistics. */
function RouteEffects() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  useFirstLocation()
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options))
    return () => setNavigator(null)
  }, [navigate])
  useEffect(() => loadStats(pathname), [pathname])
  // Capture in the field: the log shortcut on every screen, unhandled errors recorded and offered.
  useEffect(() => installCapture(), [])
  return null
}

/**
 * A share link (the invite: /home with a room and share=1) opened on a phone lands on the live
 * guide, which needs no login; the guide's own way to the form comes back here and stays. Only the
 * link itself (the tab's first location) goes there: the app's own way home (after a kick or the
 * end, [END-2]) carries the same parameters and stays on the form.
 */
function PhoneShareToGuide({ children }: { children: ReactNode }) {
  const { search, state } = useLocation()
  const first = useFirstLocation()
  const { roomId, share } = readCarried(search)
  if (first && roomId && share && isPhone() && !cameFromGuide(state))
    return <Navigate to={withCarried('/m/guide', search)} replace />
  return <>{children}</>
}

/** [ROUTE-1] / redirects to /home, keeping the carried parameters. */
function ToHome() {
  const { search } = useLocation()
  return <Navigate to={withCarried('/home', search)} replace />
}

function Screens() {
  const { pathname } = useLocation()
  const guarded = (Screen: ComponentType, wrap?: (node: ReactNode) => ReactNode) => {
    const node = (
      <RequireLogin>
        <Screen />
      </RequireLogin>
    )
    return wrap ? wrap(node) : node
  }
  const meeting = (node: ReactNode) => <NotFirstVisit>{node}</NotFirstVisit>
  return (
    <ScreenBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>
        <Routes>
          <Route path="/" element={<ToHome />} />
          <Route
            path="/home"
            element={<PhoneShareToGuide>{guarded(HomeScreen)}</PhoneShareToGuide>}
          />
          <Route path="/meeting" element={guarded(MeetingScreen, meeting)} />
          <Route path="/setting" element={guarded(SettingScreen)} />
          <Route path="/projection" element={guarded(ProjectionScreen)} />
          <Route path="/projectionMeeting" element={guarded(ProjectionMeetingScreen)} />
          <Route path="/m/meeting" element={guarded(MobileMeetingScreen, meeting)} />
          <Route path="/login" element={<LoginScreen />} />
          {/* [ROUTE-3] the phone pages a share link opens need no login. */}
          <Route path="/m/guide" element={<GuideScreen />} />
          <Route path="/m/activity" element={<ActivityScreen />} />
          <Route path="/m/appLook" element={<AppLookScreen />} />
          <Route path="/m/zntApp" element={<ZntAppScreen />} />
          <Route path="/403" element={<StatusScreen />} />
          <Route path="/404" element={<StatusScreen />} />
          <Route path="/500" element={<StatusScreen />} />
          {/* [ROUTE-15] session replay needs no login; a log opened there stays in the browser. */}
          <Route path="/replay" element={<ReplayScreen />} />
          {/* Problem reports for support staff: login, and the server's support role. */}
          <Route path="/replay/reports" element={guarded(ReportsScreen)} />
          {/* [ROUTE-2] any other path needs login and falls back to the home screen. */}
          <Route path="*" element={guarded(ToHome)} />
        </Routes>
      </Suspense>
    </ScreenBoundary>
  )
}

export function App() {
  return (
    <AccountProvider source={auth}>
      <BrowserRouter>
        <RouteEffects />
        <Screens />
        <CrashNotice />
      </BrowserRouter>
    </AccountProvider>
  )
}
