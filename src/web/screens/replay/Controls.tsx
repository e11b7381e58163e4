import {
  Button,
  Checkbox,
  Field,
  Input,
  Select,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import {
  Copy24Regular,
  Next24Regular,
  Pause24Regular,
  Play24Regular,
  Previous24Regular,
} from '@fluentui/react-icons'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Replay } from '@streams/replay/engine'
import { positionOfSeq, positionOfTime, type PositionProblem } from '@streams/replay/position'
import { formatTime, seqOfStep } from '@streams/replay/query'
import { originOf, timeOfStep } from './timeline-scale'
import type { Cursor } from './use-cursor'
import { SPEEDS, type Playback } from './use-playback'

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    gap: '8px 16px',
    padding: '8px 12px',
  },
  group: { display: 'flex', alignItems: 'flex-end', gap: '4px' },
  input: { width: '120px' },
  readout: {
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase300,
    alignSelf: 'center',
    whiteSpace: 'nowrap',
  },
  status: { alignSelf: 'center', color: tokens.colorNeutralForeground2 },
})

/** Where the cursor is, for people: "event #seq · step k of n · m:ss.mmm". */
export function usePositionText(replay: Replay, step: number): string {
  const { t } = useTranslation()
  const time = formatTime(
    timeOfStep(replay.envelopes, originOf(replay), step) - replay.header.startedAt,
  )
  return step === 0
    ? t('replay.position.start', { total: replay.length, time })
    : t('replay.position.event', {
        seq: seqOfStep(replay.envelopes, step),
        step,
        total: replay.length,
        time,
      })
}

/**
 * Step back and forward, jump to an event (a seq), seek to a time (seconds or m:ss.mmm from
 * the log's start), play at 1× to 16×, the position, and "Copy state".
 */
export function Controls({
  replay,
  cursor,
  playback,
  onCopy,
  status,
}: {
  replay: Replay
  cursor: Cursor
  playback: Playback
  onCopy: () => void
  status: string
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { step, go } = cursor
  const [seq, setSeq] = useState('')
  const [seqProblem, setSeqProblem] = useState<PositionProblem | null>(null)
  const [time, setTime] = useState('')
  const [timeProblem, setTimeProblem] = useState<PositionProblem | null>(null)
  const position = usePositionText(replay, step)
  const says = (p: PositionProblem | null) =>
    p === null
      ? undefined
      : t(`replay.controls.problems.${p.kind}`, {
          ...p,
          ...('ms' in p ? { time: formatTime(p.ms), duration: formatTime(p.duration) } : {}),
        })

  // A position outside the log, or one a gap lost, is refused with why: never clamped.
  const jump = (event: FormEvent) => {
    event.preventDefault()
    const at = positionOfSeq(replay.envelopes, seq)
    setSeqProblem(at.ok ? null : at.problem)
    if (at.ok) go(at.step)
  }
  const seek = (event: FormEvent) => {
    event.preventDefault()
    const at = positionOfTime(replay.envelopes, replay.header.startedAt, time)
    setTimeProblem(at.ok ? null : at.problem)
    if (at.ok) go(at.step)
  }

  return (
    <section className={styles.bar} aria-label={t('replay.controls.label')}>
      <div className={styles.group}>
        <Button
          icon={<Previous24Regular />}
          aria-label={t('replay.controls.back')}
          disabledFocusable={step <= 0}
          onClick={() => go(step - 1)}
        />
        <Button
          icon={playback.playing ? <Pause24Regular /> : <Play24Regular />}
          aria-label={playback.playing ? t('replay.controls.pause') : t('replay.controls.play')}
          appearance="primary"
          onClick={playback.playing ? playback.pause : playback.play}
        />
        <Button
          icon={<Next24Regular />}
          aria-label={t('replay.controls.forward')}
          disabledFocusable={step >= replay.length}
          onClick={() => go(step + 1)}
        />
        <Field label={t('replay.controls.speed')}>
          <Select
            value={String(playback.speed)}
            onChange={(_, d) => playback.setSpeed(Number(d.value))}
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>{`${s}×`}</option>
            ))}
          </Select>
        </Field>
        <Checkbox
          checked={playback.skipInactivity}
          onChange={(_, d) => playback.setSkipInactivity(d.checked === true)}
          label={t('replay.controls.skipInactivity')}
        />
      </div>
      <form className={styles.group} onSubmit={jump}>
        <Field label={t('replay.controls.jump')} validationMessage={says(seqProblem)}>
          <Input
            className={styles.input}
            inputMode="numeric"
            value={seq}
            onChange={(_, d) => setSeq(d.value)}
          />
        </Field>
        <Button type="submit">{t('replay.controls.jumpGo')}</Button>
      </form>
      <form className={styles.group} onSubmit={seek}>
        <Field
          label={t('replay.controls.time')}
          hint={timeProblem ? undefined : t('replay.controls.timeHint')}
          validationMessage={says(timeProblem)}
        >
          <Input className={styles.input} value={time} onChange={(_, d) => setTime(d.value)} />
        </Field>
        <Button type="submit">{t('replay.controls.timeGo')}</Button>
      </form>
      <output aria-label={t('replay.position.label')} aria-live="off" className={styles.readout}>
        {position}
      </output>
      <Button icon={<Copy24Regular />} onClick={onCopy}>
        {t('replay.controls.copy')}
      </Button>
      <Text role="status" className={styles.status}>
        {status}
      </Text>
    </section>
  )
}
