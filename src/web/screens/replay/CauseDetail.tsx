import { Button, Checkbox, Link, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { effectsIndex, producerOf } from '@streams/replay/cause'
import type { Replay } from '@streams/replay/engine'
import type { EnvelopeList } from '@streams/replay/envelopes'
import { stepOfSeq } from '@streams/replay/query'

/** Effects listed at most under an event. */
const LED_TO_SHOWN = 12

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4px 8px' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  note: { color: tokens.colorNeutralForeground3 },
})

const indexes = new WeakMap<EnvelopeList, { length: number; map: ReadonlyMap<number, number[]> }>()
/** The effects index of a log, built once (again when the log has grown since). */
function effectsOf(envelopes: EnvelopeList) {
  const known = indexes.get(envelopes)
  if (known && known.length === envelopes.length) return known.map
  const map = effectsIndex(envelopes)
  indexes.set(envelopes, { length: envelopes.length, map })
  return map
}

/**
 * Where the step's event came from (the effect or adapter that produced it, and the event that
 * triggered it: follow it), what it led to (the events it caused), and "Skip this event": the
 * stage then shows the state as if it had never come.
 */
export function CauseDetail({
  replay,
  index,
  go,
  skipped,
  onSkip,
}: {
  replay: Replay
  /** The envelope index of the step's event. */
  index: number
  go: (step: number) => void
  skipped: ReadonlySet<number>
  onSkip: (index: number, skip: boolean) => void
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const envelope = replay.envelopes.at(index) as Envelope<Event>
  const producer = producerOf(envelope)
  const cause = envelope.cause?.seq
  const seq = replay.envelopes.seqAt(index)
  const ledTo = useMemo(() => effectsOf(replay.envelopes).get(seq) ?? [], [replay, seq])
  const goSeq = (seq: number) => go(stepOfSeq(replay.envelopes, seq))
  const inLog = cause !== undefined && stepOfSeq(replay.envelopes, cause) > 0
  return (
    <>
      <div className={styles.row}>
        <Text weight="semibold">{t('replay.cause.from')}</Text>
        {producer === null ? (
          <Text className={styles.note}>{t('replay.cause.none')}</Text>
        ) : (
          <Text className={styles.mono}>{producer}</Text>
        )}
        {cause !== undefined && (
          <>
            <Text>{t('replay.cause.triggeredBy')}</Text>
            {inLog ? (
              <Link as="button" className={styles.mono} onClick={() => goSeq(cause)}>
                {`#${cause}`}
              </Link>
            ) : (
              <Text className={styles.mono}>{t('replay.cause.notInLog', { seq: cause })}</Text>
            )}
          </>
        )}
      </div>
      {ledTo.length > 0 && (
        <div className={styles.row} aria-label={t('replay.cause.ledTo')} role="group">
          <Text weight="semibold">{t('replay.cause.ledTo')}</Text>
          {ledTo.slice(0, LED_TO_SHOWN).map((i) => {
            const { envelopes } = replay
            return (
              <Link key={i} as="button" className={styles.mono} onClick={() => go(i + 1)}>
                {`#${envelopes.seqAt(i)} ${envelopes.typeAt(i)}`}
              </Link>
            )
          })}
          {ledTo.length > LED_TO_SHOWN && (
            <Text className={styles.note}>
              {t('replay.cause.more', { count: ledTo.length - LED_TO_SHOWN })}
            </Text>
          )}
        </div>
      )}
      <div className={styles.row}>
        <Checkbox
          checked={skipped.has(index)}
          onChange={(_, d) => onSkip(index, d.checked === true)}
          label={t('replay.cause.skip')}
        />
        {skipped.size > 0 && (
          <>
            <Text className={styles.note}>
              {t('replay.cause.skipped', { count: skipped.size })}
            </Text>
            <Button size="small" onClick={() => [...skipped].forEach((i) => onSkip(i, false))}>
              {t('replay.cause.unskipAll')}
            </Button>
          </>
        )}
      </div>
    </>
  )
}
