import { Text, makeStyles, tokens } from '@fluentui/react-components'
import { useDeferredValue, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Replay } from '@streams/replay/engine'
import type { Change } from '@streams/replay/diff'
import { seqOfStep } from '@streams/replay/query'
import { CauseDetail } from './CauseDetail'
import { DiffWith } from './DiffWith'

/** Shown at most: a 10,000-member roster answer would otherwise print megabytes. */
const EVENT_CHARS = 20_000
const VALUE_CHARS = 200
const CHANGES_SHOWN = 200

const useStyles = makeStyles({
  detail: {
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    padding: '8px',
    minHeight: 0,
    overflow: 'auto',
  },
  code: {
    margin: 0,
    padding: '6px 8px',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  table: {
    width: '100%',
    tableLayout: 'fixed',
    borderCollapse: 'collapse',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
    '& th, & td': {
      textAlign: 'left',
      verticalAlign: 'top',
      padding: '2px 6px',
      borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
      overflowWrap: 'anywhere',
    },
    '& th': { width: '45%', fontWeight: tokens.fontWeightSemibold },
  },
  before: { color: tokens.colorPaletteRedForeground1 },
  after: { color: tokens.colorPaletteGreenForeground1 },
  note: { color: tokens.colorNeutralForeground3 },
})

function shown(value: unknown, max: number): string {
  const text = value === undefined ? '—' : (JSON.stringify(value) ?? String(value))
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/**
 * The current step: its event as JSON, where it came from and what it led to (`CauseDetail`, with
 * "Skip this event"), and what it changed in the state (the replay's diff of the step before and
 * this one: path, before → after), or the diff from any other step ("Compare with event #"). The
 * diff follows the cursor at a lower priority, so a seek renders the meeting screen first.
 */
export function StepDetail({
  replay,
  step,
  go,
  skipped,
  onSkip,
}: {
  replay: Replay
  step: number
  go: (step: number) => void
  skipped: ReadonlySet<number>
  onSkip: (index: number, skip: boolean) => void
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const at = useDeferredValue(step)
  const [compare, setCompare] = useState<number | null>(null)
  const envelope = at > 0 ? replay.envelopes.at(at - 1) : undefined
  const json = useMemo(() => {
    if (!envelope) return ''
    const text = JSON.stringify(envelope.event, null, 2)
    return text.length > EVENT_CHARS
      ? `${text.slice(0, EVENT_CHARS)}\n${t('replay.detail.truncated', { count: text.length - EVENT_CHARS })}`
      : text
  }, [envelope, t])
  const changes: Change[] = useMemo(
    () => (compare !== null ? replay.diff(compare, at) : at > 0 ? replay.diff(at - 1, at) : []),
    [replay, at, compare],
  )
  const changesTitle =
    compare === null
      ? t('replay.detail.changes')
      : t('replay.diff.between', {
          from: seqOfStep(replay.envelopes, compare),
          to: seqOfStep(replay.envelopes, at),
        })

  return (
    <section className={styles.detail} aria-label={t('replay.detail.label')}>
      {envelope ? (
        <>
          <Text weight="semibold">{t('replay.detail.event', { seq: envelope.seq })}</Text>
          <CauseDetail replay={replay} index={at - 1} go={go} skipped={skipped} onSkip={onSkip} />
          <pre className={styles.code} aria-label={t('replay.detail.event', { seq: envelope.seq })}>
            {json}
          </pre>
          <DiffWith replay={replay} onCompare={setCompare} />
          <Text weight="semibold">{changesTitle}</Text>
          {changes.length === 0 ? (
            <Text className={styles.note}>{t('replay.detail.noChanges')}</Text>
          ) : (
            <table className={styles.table} aria-label={changesTitle}>
              <tbody>
                {changes.slice(0, CHANGES_SHOWN).map((c) => (
                  <tr key={c.path}>
                    <th scope="row">{c.path}</th>
                    <td>
                      <span className={styles.before}>{shown(c.before, VALUE_CHARS)}</span>
                      {' → '}
                      <span className={styles.after}>{shown(c.after, VALUE_CHARS)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {changes.length > CHANGES_SHOWN && (
            <Text className={styles.note}>{t('replay.detail.more', { count: CHANGES_SHOWN })}</Text>
          )}
        </>
      ) : (
        <Text className={styles.note}>{t('replay.detail.noEvent')}</Text>
      )}
    </section>
  )
}
