import { Component, type ErrorInfo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import styles from '../ui/light.module.css'
import { ChunkTimeoutError } from './lazy-screen'
import { reportUnhandled } from '../session/capture'

/** [ROUTE-6] A screen that failed to load (or timed out) says so and offers a retry. */
export function ScreenError({ timedOut = false }: { timedOut?: boolean }) {
  const { t } = useTranslation()
  return (
    <main role="alert" className={styles.center}>
      <p>{timedOut ? t('app.chunkTimedOut') : t('app.chunkFailed')}</p>
      <button type="button" className={styles.button} onClick={() => window.location.reload()}>
        {t('app.retry')}
      </button>
    </main>
  )
}

/** Catches a screen's load or render failure and shows ScreenError instead of a blank page. */
export class ScreenBoundary extends Component<
  { children: ReactNode; resetKey?: string },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null }

  static getDerivedStateFromError(error: Error) {
    return { error }
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('screen failed', error, info.componentStack)
    // A screen that failed to render (not one that failed to load) is a bug: log it and offer it.
    if (!(error instanceof ChunkTimeoutError)) reportUnhandled('render', error)
  }

  override componentDidUpdate(previous: { resetKey?: string }) {
    if (this.state.error && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null })
  }

  override render() {
    if (this.state.error)
      return <ScreenError timedOut={this.state.error instanceof ChunkTimeoutError} />
    return this.props.children
  }
}
