import {
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  Title2,
  Title3,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { formatTime } from '../../../../streams/replay/query'
import { LanguageSwitch } from '../../app/LanguageSwitch'
import { addReplayTexts } from '../../i18n/replay'
import { FluentShell } from '../../ui/FluentShell'
import { fetchLogText, LogOpenError, openLog, type LogErrorKind, type OpenedLog } from './open-log'
import { OpenLog } from './OpenLog'
import { ReadProblems } from './ReadProblems'
import { ReplayView } from './ReplayView'
import { originOf } from './timeline-scale'
import { stepOfHash } from './use-cursor'

addReplayTexts()

const useStyles = makeStyles({
  page: {
    height: '100vh',
    display: 'flex',
    flexDirection: 'column',
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  dragging: { outline: `3px dashed ${tokens.colorBrandStroke1}`, outlineOffset: '-6px' },
  header: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: '8px 16px',
    padding: '8px 12px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  info: { flexGrow: 1, minWidth: 0, color: tokens.colorNeutralForeground2 },
  welcome: {
    margin: 'auto',
    maxWidth: '560px',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '16px',
    padding: '24px',
    textAlign: 'center',
  },
  message: { margin: '8px 12px 0' },
})

/** A yield to the browser, so "Opening…" shows before a big log is parsed and folded. */
const painted = () =>
  new Promise<void>((resolve) => {
    const done = () => setTimeout(resolve, 0)
    const timer = setTimeout(done, 100)
    requestAnimationFrame(() => {
      clearTimeout(timer)
      done()
    })
  })

type Loaded = { readonly opened: OpenedLog; readonly initialStep: number; readonly id: number }

/**
 * [ROUTE-15] /replay: a session log opened from a file (the picker, or dropped on the page) or
 * from `?log=<url>` is replayed in the very screens the user saw, with no network and no
 * effects. The log never leaves the browser. The position is in the hash (`#seq=N`).
 */
export default function ReplayScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { search } = useLocation()
  // ?log=<url>: fetched by this browser when the page opens with it.
  const url = new URLSearchParams(search).get('log')
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [opening, setOpening] = useState<string | null>(() => url)
  const [error, setError] = useState<{ kind: LogErrorKind; message: string } | null>(null)
  const [dragging, setDragging] = useState(false)
  const latest = useRef(0)

  useEffect(() => {
    document.title = t('replay.title')
  }, [t, loaded])

  /** Opens a log once its text is read; a newer open wins over an older one still reading. */
  const load = useCallback(async (id: number, name: string, text: Promise<string>) => {
    try {
      const read = await text
      await painted()
      if (id !== latest.current) return
      const opened = openLog(read, name)
      setLoaded({ opened, id, initialStep: stepOfHash(opened.replay, window.location.hash) })
      setError(null)
    } catch (e) {
      if (id !== latest.current) return
      setError({
        kind: e instanceof LogOpenError ? e.kind : 'read',
        message: e instanceof Error ? e.message : String(e),
      })
    } finally {
      if (id === latest.current) setOpening(null)
    }
  }, [])
  const openFile = useCallback(
    (file: File) => {
      const id = ++latest.current
      setOpening(file.name)
      void load(id, file.name, file.text())
    },
    [load],
  )
  useEffect(() => {
    if (url) void load(++latest.current, url, fetchLogText(url))
  }, [url, load])

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    const file = event.dataTransfer.files[0]
    if (file) openFile(file)
  }

  const replay = loaded?.opened.replay
  return (
    <FluentShell>
      <main
        className={mergeClasses(styles.page, dragging && styles.dragging)}
        onDragOver={(event) => {
          if (!event.dataTransfer.types.includes('Files')) return
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={(event) => {
          if (event.currentTarget === event.target) setDragging(false)
        }}
        onDrop={onDrop}
      >
        <header className={styles.header}>
          <Title3 as="h1">{t('replay.title')}</Title3>
          {replay && loaded && (
            <Text className={styles.info} truncate wrap={false}>
              {t('replay.info', {
                name: loaded.opened.name,
                count: replay.length,
                duration: formatTime(
                  (replay.envelopes.at(-1)?.at ?? originOf(replay)) - originOf(replay),
                ),
                app: replay.header.app,
                format: replay.header.format,
              })}
              {replay.header.snapshot ? ` · ${t('replay.fromSnapshot')}` : ''}
            </Text>
          )}
          {loaded && <OpenLog onFile={openFile} />}
          <LanguageSwitch />
        </header>
        {error && (
          <MessageBar intent="error" className={styles.message} role="alert">
            <MessageBarBody>
              {t(`replay.errors.${error.kind}`, { message: error.message, status: error.message })}
            </MessageBarBody>
          </MessageBar>
        )}
        {loaded && <ReadProblems key={loaded.id} problems={loaded.opened.replay.problems} />}
        {opening && (
          <Spinner className={styles.message} label={t('replay.opening', { name: opening })} />
        )}
        {loaded ? (
          <ReplayView key={loaded.id} opened={loaded.opened} initialStep={loaded.initialStep} />
        ) : (
          !opening && (
            <section className={styles.welcome} aria-label={t('replay.title')}>
              <Title2 as="h2">{t('replay.title')}</Title2>
              <Text>{t('replay.intro')}</Text>
              <OpenLog onFile={openFile} primary />
              <Text>{dragging ? t('replay.dropHere') : t('replay.drop')}</Text>
            </section>
          )
        )}
      </main>
    </FluentShell>
  )
}
