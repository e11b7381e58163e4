import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { ReadProblem } from '@streams/replay/read'

const SHOWN = 20

const useStyles = makeStyles({
  bar: { margin: '8px 12px 0' },
  list: {
    margin: '4px 0 0',
    paddingLeft: '20px',
    maxHeight: '160px',
    overflowY: 'auto',
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase200,
  },
})

/**
 * What reading the log got past, as a warning over the replay: a cut-off last line (dropped),
 * lines that are not events (skipped, listed), gaps in seq (also marked on the timeline).
 */
export function ReadProblems({ problems }: { problems: readonly ReadProblem[] }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  if (problems.length === 0) return null
  const text = (p: ReadProblem) =>
    p.kind === 'gap'
      ? t('replay.problems.gap', { count: p.to - p.from + 1, from: p.from, to: p.to })
      : t(`replay.problems.${p.kind}`, { line: p.line, text: p.text })
  return (
    <MessageBar intent="warning" layout="multiline" className={styles.bar} role="status">
      <MessageBarBody>
        <MessageBarTitle>{t('replay.problems.title', { count: problems.length })}</MessageBarTitle>
        {open ? (
          <ul className={styles.list} aria-label={t('replay.problems.list')}>
            {problems.slice(0, SHOWN).map((p, i) => (
              <li key={i}>{text(p)}</li>
            ))}
            {problems.length > SHOWN && (
              <li>{t('replay.problems.more', { count: problems.length - SHOWN })}</li>
            )}
          </ul>
        ) : (
          text(problems[0] as ReadProblem)
        )}
      </MessageBarBody>
      {problems.length > 1 && (
        <MessageBarActions>
          <Button size="small" onClick={() => setOpen((o) => !o)}>
            {open ? t('replay.problems.hide') : t('replay.problems.show')}
          </Button>
        </MessageBarActions>
      )}
    </MessageBar>
  )
}
