import { ProgressBar, Text, makeStyles } from '@fluentui/react-components'
import { Checkmark16Regular, Dismiss16Regular } from '@fluentui/react-icons'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { useSelector } from '../../session/context'
import { label } from '../QuestionBox'

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', gap: '4px' },
  bar: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) 120px 32px', gap: '8px' },
  list: { margin: 0, paddingLeft: '18px', maxHeight: '140px', overflowY: 'auto' },
})

const selectResults = (s: State) => s.quiz.results
const selectQuestions = (s: State) => s.quiz.questions

/** The followed question's answers and statistics, refreshed live while the panel is open. */
export function QuizResults() {
  const styles = useStyles()
  const { t } = useTranslation()
  const results = useSelector(selectResults)
  const questions = useSelector(selectQuestions)
  if (!results) return null
  const q = questions?.find((x) => x.questionId === results.questionId)
  const { statistics, answers } = results
  return (
    <section className={styles.box} aria-label={t('biz.quiz.follow')}>
      <Text weight="semibold">
        {q ? `${q.simpleOrder}. ${q.title}` : ''} ·{' '}
        {t('biz.quiz.answered', { count: statistics.answered, correct: statistics.correct })}
      </Text>
      {(q?.options ?? []).map((o, i) => {
        const n = statistics.byOption[label(i)] ?? 0
        return (
          <div key={i} className={styles.bar}>
            <Text truncate wrap={false}>
              {label(i)}. {o}
            </Text>
            <ProgressBar
              value={statistics.answered ? n / statistics.answered : 0}
              aria-label={`${label(i)} ${n}`}
            />
            <Text>{n}</Text>
          </div>
        )
      })}
      {answers.length === 0 ? (
        <Text>{t('biz.quiz.noAnswers')}</Text>
      ) : (
        <ul className={styles.list}>
          {answers.map((a) => (
            <li key={a.userId}>
              <Text>
                {a.userName}: {a.answer.join('')}{' '}
                {a.correct ? (
                  <Checkmark16Regular aria-label={t('biz.quiz.right')} />
                ) : (
                  <Dismiss16Regular aria-label={t('biz.quiz.wrong')} />
                )}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
