import {
  Button,
  Checkbox,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  SpinButton,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { Copy24Regular, Delete24Regular } from '@fluentui/react-icons'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import type { Member } from '@streams/wire/member'
import { ProjectionService, type Projection } from '@streams/wire/rest/projection'
import { RoomService } from '@streams/wire/rest/room'
import { readCarried, withCarried } from '../../app/carry'
import { LanguageSwitch } from '../../app/LanguageSwitch'
import { addRoomTexts } from '../../i18n/room'
import { routes } from '../../session/routes'
import { FluentShell } from '../../ui/FluentShell'

addRoomTexts()

const useStyles = makeStyles({
  page: {
    maxWidth: '880px',
    margin: '0 auto',
    padding: '16px',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
  },
  header: { display: 'flex', alignItems: 'center', gap: '8px', flexWrap: 'wrap' },
  title: { flexGrow: 1 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '12px 16px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  row: { display: 'flex', gap: '8px', alignItems: 'center', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '200px' },
  members: { display: 'flex', flexWrap: 'wrap', gap: '4px 12px' },
  url: { overflowWrap: 'anywhere', color: tokens.colorNeutralForeground3 },
})

/** /projection: a host's projection screens for the carried room: add, copy the address, delete. */
export default function ProjectionRoute() {
  return (
    <FluentShell>
      <ProjectionScreen />
    </FluentShell>
  )
}

function ProjectionScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { search } = useLocation()
  const { roomId } = readCarried(search)
  const [projections, setProjections] = useState<readonly Projection[]>([])
  const [members, setMembers] = useState<readonly Member[]>([])
  const [error, setError] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [count, setCount] = useState(4)
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set())

  const [version, setVersion] = useState(0)
  const reload = () => setVersion((v) => v + 1)

  useEffect(() => {
    if (!roomId) return
    let live = true
    Promise.all([
      routes.call(ProjectionService, ProjectionService.routes.list, { params: { id: roomId } }),
      routes.call(RoomService, RoomService.routes.userPage, {
        params: { roomId },
        query: { page: 1, size: 500 },
      }),
    ]).then(
      ([list, page]) => {
        if (!live) return
        setProjections(list)
        setMembers(page.list)
        setError(null)
      },
      (failure: unknown) =>
        live && setError(failure instanceof Error ? failure.message : t('toasts.requestFailed')),
    )
    return () => {
      live = false
    }
  }, [roomId, version, t])

  const add = async (event: FormEvent) => {
    event.preventDefault()
    if (!roomId || name.trim() === '') return
    try {
      await routes.call(ProjectionService, ProjectionService.routes.add, {
        body: { roomId, name: name.trim(), layoutCount: count, subUids: [...chosen] },
      })
      setName('')
      setChosen(new Set())
      reload()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : t('toasts.requestFailed'))
    }
  }

  const remove = async (projectionId: string) => {
    await routes
      .call(ProjectionService, ProjectionService.routes.infoUpdate, {
        body: { projectionId, state: 0 },
      })
      .then(reload, (failure: unknown) =>
        setError(failure instanceof Error ? failure.message : t('toasts.requestFailed')),
      )
  }

  const names = new Map(members.map((m) => [m.uid, m.userName]))
  return (
    <main className={styles.page}>
      <header className={styles.header}>
        <Title2 className={styles.title}>{t('projection.title')}</Title2>
        <LanguageSwitch />
      </header>
      {!roomId && <Text>{t('projection.noRoom')}</Text>}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {roomId && (
        <form className={styles.card} onSubmit={add} aria-label={t('projection.add')}>
          <div className={styles.row}>
            <Field label={t('projection.name')} className={styles.grow} required>
              <Input value={name} maxLength={64} onChange={(_, d) => setName(d.value)} />
            </Field>
            <Field label={t('projection.count')}>
              <SpinButton
                value={count}
                min={1}
                max={16}
                onChange={(_, d) => setCount(Number(d.value ?? d.displayValue ?? count) || count)}
              />
            </Field>
          </div>
          <Text weight="semibold">{t('projection.shows')}</Text>
          <div className={styles.members}>
            {members.map((m) => (
              <Checkbox
                key={m.uid}
                label={m.userName}
                checked={chosen.has(m.uid)}
                onChange={(_, d) => {
                  const next = new Set(chosen)
                  if (d.checked) next.add(m.uid)
                  else next.delete(m.uid)
                  setChosen(next)
                }}
              />
            ))}
          </div>
          <div>
            <Button type="submit" appearance="primary" disabled={name.trim() === ''}>
              {t('projection.add')}
            </Button>
          </div>
        </form>
      )}
      {projections.map((p) => {
        const url = `${window.location.origin}${p.projectionUrl}`
        return (
          <section key={p.projectionId} className={styles.card} aria-label={p.name}>
            <div className={styles.row}>
              <Text weight="semibold" className={styles.grow}>
                {p.name}
              </Text>
              <Button
                icon={<Copy24Regular />}
                onClick={() => void navigator.clipboard?.writeText(url)}
              >
                {t('invite.copy')}
              </Button>
              <Button icon={<Delete24Regular />} onClick={() => void remove(p.projectionId)}>
                {t('projection.delete')}
              </Button>
            </div>
            <Text size={200} className={styles.url}>
              {url}
            </Text>
            <Text size={200}>
              {t('projection.showing', {
                count: p.layoutCount,
                names: p.subUids.map((uid) => names.get(uid) ?? uid).join(', ') || '—',
              })}
            </Text>
          </section>
        )
      })}
      {roomId && <Link to={withCarried('/meeting', search)}>{t('projection.back')}</Link>}
    </main>
  )
}
