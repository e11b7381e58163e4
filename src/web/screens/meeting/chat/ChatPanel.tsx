import { Button, Input, Text, makeStyles, tokens } from '@fluentui/react-components'
import { Dismiss24Regular } from '@fluentui/react-icons'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { selectChatMessages } from '@streams/selectors'
import { useSelector, useSession } from '../../../session/context'

const useStyles = makeStyles({
  panel: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: 0,
    height: '100%',
    boxSizing: 'border-box',
    padding: '8px 12px 12px',
    gap: '8px',
  },
  header: { display: 'flex', alignItems: 'center', gap: '8px' },
  title: { flexGrow: 1 },
  log: {
    flexGrow: 1,
    overflowY: 'auto',
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
  },
  line: { display: 'flex', flexDirection: 'column', maxWidth: '85%', overflowWrap: 'anywhere' },
  mine: { alignSelf: 'flex-end', textAlign: 'right' },
  who: { color: tokens.colorNeutralForeground3 },
  form: { display: 'flex', gap: '8px' },
  input: { flexGrow: 1, minWidth: 0 },
})

/** The chat drawer: the newest lines, and a line to send (the core sends it, [CMD-1]). */
export function ChatPanel({ onClose, bare = false }: { onClose?: () => void; bare?: boolean }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const messages = useSelector(selectChatMessages)
  const [text, setText] = useState('')
  const end = useRef<HTMLLIElement>(null)

  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollIntoView, and an effect may
    // return only a cleanup function.
    void end.current?.scrollIntoView?.({ block: 'end' })
  }, [messages.length])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (text.trim() === '') return
    dispatch({ type: 'ui/chatSubmitted', text })
    setText('')
  }
  return (
    <section className={styles.panel} aria-label={t('chat.title')}>
      {!bare && (
        <div className={styles.header}>
          <Text id="chat-title" weight="semibold" size={400} className={styles.title}>
            {t('chat.title')}
          </Text>
          {onClose && (
            <Button
              appearance="subtle"
              icon={<Dismiss24Regular />}
              aria-label={t('dialogs.close')}
              onClick={onClose}
            />
          )}
        </div>
      )}
      <ul className={styles.log} aria-label={t('chat.title')} aria-live="polite">
        {messages.length === 0 && <Text className={styles.who}>{t('chat.empty')}</Text>}
        {messages.map((m) => (
          <li key={m.id} className={m.sender ? `${styles.line} ${styles.mine}` : styles.line}>
            <Text size={200} className={styles.who}>
              {m.userName}
            </Text>
            <Text>{m.text}</Text>
          </li>
        ))}
        <li ref={end} aria-hidden />
      </ul>
      <form className={styles.form} onSubmit={submit}>
        <Input
          className={styles.input}
          aria-label={t('chat.placeholder')}
          placeholder={t('chat.placeholder')}
          value={text}
          maxLength={2000}
          onChange={(_, d) => setText(d.value)}
        />
        <Button type="submit" appearance="primary">
          {t('chat.send')}
        </Button>
      </form>
    </section>
  )
}
