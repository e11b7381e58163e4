import { Button, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { RestFailure } from '@streams/ports/rest'
import { LiveService, type LanguageStream, type LiveSetting } from '@streams/wire/rest/live'
import { addLiveTexts } from '../i18n/live'
import { routes } from '../session/routes'
import { ListDialog, ListRow } from '../ui/ListDialog'

type TFunction = ReturnType<typeof useTranslation>['t']

const useStyles = makeStyles({
  row: { flexDirection: 'column', gap: '4px' },
  own: { display: 'flex', flexDirection: 'column', gap: '4px', marginTop: '8px' },
  head: { display: 'flex', alignItems: 'center', gap: '8px' },
  name: { flexGrow: 1, minWidth: 0 },
  url: { wordBreak: 'break-all' },
  failed: { color: tokens.colorPaletteRedForeground1 },
  pair: { display: 'flex', gap: '8px', '& > *': { flexGrow: 1, minWidth: 0 } },
  form: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '12px' },
})

/** How often the push states are read again while the dialog is open. */
const REFRESH_MS = 2000

/** A push URL with its stream key (the last part of the path) hidden: it is a secret. */
export function maskKey(url: string): string {
  return url.replace(/\/[^/]+$/, '/••••')
}

/** A refusal of the server in the host's words ([API-3] names the field and why). */
export function streamErrorText(t: TFunction, error: unknown): string {
  if (error instanceof RestFailure) {
    if (error.reason === 'noUrl') return t('live.streams.errors.noUrl')
    if (error.reason === 'duplicate') return t('live.streams.errors.duplicate')
    if (error.reason === 'noInterpreter') return t('live.streams.errors.noInterpreter')
    if (error.field === 'pushUrl') return t('live.streams.errors.pushUrl')
    if (error.field === 'pullUrl') return t('live.streams.errors.pullUrl')
  }
  return t('live.streams.errors.other', {
    message: error instanceof Error ? error.message : String(error),
  })
}

/** What the host reads about a push: off while not live, else how it goes. */
function pushText(
  t: TFunction,
  stream: Pick<LanguageStream, 'pushState' | 'pushError'>,
  liveOn: boolean,
): string {
  if (!liveOn) return t('live.streams.state.off')
  const state = stream.pushState || 'starting'
  return state === 'retrying'
    ? t('live.streams.state.retrying', { reason: stream.pushError ?? '' })
    : t(`live.streams.state.${state}`)
}

/** A push's address (its key hidden) and, while live, how it goes. */
function PushLines({
  stream,
  liveOn,
}: {
  stream: Pick<LanguageStream, 'pushState' | 'pushError'> & { readonly pushUrl: string }
  liveOn: boolean
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <>
      <Text className={styles.url}>
        {t('live.streams.push')}: {maskKey(stream.pushUrl)}
      </Text>
      <Text
        role="status"
        className={stream.pushState === 'retrying' ? styles.failed : undefined}
        data-push-state={liveOn ? stream.pushState || 'starting' : 'off'}
      >
        {pushText(t, stream, liveOn)}
      </Text>
    </>
  )
}

/** Someone who may interpret (a host or a conferee of the room). */
export interface Speaker {
  readonly uid: string
  readonly userName: string
}

/** The interpreter of a language: nobody, or one of the room's speakers. */
function InterpreterSelect({
  people,
  value,
  onChange,
}: {
  people: readonly Speaker[]
  value: string
  onChange: (uid: string) => void
}) {
  const { t } = useTranslation()
  const known = value === '' || people.some((p) => p.uid === value)
  return (
    <Select value={value} onChange={(_, d) => onChange(d.value)}>
      <option value="">{t('live.streams.nobody')}</option>
      {!known && <option value={value}>{value}</option>}
      {people.map((p) => (
        <option key={p.uid} value={p.uid}>
          {p.userName}
        </option>
      ))}
    </Select>
  )
}

/**
 * A host's streaming URLs (`streamingUrls/add`, spec §7): each CDN stream is one language
 * (spec §3 "CDN language stream info") with where the server pushes the live (an RTMP URL) and
 * where the audience plays it. While live, each push's state is shown (pushing, or failed with
 * the reason while it is tried again); add and remove. A language may have an interpreter: its
 * push and its own stream carry their voice over the room's sound.
 */
