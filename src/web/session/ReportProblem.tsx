import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  Text,
  Textarea,
  makeStyles,
} from '@fluentui/react-components'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { REPORT_NOTE_MAX } from '@streams/wire/rest/report'
import { DialogFrame } from '../ui/DialogFrame'
import { useSession } from './context'
import { sendProblemReport } from './report-problem'

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: '12px' },
})

type Status =
  | { readonly kind: 'editing' }
  | { readonly kind: 'sending' }
  | { readonly kind: 'sent'; readonly id: string }
  | { readonly kind: 'failed'; readonly message: string }

/**
 * "Report a problem" (docs/replay.md, incident desk): the user writes what went wrong and sends
 * it with the session log to support staff. Not offered in a replay.
 */
export function ReportProblemDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const session = useSession()
  const [note, setNote] = useState('')
  const [status, setStatus] = useState<Status>({ kind: 'editing' })
  const close = () => {
    if (status.kind === 'sent') {
      setNote('')
      setStatus({ kind: 'editing' })
    }
    onClose()
  }
  const send = () => {
    setStatus({ kind: 'sending' })
    sendProblemReport(session, note.trim()).then(
      (id) => setStatus({ kind: 'sent', id }),
      (error: unknown) =>
        setStatus({
          kind: 'failed',
          message: error instanceof Error ? error.message : String(error),
        }),
    )
  }
  return (
    <DialogFrame
      open={open}
      onClose={close}
      title={t('settings.reportTitle')}
      contentClassName={styles.body}
      actions={
        <>
          {status.kind !== 'sent' && (
            <Button appearance="primary" disabled={status.kind === 'sending'} onClick={send}>
              {status.kind === 'sending' ? t('settings.reportSending') : t('settings.reportSend')}
            </Button>
          )}
          <Button onClick={close}>
            {status.kind === 'sent' ? t('settings.close') : t('settings.reportCancel')}
          </Button>
        </>
      }
    >
      <Text>{t('settings.reportHint')}</Text>
      <Field label={t('settings.reportNote')}>
        <Textarea
          value={note}
          maxLength={REPORT_NOTE_MAX}
          resize="vertical"
          disabled={status.kind === 'sending' || status.kind === 'sent'}
          onChange={(_, d) => setNote(d.value)}
        />
      </Field>
      {status.kind === 'sent' && (
        <MessageBar intent="success" role="status">
          <MessageBarBody>{t('settings.reportSent', { id: status.id.slice(0, 8) })}</MessageBarBody>
        </MessageBar>
      )}
      {status.kind === 'failed' && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{t('settings.reportFailed', { message: status.message })}</MessageBarBody>
        </MessageBar>
      )}
    </DialogFrame>
  )
}
