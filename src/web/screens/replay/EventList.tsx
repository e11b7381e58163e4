import { Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { buildPeopleDirectory, type PeopleDirectory } from '@streams/replay/people'
import { formatTime, peopleOf } from '@streams/replay/query'
import { filterEvents } from './event-index'
import { EventRows } from './EventRows'
import type { OpenedLog } from './open-log'
import type { Cursor } from './use-cursor'

const ROW_HEIGHT = 26
/** Typing in a filter waits this long before the log is filtered again. */
const FILTER_DELAY_MS = 250

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', minHeight: 0, gap: '6px' },
  filters: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    gap: '6px',
    padding: '0 8px',
  },
  field: { minWidth: 0 },
  control: { minWidth: 0, width: '100%' },
  count: { padding: '0 8px', color: tokens.colorNeutralForeground3 },
  list: {
    flexGrow: 1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
  },
  seq: { width: '64px', flexShrink: 0, textAlign: 'right', fontFamily: tokens.fontFamilyMonospace },
  time: { width: '72px', flexShrink: 0, fontFamily: tokens.fontFamilyMonospace },
  type: { fontFamily: tokens.fontFamilyMonospace },
  who: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis' },
  empty: { padding: '8px', color: tokens.colorNeutralForeground3 },
})

/** The value, once it has stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return settled
}

/**
 * Every event of the log, one row each (seq, time from the start, type, who), in a virtualised
 * list; the current step's event is highlighted and kept in view, and a click seeks to it.
 * Filters by source, type and user: the rows are computed when a filter changes, never on a seek.
 */
export function EventList({ opened, cursor }: { opened: OpenedLog; cursor: Cursor }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { replay, sources } = opened
  const { envelopes } = replay
  const { step, go } = cursor
  const [source, setSource] = useState('')
  const [type, setType] = useState('')
  const [user, setUser] = useState('')
  const settledType = useSettled(type, FILTER_DELAY_MS)
  const settledUser = useSettled(user, FILTER_DELAY_MS)
  // Who is who, learnt once from the whole log the first time the user filter is used.
  const directory = useMemo(() => {
    let built: PeopleDirectory | null = null
    return () => (built ??= buildPeopleDirectory(envelopes))
  }, [envelopes])
  const index = useMemo(
    () =>
      filterEvents(envelopes, {
        source,
        type: settledType,
        user: settledUser,
        ...(settledUser.trim() ? { people: directory().resolve(settledUser) } : {}),
      }),
    [envelopes, source, settledType, settledUser, directory],
  )
  const current = index.rowOf(step - 1)
  const startedAt = replay.header.startedAt

  const renderRow = (row: number) => {
    const envelope = envelopes.at(index.envelopeAt(row)) as Envelope<Event>
    const who = peopleOf(envelope.event).slice(0, 3).join(', ')
    return (
      <>
        <span className={styles.seq}>#{envelope.seq}</span>{' '}
        <span className={styles.time}>{formatTime(envelope.at - startedAt)}</span>{' '}
        <span className={styles.type}>{envelope.event.type}</span>
        {who && (
          <>
            {' '}
            <span className={styles.who}>{who}</span>
          </>
        )}
      </>
    )
  }

  return (
    <section className={styles.panel} aria-label={t('replay.events.label')}>
      <div className={styles.filters} role="group" aria-label={t('replay.events.filters')}>
        <Field label={t('replay.events.source')} size="small" className={styles.field}>
          <Select
            size="small"
            className={styles.control}
            value={source}
            onChange={(_, d) => setSource(d.value)}
          >
            <option value="">{t('replay.events.allSources')}</option>
            {sources.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('replay.events.type')} size="small" className={styles.field}>
          <Input
            size="small"
            className={styles.control}
            value={type}
            onChange={(_, d) => setType(d.value)}
          />
        </Field>
        <Field label={t('replay.events.user')} size="small" className={styles.field}>
          <Input
            size="small"
            className={styles.control}
            value={user}
            onChange={(_, d) => setUser(d.value)}
          />
        </Field>
      </div>
      <Text size={200} className={styles.count}>
        {t('replay.events.count', { shown: index.size, total: replay.length })}
      </Text>
      {index.size === 0 ? (
        <Text className={styles.empty}>{t('replay.events.none')}</Text>
      ) : (
        <EventRows
          count={index.size}
          rowHeight={ROW_HEIGHT}
          current={current}
          renderRow={renderRow}
          rowKey={(row) => index.envelopeAt(row)}
          onPick={(row) => go(index.envelopeAt(row) + 1)}
          label={t('replay.events.label')}
          className={styles.list}
        />
      )}
    </section>
  )
}
