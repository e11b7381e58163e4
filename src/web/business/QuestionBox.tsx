import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Radio,
  RadioGroup,
  Text,
  makeStyles,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { Role } from '@streams/wire/roles'
import { useIsReplay, useSelector, useSession } from '../session/context'

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '8px' },
  options: { display: 'flex', flexDirection: 'column' },
})

/** The answer box is for the members asked; the host who asks follows the answers instead. */
const selectQuiz = (s: State) => (s.me?.role === Role.host ? null : s.quiz)

export const label = (i: number) => String.fromCharCode(65 + i)

/**
 * The answer box ([CMD-41]): the question and its options, one to pick (single choice) or
 * several (multiple choice); my answer once sent; "time is up" after its standing time; and
 * the correct answer once the host publishes the results. Answering is `ui/answerSubmitted`.
 */
export function QuestionBox() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const replay = useIsReplay()
  const quiz = useSelector(selectQuiz)
  const [chosen, setChosen] = useState<{ id: string; labels: readonly string[] }>({
    id: '',
    labels: [],
  })
  const q = quiz?.current
  if (!quiz || !q || !quiz.boxOpen) return null
  const picked = chosen.id === q.questionId ? chosen.labels : []
  const pick = (labels: readonly string[]) => setChosen({ id: q.questionId, labels })
  const state = q.answerState ?? 1
  const mine = quiz.mine?.answer.join('') ?? ''
  const canAnswer = state === 1 && !quiz.timedOut && quiz.mine === null
  const options = q.options ?? []
  const close = () => dispatch({ type: 'ui/questionBoxClosed', questionId: q.questionId })
  return (
    <Dialog
      open
      modalType={replay ? 'non-modal' : 'modal'}
      onOpenChange={(_, d) => !d.open && close()}
    >
      <DialogSurface aria-label={t('biz.quiz.box', { order: q.simpleOrder })}>
        <DialogBody>
          <DialogTitle>{t('biz.quiz.box', { order: q.simpleOrder })}</DialogTitle>
          <DialogContent className={styles.body}>
            <Text weight="semibold">{q.title}</Text>
            {q.multiple ? (
              <div className={styles.options} role="group" aria-label={q.title}>
                {options.map((o, i) => (
                  <Checkbox
                    key={i}
                    label={`${label(i)}. ${o}`}
                    disabled={!canAnswer}
                    checked={picked.includes(label(i))}
                    onChange={(_, d) =>
                      pick(d.checked ? [...picked, label(i)] : picked.filter((x) => x !== label(i)))
                    }
                  />
                ))}
              </div>
            ) : (
              <RadioGroup
                aria-label={q.title}
                disabled={!canAnswer}
                value={picked[0] ?? ''}
                onChange={(_, d) => pick([d.value])}
              >
                {options.map((o, i) => (
                  <Radio key={i} value={label(i)} label={`${label(i)}. ${o}`} />
                ))}
              </RadioGroup>
            )}
            {canAnswer && <Text>{t('biz.quiz.secondsLeft', { count: q.standingSecond })}</Text>}
            {mine && <Text role="status">{t('biz.quiz.submitted', { answer: mine })}</Text>}
            {!mine && state === 1 && quiz.timedOut && <Text>{t('biz.quiz.timeUp')}</Text>}
            {!mine && state === 2 && <Text>{t('biz.quiz.closed')}</Text>}
            {state === 3 && q.answer && (
              <Text role="status" weight="semibold">
                {t('biz.quiz.rightAnswer', { answer: q.answer.join('') })}
                {mine &&
                  ` · ${mine === q.answer.join('') ? t('biz.quiz.youWereRight') : t('biz.quiz.youWereWrong', { answer: mine })}`}
              </Text>
            )}
          </DialogContent>
          <DialogActions>
            {canAnswer && (
              <Button
                appearance="primary"
                disabled={picked.length === 0}
                onClick={() =>
                  dispatch({
                    type: 'ui/answerSubmitted',
                    questionId: q.questionId,
                    answer: [...picked].sort(),
                  })
                }
              >
                {t('biz.quiz.submit')}
              </Button>
            )}
            <Button onClick={close}>{t('biz.quiz.dismiss')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
