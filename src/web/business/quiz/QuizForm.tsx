import {
  Button,
  Checkbox,
  Field,
  Input,
  Radio,
  RadioGroup,
  Textarea,
  makeStyles,
} from '@fluentui/react-components'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useSession } from '../../session/context'
import { label } from '../QuestionBox'

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: '8px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: '4px 12px', alignItems: 'center' },
})

/** A host writes a question: its text, options, single or multiple choice, answers, time. */
export function QuizForm() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const [title, setTitle] = useState('')
  const [optionText, setOptionText] = useState('')
  const [multiple, setMultiple] = useState(false)
  const [answer, setAnswer] = useState<readonly string[]>([])
  const [seconds, setSeconds] = useState('60')
  const options = optionText
    .split('\n')
    .map((o) => o.trim())
    .filter(Boolean)
    .slice(0, 10)
  const labels = options.map((_, i) => label(i))
  const right = answer.filter((a) => labels.includes(a))
  const standingSecond = Number(seconds)
  const valid =
    title.trim() !== '' &&
    options.length >= 2 &&
    (multiple || right.length <= 1) &&
    Number.isInteger(standingSecond) &&
    standingSecond >= 5 &&
    standingSecond <= 3600
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!valid) return
    dispatch({
      type: 'ui/questionAdded',
      draft: { title: title.trim(), options, answer: right, multiple, standingSecond },
    })
    setTitle('')
    setOptionText('')
    setAnswer([])
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-label={t('biz.quiz.add')}>
      <Field label={t('biz.quiz.questionTitle')} required>
        <Input value={title} maxLength={500} onChange={(_, d) => setTitle(d.value)} />
      </Field>
      <Field label={t('biz.quiz.options')} required>
        <Textarea value={optionText} rows={3} onChange={(_, d) => setOptionText(d.value)} />
      </Field>
      <RadioGroup
        layout="horizontal"
        aria-label={t('biz.quiz.kind')}
        value={multiple ? 'multiple' : 'single'}
        onChange={(_, d) => {
          setMultiple(d.value === 'multiple')
          if (d.value === 'single') setAnswer(right.slice(0, 1))
        }}
      >
        <Radio value="single" label={t('biz.quiz.single')} />
        <Radio value="multiple" label={t('biz.quiz.multiple')} />
      </RadioGroup>
      {labels.length > 0 && (
        <div className={styles.row} role="group" aria-label={t('biz.quiz.correct')}>
          {labels.map((l) => (
            <Checkbox
              key={l}
              label={l}
              checked={right.includes(l)}
              onChange={(_, d) =>
                setAnswer(
                  d.checked ? (multiple ? [...right, l] : [l]) : right.filter((x) => x !== l),
                )
              }
            />
          ))}
        </div>
      )}
      <Field label={t('biz.quiz.seconds')}>
        <Input
          type="number"
          min={5}
          max={3600}
          value={seconds}
          onChange={(_, d) => setSeconds(d.value)}
        />
      </Field>
      <Button type="submit" appearance="primary" disabled={!valid}>
        {t('biz.quiz.add')}
      </Button>
    </form>
  )
}
