import { useCallback, useEffect, useRef, useState } from 'react'
import type { TextReplayBuilder } from '@streams/replay/engine'
import { loadLog, type LoadProgress, type Loading } from './log-loader'
import type { LogErrorKind, LogSource } from './log-pump'
import type { OpenedLog } from './open-log'

/** How often the screen re-renders what depends on the log while it still grows. */
const REFRESH_MS = 1000

export interface Loaded {
  readonly opened: OpenedLog
  readonly id: number
}

export interface Opening {
  readonly name: string
  readonly progress: LoadProgress | null
}

export interface LogLoader {
  readonly loaded: Loaded | null
  /** While a log is being opened: its name and how far it has come (also once it is shown). */
  readonly opening: Opening | null
  readonly error: { kind: LogErrorKind; message: string } | null
  open(name: string, source: LogSource): void
  cancel(): void
}

/**
 * Opens logs for the replay screen (`loadLog`: a worker reads, the page folds in slices). The
 * first screen comes with the first slice; while the rest loads, the replay is handed on under a
 * new identity every REFRESH_MS, so the timeline, the event list and the counts follow. A newer
 * open wins over one still loading; cancel keeps what was folded (before the first screen, the log
 * shown before stays).
 */
export function useLogLoader(): LogLoader {
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [opening, setOpening] = useState<Opening | null>(null)
  const [error, setError] = useState<{ kind: LogErrorKind; message: string } | null>(null)
  const current = useRef<{ id: number; loading: Loading } | null>(null)
  const ids = useRef(0)

  const open = useCallback((name: string, source: LogSource) => {
    current.current?.loading.cancel()
    const id = ++ids.current
    let builder: TextReplayBuilder | null = null
    let sources: ReadonlySet<string> = new Set()
    let refreshed = 0
    let shown = false
    const mine = () => current.current?.id === id
    const show = () => {
      if (!builder) return
      refreshed = performance.now()
      const opened: OpenedLog = { replay: builder.view(), name, sources: [...sources].sort() }
      setLoaded({ opened, id })
      shown = true
    }
    setOpening({ name, progress: null })
    setError(null)
    const loading = loadLog(source, {
      onReady(b, s) {
        if (!mine()) return
        builder = b
        sources = s
        show()
      },
      onProgress(progress) {
        if (!mine()) return
        if (progress.done) {
          if (builder && shown) show()
          setOpening(null)
          return
        }
        setOpening({ name, progress })
        if (performance.now() - refreshed >= REFRESH_MS) show()
      },
      onError(kind, message) {
        if (!mine()) return
        setError({ kind, message })
        if (shown) show()
        setOpening(null)
      },
    })
    current.current = { id, loading }
  }, [])

  const cancel = useCallback(() => current.current?.loading.cancel(), [])
  useEffect(() => () => current.current?.loading.cancel(), [])
  return { loaded, opening, error, open, cancel }
}
