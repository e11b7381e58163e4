import {
  MessageBar,
  MessageBarBody,
  Text,
  Title2,
  Title3,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState, type DragEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import { formatTime } from '@streams/replay/query'
import { LanguageSwitch } from '../../app/LanguageSwitch'
import { addReplayTexts } from '../../i18n/replay'
import { FluentShell } from '../../ui/FluentShell'
import { LoadBar } from './LoadBar'
import { OpenLog } from './OpenLog'
import { ReadProblems } from './ReadProblems'
import { ReplayView } from './ReplayView'
import { originOf, scaleOf } from './timeline-scale'
import { useLogLoader } from './use-log-loader'

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
  const { loaded, opening, error, open, cancel } = useLogLoader()
  const [dragging, setDragging] = useState(false)

  useEffect(() => {
    document.title = t('replay.title')
  }, [t, loaded])

  const openFile = useCallback((file: File) => open(file.name, { file }), [open])
  useEffect(() => {
    if (url) open(url, { url })
  }, [url, open])

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
                duration: formatTime(scaleOf(replay).to - originOf(replay)),
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
        {opening && <LoadBar opening={opening} onCancel={cancel} />}
        {loaded && (
          <ReadProblems key={`problems-${loaded.id}`} problems={loaded.opened.replay.problems} />
        )}
        {loaded ? (
          <ReplayView key={loaded.id} opened={loaded.opened} />
        ) : (
          !opening && (
            <section className={styles.welcome} aria-label={t('replay.title')}>
              <Title2 as="h2">{t('replay.title')}</Title2>
              <Text>{t('replay.intro')}</Text>
              <OpenLog onFile={openFile} primary />
              <Text>{dragging ? t('replay.dropHere') : t('replay.drop')}</Text>
              {/* a link, not a request: this screen asks the server nothing ([ROUTE-15]) */}
              <Link to="/replay/reports">{t('replay.reports.link')}</Link>
            </section>
          )
        )}
      </main>
    </FluentShell>
  )
}