export function StreamingUrlsDialog({
  roomId,
  liveOn,
  people,
  open,
  onClose,
}: {
  roomId: string
  /** Who may interpret: the room's hosts and conferees. */
  people: readonly Speaker[]
  /** The room is live (living or paused): the pushes run. */
  liveOn: boolean
  open: boolean
  onClose: () => void
}) {
  addLiveTexts()
  const styles = useStyles()
  const { t } = useTranslation()
  const [streams, setStreams] = useState<readonly LanguageStream[] | null>(null)
  // The room's own stream, where the host's client pushes it (Agora mode's AGORA_LIVE_PUSH_URL).
  const [own, setOwn] = useState<Pick<
    LiveSetting,
    'pushUrl' | 'pushState' | 'pushError' | 'liveUrl'
  > | null>(null)
  const [languageName, setLanguageName] = useState('')
  const [languageType, setLanguageType] = useState('')
  const [pushUrl, setPushUrl] = useState('')
  const [pullUrl, setPullUrl] = useState('')
  const [interpreter, setInterpreter] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const params = { roomId }

  const load = useCallback(
    () =>
      routes.call(LiveService, LiveService.routes.setting, { params: { roomId } }).then(
        (setting) => {
          setStreams(setting.streamingUrls)
          setOwn(setting.pushUrl ? setting : null)
        },
        (e: unknown) => setError(streamErrorText(t, e)),
      ),
    [roomId, t],
  )
  useEffect(() => {
    if (!open) return
    void load()
    const timer = setInterval(() => void load(), REFRESH_MS)
    return () => clearInterval(timer)
  }, [open, load])

  const add = (event: FormEvent) => {
    event.preventDefault()
    setError('')
    setBusy(true)
    const body = {
      languageName: languageName.trim(),
      languageType: languageType.trim(),
      ...(pushUrl.trim() ? { pushUrl: pushUrl.trim() } : {}),
      ...(pullUrl.trim() ? { pullUrl: pullUrl.trim() } : {}),
      ...(interpreter ? { interpreterUid: interpreter } : {}),
    }
    void routes
      .call(LiveService, LiveService.routes.streamingUrlsAdd, { params, body })
      .then(
        (list) => {
          setStreams(list)
          setLanguageName('')
          setLanguageType('')
          setPushUrl('')
          setPullUrl('')
          setInterpreter('')
        },
        (e: unknown) => setError(streamErrorText(t, e)),
      )
      .finally(() => setBusy(false))
  }
  const interpret = (streamId: string, interpreterUid: string) => {
    setError('')
    void routes
      .call(LiveService, LiveService.routes.streamingUrlsUpdate, {
        params,
        body: { streamId, interpreterUid },
      })
      .then(setStreams, (e: unknown) => setError(streamErrorText(t, e)))
  }
  const remove = (streamId: string) =>
    void routes
      .call(LiveService, LiveService.routes.streamingUrlsDelete, { params, body: { streamId } })
      .then(setStreams, (e: unknown) => setError(streamErrorText(t, e)))

  const form = (
    <form className={styles.form} onSubmit={add}>
      <div className={styles.pair}>
        <Field label={t('live.streams.languageName')} required>
          <Input
            value={languageName}
            maxLength={64}
            onChange={(_, d) => setLanguageName(d.value)}
          />
        </Field>
        <Field label={t('live.streams.languageType')} required>
          <Input
            value={languageType}
            maxLength={32}
            onChange={(_, d) => setLanguageType(d.value)}
          />
        </Field>
      </div>
      <Field label={t('live.streams.pushUrl')}>
        <Input value={pushUrl} maxLength={1024} onChange={(_, d) => setPushUrl(d.value)} />
      </Field>
      <Field label={t('live.streams.pullUrl')}>
        <Input value={pullUrl} maxLength={1024} onChange={(_, d) => setPullUrl(d.value)} />
      </Field>
      <Field label={t('live.streams.interpreter')}>
        <InterpreterSelect people={people} value={interpreter} onChange={setInterpreter} />
      </Field>
      {error && (
        <Text role="alert" className={styles.failed}>
          {error}
        </Text>
      )}
      <Button
        type="submit"
        appearance="primary"
        disabled={busy || !languageName.trim() || !languageType.trim()}
      >
        {t('live.streams.add')}
      </Button>
    </form>
  )
  return (
    <ListDialog
      open={open}
      onClose={onClose}
      title={t('live.streams.title')}
      above={
        <>
          <Text block>{t('live.streams.hint')}</Text>
          {own?.pushUrl && (
            <div className={styles.own} data-testid="own-stream">
              <Text weight="semibold">{t('live.streams.own')}</Text>
              <PushLines stream={{ ...own, pushUrl: own.pushUrl }} liveOn={liveOn} />
              {own.liveUrl && (
                <Text className={styles.url}>
                  {t('live.streams.pull')}: {own.liveUrl}
                </Text>
              )}
            </div>
          )}
        </>
      }
      empty={streams?.length === 0 ? t('live.streams.none') : null}
      below={form}
    >
      {(streams ?? []).map((s) => (
        <ListRow key={s.streamId} className={styles.row} label={s.languageName}>
          <div className={styles.head}>
            <Text weight="semibold" className={styles.name} truncate wrap={false}>
              {s.languageName} · {s.languageType}
            </Text>
            <Button size="small" onClick={() => remove(s.streamId)}>
              {t('live.streams.remove')}
            </Button>
          </div>
          {s.pushUrl && <PushLines stream={s} liveOn={liveOn} />}
          {s.pullUrl && (
            <Text className={styles.url}>
              {t('live.streams.pull')}: {s.pullUrl}
            </Text>
          )}
          <Field label={t('live.streams.interpreter')} orientation="horizontal">
            <InterpreterSelect
              people={people}
              value={s.interpreterUid}
              onChange={(uid) => interpret(s.streamId, uid)}
            />
          </Field>
        </ListRow>
      ))}
    </ListDialog>
  )
}
