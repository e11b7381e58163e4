import { Badge, Button, Divider, Link, makeStyles, Text } from '@fluentui/react-components'
import { ArrowDownload20Regular, ArrowUpload24Regular } from '@fluentui/react-icons'
import { useEffect, useRef, type ChangeEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import type { Question } from '@streams/ports/rest-types'
import { addBusinessTexts } from '../../i18n/business'
import { useSelector, useSession } from '../../session/context'
import { ListDialog, ListRow } from '../../ui/ListDialog'
import { useServiceUrl } from '../service-url'
import { QuizForm } from './QuizForm'
import { QuizResults } from './QuizResults'

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: 'calc(100vw - 32px)' },
  content: { display: 'flex', flexDirection: 'column', gap: '12px' },
  tools: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  // An icon beside a link's text, on its line (not above its baseline).
  iconLink: { display: 'inline-flex', alignItems: 'center', gap: '4px' },
  list: { gap: '6px' },
  row: { flexWrap: 'wrap', alignItems: 'center', gap: '6px', padding: '6px 8px' },
  title: { flexGrow: 1, minWidth: '160px' },
})

const selectQuestions = (s: State) => s.quiz.questions
const selectRoomId = (s: State) => s.room?.roomId ?? ''

/**
 * The host's quiz panel: the room's questions (kept per room by the server), each published,
 * closed or its results published; the followed question's answers and statistics live;
 * writing a question; import from CSV, the template and the answers' export.
 */
export default function QuizDialog({ onClose }: { onClose: () => void }) {
  addBusinessTexts()
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const questions = useSelector(selectQuestions)
  const roomId = useSelector(selectRoomId)
  const exportUrl = useServiceUrl(
    `question/admin/answer/export?roomId=${encodeURIComponent(roomId)}`,
  )
  const templateUrl = useServiceUrl('question/template')
  const file = useRef<HTMLInputElement>(null)
  useEffect(() => {
    dispatch({ type: 'ui/quizOpened' })
    return () => dispatch({ type: 'ui/quizClosed' })
  }, [dispatch])

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0]
    event.target.value = ''
    if (!chosen) return
    dispatch({ type: 'ui/questionsImported', fileName: chosen.name, csv: await chosen.text() })
  }
  const state = (q: Question, answerState: 1 | 2 | 3) =>
    dispatch({ type: 'ui/questionStateChosen', questionId: q.questionId, answerState })

  return (
    <ListDialog
      open
      onClose={onClose}
      title={t('biz.quiz.title')}
      empty={questions !== null && questions.length === 0 ? t('biz.quiz.none') : null}
      closeLabel={t('biz.quiz.dismiss')}
      surfaceClassName={styles.surface}
      contentClassName={styles.content}
      listClassName={styles.list}
      above={
        <div className={styles.tools}>
          <Button icon={<ArrowUpload24Regular />} onClick={() => file.current?.click()}>
            {t('biz.quiz.import')}
          </Button>
          <input
            ref={file}
            type="file"
            accept=".csv,text/csv"
            hidden
            aria-label={t('biz.quiz.import')}
            onChange={(e) => void importFile(e)}
          />
          {templateUrl && (
            <Link href={templateUrl} download>
              {t('biz.quiz.template')}
            </Link>
          )}
          {exportUrl && (
            <Link href={exportUrl} download className={styles.iconLink}>
              <ArrowDownload20Regular aria-hidden />
              {t('biz.quiz.export')}
            </Link>
          )}
        </div>
      }
      below={
        <>
          <QuizResults />
          <Divider />
          <QuizForm />
        </>
      }
    >
      {(questions ?? []).map((q) => (
        <ListRow key={q.questionId} className={styles.row} label={q.title}>
          <Text className={styles.title}>
            {q.simpleOrder}. {q.title}
          </Text>
          <Badge appearance="outline">
            {q.multiple ? t('biz.quiz.multiple') : t('biz.quiz.single')}
          </Badge>
          <Badge appearance="tint" color={q.answerState === 1 ? 'success' : 'informative'}>
            {t(`biz.quiz.state.${q.answerState}`)}
          </Badge>
          {q.answerState !== 1 && (
            <Button size="small" appearance="primary" onClick={() => state(q, 1)}>
              {t('biz.quiz.publish')}
            </Button>
          )}
          {q.answerState === 1 && (
            <Button size="small" onClick={() => state(q, 2)}>
              {t('biz.quiz.close')}
            </Button>
          )}
          {(q.answerState === 1 || q.answerState === 2) && (
            <Button size="small" onClick={() => state(q, 3)}>
              {t('biz.quiz.results')}
            </Button>
          )}
          {q.answerState > 0 && (
            <Button
              size="small"
              onClick={() => dispatch({ type: 'ui/questionSelected', questionId: q.questionId })}
            >
              {t('biz.quiz.follow')}
            </Button>
          )}
          <Button
            size="small"
            appearance="subtle"
            onClick={() => dispatch({ type: 'ui/questionDeleted', questionId: q.questionId })}
          >
            {t('biz.quiz.delete')}
          </Button>
        </ListRow>
      ))}
    </ListDialog>
  )
}
