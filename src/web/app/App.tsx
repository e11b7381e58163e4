import { FluentProvider, Spinner, webLightTheme } from '@fluentui/react-components'
import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { createBrowserRouter, Navigate, RouterProvider } from 'react-router-dom'
import { SessionProvider } from '../session/context'
import type { Session } from '../session/session'
import { ScreenError } from './ScreenError'
import { lazyScreen } from './lazy-screen'

const HomeScreen = lazyScreen(() => import('../screens/home/HomeScreen'))
const MeetingScreen = lazyScreen(() => import('../screens/meeting/MeetingScreen'))

function Loading() {
  const { t } = useTranslation()
  return <Spinner label={t('app.loading')} style={{ marginTop: '30vh' }} />
}

const router = createBrowserRouter([
  { path: '/', element: <Navigate to="/home" replace /> },
  { path: '/home', element: <HomeScreen />, errorElement: <ScreenError /> },
  { path: '/meeting', element: <MeetingScreen />, errorElement: <ScreenError /> },
  { path: '*', element: <Navigate to="/home" replace /> },
])

export function App({ session }: { session: Session }) {
  return (
    <FluentProvider theme={webLightTheme}>
      <SessionProvider session={session}>
        <Suspense fallback={<Loading />}>
          <RouterProvider router={router} />
        </Suspense>
      </SessionProvider>
    </FluentProvider>
  )
}
