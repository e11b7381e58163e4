import {
  Button,
  Field,
  Input,
  Radio,
  RadioGroup,
  Text,
  makeStyles,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { InputService, type InputUser } from '@streams/wire/rest/inputs'
import { addLiveTexts } from '../i18n/live'
import { routes } from '../session/routes'
import { ListDialog, ListRow } from '../ui/ListDialog'

const useStyles = makeStyles({
  row: { flexDirection: 'column', gap: '4px' },
  head: { display: 'flex', alignItems: 'center', gap: '8px' },
  name: { flexGrow: 1 },
  form: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '12px' },
})

/**
 * The room's input users ([RTMP-1]) for a host: each input with its state, an RTMP input's
 * server URL and secret stream key (for OBS or ffmpeg), a pulled input's URL; add and remove.
 */
export function InputsDialog({
  roomId,
  open,
  onClose,
}: {
  roomId: string
  open: boolean
  onClose: () => void
}) {
  addLiveTexts()
  const styles = useStyles()
  const { t } = useTranslation()
  const [inputs, setInputs] = useState<readonly InputUser[]>([])
  const [name, setName] = useState('')
  const [kind, setKind] = useState<'rtmp' | 'pull'>('rtmp')
  const [url, setUrl] = useState('')
  const [error, setError] = useState('')
  const params = { roomId }
  const failed = (e: unknown) => setError(e instanceof Error ? e.message : String(e))

  const load = useCallback(() => {
    void routes
      .call(InputService, InputService.routes.list, { params: { roomId } })
      .then(setInputs, failed)
  }, [roomId])
  useEffect(() => {
    if (open) load()
  }, [open, load])

  const add = (event: FormEvent) => {
    event.preventDefault()
    setError('')
    const body =
      kind === 'rtmp'
        ? { kind, name: name.trim() }
        : { kind, name: name.trim(), sourceUrl: url.trim() }
    void routes.call(InputService, InputService.routes.add, { params, body }).then(() => {
      setName('')
      setUrl('')
      load()
    }, failed)
  }
  const remove = (uid: string) =>
    void routes
      .call(InputService, InputService.routes.delete, { params, body: { uid } })
      .then(setInputs, failed)

  const form = (
    <form className={styles.form} onSubmit={add}>
      <Field label={t('live.inputs.name')} required>
        <Input value={name} maxLength={20} onChange={(_, d) => setName(d.value)} />
      </Field>
      <RadioGroup
        layout="horizontal"
        value={kind}
        onChange={(_, d) => setKind(d.value as 'rtmp' | 'pull')}
        aria-label={t('live.inputs.kind')}
      >
        <Radio value="rtmp" label={t('live.inputs.rtmp')} />
        <Radio value="pull" label={t('live.inputs.pull')} />
      </RadioGroup>
      {kind === 'pull' && (
        <Field label={t('live.inputs.url')} required>
          <Input value={url} onChange={(_, d) => setUrl(d.value)} />
        </Field>
      )}
      {error && <Text role="alert">{error}</Text>}
      <Button type="submit" appearance="primary" disabled={!name.trim()}>
        {t('live.inputs.add')}
      </Button>
    </form>
  )
  return (
    <ListDialog
      open={open}
      onClose={onClose}
      title={t('live.inputs.title')}
      empty={inputs.length === 0 ? t('live.inputs.none') : null}
      below={form}
    >
      {inputs.map((i) => (
        <ListRow key={i.uid} className={styles.row} label={i.name}>
          <div className={styles.head}>
            <Text weight="semibold" className={styles.name}>
              {i.name} · {i.uid}
            </Text>
            <Text>{t(`live.inputs.state.${i.state}`)}</Text>
            <Button size="small" onClick={() => remove(i.uid)}>
              {t('live.inputs.remove')}
            </Button>
          </div>
          {i.error && <Text>{i.error}</Text>}
          {i.kind === 'rtmp' ? (
            <>
              <Field label={t('live.inputs.server')}>
                <Input readOnly value={i.ingestUrl} />
              </Field>
              <Field label={t('live.inputs.streamKey')}>
                <Input readOnly type="password" value={i.streamKey} />
              </Field>
            </>
          ) : (
            <Text>{i.sourceUrl}</Text>
          )}
        </ListRow>
      ))}
    </ListDialog>
  )
}
