import {
  Button,
  Link as FluentLink,
  MessageBar,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { buildPath } from '@streams/wire/rest/route'
import { ReportService, type ReportSummary } from '@streams/wire/rest/report'
import { clientConfig } from '../../app/api'
import { LanguageSwitch } from '../../app/LanguageSwitch'
import { addReplayTexts } from '../../i18n/replay'
import { routes } from '../../session/routes'
import { FluentShell } from '../../ui/FluentShell'

addReplayTexts()

const PAGE = 50

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '12px 16px',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  header: { display: 'flex', alignItems: 'center', gap: '16px', flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  note: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
})

type Loaded =
  | { readonly kind: 'loading' }
  | { readonly kind: 'notSupport' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'list'; readonly list: readonly ReportSummary[]; readonly total: number }

/** Where the replay screen fetches a report's log (this origin, with the caller's session). */
async function logUrl(reportId: string): Promise<string> {
  const { appId } = await clientConfig()
  return buildPath(ReportService, ReportService.routes.log, { appId, reportId })
}

/**
 * /replay/reports: the problem reports users sent ("Report a problem"), for support staff (the
 * accounts SUPPORT_ACCOUNTS names); each opens in the replay screen. Anyone else is told that
 * only support staff read them, and the server refuses them the list and the logs.
 */
export default function ReportsScreen() {
  const styles = useStyles()
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<Loaded>({ kind: 'loading' })
  const [pages, setPages] = useState(1)
  const [links, setLinks] = useState<Record<string, string>>({})

  useEffect(() => {
    document.title = t('replay.reports.title')
  }, [t])

  useEffect(() => {
    let live = true
    const fail = (error: unknown) =>
      live &&
      setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
    void (async () => {
      const { support } = await routes.call(ReportService, ReportService.routes.access, {})
      if (!support) return live && setState({ kind: 'notSupport' })
      const answers = await Promise.all(
        Array.from({ length: pages }, (_, i) =>
          routes.call(ReportService, ReportService.routes.list, {
            query: { page: i + 1, size: PAGE },
          }),
        ),
      )
      const list = answers.flatMap((a) => a.list)
      const urls = Object.fromEntries(
        await Promise.all(list.map(async (r) => [r.reportId, await logUrl(r.reportId)] as const)),
      )
      if (!live) return
      setLinks(urls)
      setState({ kind: 'list', list, total: answers[0]?.total ?? 0 })
    })().catch(fail)
    return () => {
      live = false
    }
  }, [pages])

  return (
    <FluentShell>
      <main className={styles.page}>
        <header className={styles.header}>
          <Title2 as="h1" className={styles.grow}>
            {t('replay.reports.title')}
          </Title2>
          <FluentLink as="span">
            <Link to="/replay">{t('replay.reports.back')}</Link>
          </FluentLink>
          <LanguageSwitch />
        </header>
        <Text>{t('replay.reports.intro')}</Text>
        {state.kind === 'loading' && <Spinner />}
        {state.kind === 'notSupport' && (
          <MessageBar intent="warning" role="alert">
            <MessageBarBody>{t('replay.reports.notSupport')}</MessageBarBody>
          </MessageBar>
        )}
        {state.kind === 'failed' && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>
              {t('replay.reports.failed', { message: state.message })}
            </MessageBarBody>
          </MessageBar>
        )}
        {state.kind === 'list' && state.list.length === 0 && (
          <Text>{t('replay.reports.empty')}</Text>
        )}
        {state.kind === 'list' && state.list.length > 0 && (
          <Table aria-label={t('replay.reports.title')} size="small">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('replay.reports.when')}</TableHeaderCell>
                <TableHeaderCell>{t('replay.reports.who')}</TableHeaderCell>
                <TableHeaderCell>{t('replay.reports.room')}</TableHeaderCell>
                <TableHeaderCell>{t('replay.reports.note')}</TableHeaderCell>
                <TableHeaderCell>{t('replay.reports.events')}</TableHeaderCell>
                <TableHeaderCell />
              </TableRow>
            </TableHeader>
            <TableBody>
              {state.list.map((r) => (
                <TableRow key={r.reportId}>
                  <TableCell>{new Date(r.createdAt).toLocaleString(i18n.language)}</TableCell>
                  <TableCell>{r.userName}</TableCell>
                  <TableCell>{r.roomId}</TableCell>
                  <TableCell className={styles.note}>
                    {r.note || t('replay.reports.noNote')}
                  </TableCell>
                  <TableCell>{r.events.toLocaleString(i18n.language)}</TableCell>
                  <TableCell>
                    <Link
                      to={`/replay?log=${encodeURIComponent(links[r.reportId] ?? '')}`}
                      aria-label={`${t('replay.reports.open')} ${r.userName} ${new Date(r.createdAt).toLocaleString(i18n.language)}`}
                    >
                      {t('replay.reports.open')}
                    </Link>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {state.kind === 'list' && state.list.length < state.total && (
          <div>
            <Button onClick={() => setPages((p) => p + 1)}>{t('replay.reports.more')}</Button>
          </div>
        )}
      </main>
    </FluentShell>
  )
}
