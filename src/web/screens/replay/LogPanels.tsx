import { Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import type { EnvelopeList } from '@streams/replay/envelopes'
import { isErrorType } from '@streams/replay/markers'
import { formatTime } from '@streams/replay/query'
import { indexWhere } from './event-index'
import { EventList } from './EventList'
import { EventRows } from './EventRows'
import type { OpenedLog } from './open-log'
import type { Cursor } from './use-cursor'

const ROW_HEIGHT = 26

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', minHeight: 0, gap: '6px' },
  list: {
    flexGrow: 1,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
  },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  bad: { fontFamily: tokens.fontFamilyMonospace, color: tokens.colorPaletteRedForeground1 },
  note: { padding: '0 8px', color: tokens.colorNeutralForeground3 },
})

type Kind = 'events' | 'network' | 'errors'

type RestCalled = Extract<Event, { type: 'rest/called' }>
const isCall = (l: EnvelopeList, i: number) => l.typeAt(i) === 'rest/called'
const failed = (e: RestCalled) => e.status !== 200 || (e.code ?? 0) !== 0
const isError = (l: EnvelopeList, i: number) => {
  const type = l.typeAt(i)
  if (isErrorType(type)) return true
  return type === 'rest/called' && failed((l.at(i) as Envelope<RestCalled>).event)
}

/** The message an error event carries, when it carries one. */
function messageOf(event: Event): string {
  const e = event as { message?: unknown; reason?: unknown; effect?: unknown }
  const parts = [e.effect, e.message ?? e.reason].filter((x) => typeof x === 'string' && x !== '')
  return parts.join(': ')
}

/**
 * The side panels: every event (filtered), the network (every REST call: method, route, status
 * and body code, duration, from the rest/called events) and the errors (failed calls, dropped
 * frames, exceptions, refusals, effects that threw). A click goes to that event.
 */
export function LogPanels({ opened, cursor }: { opened: OpenedLog; cursor: Cursor }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [kind, setKind] = useState<Kind>('events')
  const { envelopes } = opened.replay
  const length = opened.replay.length
  const index = useMemo(
    () => (kind === 'events' ? null : indexWhere(envelopes, kind === 'network' ? isCall : isError)),
    // the log grows while it opens: its length is part of what the rows are
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [envelopes, kind, length],
  )
  const startedAt = opened.replay.header.startedAt

  const row = (i: number) => {
    const envelope = envelopes.at(i) as Envelope<Event>
    const time = formatTime(envelope.at - startedAt)
    if (envelope.event.type === 'rest/called') {
      const call = envelope.event
      return (
        <>
          <span className={styles.mono}>#{envelope.seq}</span>{' '}
          <span className={styles.mono}>{time}</span>{' '}
          <span className={styles.mono}>{`${call.method} ${call.path}`}</span>{' '}
          <span className={failed(call) ? styles.bad : styles.mono}>
            {call.status === 0 ? t('replay.network.noAnswer') : call.status}
            {call.code !== undefined && call.code !== 0 ? ` · ${call.code}` : ''}
          </span>{' '}
          <span className={styles.mono}>{`${call.ms} ms`}</span>
        </>
      )
    }
    return (
      <>
        <span className={styles.mono}>#{envelope.seq}</span>{' '}
        <span className={styles.mono}>{time}</span>{' '}
        <span className={styles.bad}>{envelope.event.type}</span>{' '}
        <span>{messageOf(envelope.event)}</span>
      </>
    )
  }

  return (
    <section className={styles.panel} aria-label={t('replay.panels.label')}>
      <TabList size="small" selectedValue={kind} onTabSelect={(_, d) => setKind(d.value as Kind)}>
        <Tab value="events">{t('replay.panels.events')}</Tab>
        <Tab value="network">{t('replay.panels.network')}</Tab>
        <Tab value="errors">{t('replay.panels.errors')}</Tab>
      </TabList>
      {index === null ? (
        <EventList opened={opened} cursor={cursor} />
      ) : (
        <>
          <Text size={200} className={styles.note}>
            {t(`replay.panels.${kind}Count`, { count: index.size })}
          </Text>
          {index.size > 0 && (
            <EventRows
              count={index.size}
              rowHeight={ROW_HEIGHT}
              current={index.rowOf(cursor.step - 1)}
              renderRow={(r) => row(index.envelopeAt(r))}
              rowKey={(r) => index.envelopeAt(r)}
              onPick={(r) => cursor.go(index.envelopeAt(r) + 1)}
              label={t(`replay.panels.${kind}`)}
              className={styles.list}
            />
          )}
        </>
      )}
    </section>
  )
}
