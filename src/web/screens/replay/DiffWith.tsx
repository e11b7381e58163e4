import { Button, Field, Input, makeStyles } from '@fluentui/react-components'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { Replay } from '@streams/replay/engine'
import { positionOfSeq, type PositionProblem } from '@streams/replay/position'

const useStyles = makeStyles({
  form: { display: 'flex', alignItems: 'flex-end', gap: '6px' },
  input: { width: '110px' },
})

/**
 * "Compare with event #": the diff between any step (after the event with that seq) and the
 * current one, instead of the step's own changes. Empty: the step's own changes again.
 */
export function DiffWith({
  replay,
  onCompare,
}: {
  replay: Replay
  onCompare: (step: number | null) => void
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [seq, setSeq] = useState('')
  const [problem, setProblem] = useState<PositionProblem | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (seq.trim() === '') {
      setProblem(null)
      onCompare(null)
      return
    }
    const at = positionOfSeq(replay.envelopes, seq)
    setProblem(at.ok ? null : at.problem)
    onCompare(at.ok ? at.step : null)
  }
  return (
    <form className={styles.form} onSubmit={submit}>
      <Field
        size="small"
        label={t('replay.diff.with')}
        validationMessage={
          problem ? t(`replay.controls.problems.${problem.kind}`, problem) : undefined
        }
      >
        <Input
          size="small"
          className={styles.input}
          value={seq}
          onChange={(_, d) => setSeq(d.value)}
        />
      </Field>
      <Button size="small" type="submit">
        {t('replay.diff.go')}
      </Button>
    </form>
  )
}
