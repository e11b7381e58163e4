import { Button, Field, Input, Text, Title3, makeStyles, tokens } from '@fluentui/react-components'
import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import type { State } from '@streams/projections'
import type { Member } from '@streams/wire/member'
import { ProjectionService } from '@streams/wire/rest/projection'
import type { RoleId } from '@streams/wire/roles'
import { readCarried } from '../../app/carry'
import { useRoomCard } from '../../app/use-room-card'
import { addRoomTexts } from '../../i18n/room'
import { SessionProvider, useSelector } from '../../session/context'
import { loadSession, peekSession } from '../../session/loader'
import { routes } from '../../session/routes'
import type { Session } from '../../session/session'
import { WithMediaView } from '../../session/WithMediaView'
import { useMaybeSelector } from '../../session/use-store'
import { FluentShell } from '../../ui/FluentShell'
import { Toasts } from '../meeting/dialogs/Toasts'
import { useRedirect } from '../meeting/dialogs/use-redirect'
import { entryErrorText } from '../home/entry-error-text'
import { RoomType } from '../home/form-values'
import { Tile } from '../meeting/video/Tile'

addRoomTexts()

/** A projection screen ([ROLE-1] role 4). */
const PROJECTION: RoleId = 4

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: '#111111',
  },
  form: {
    margin: 'auto',
    width: 'min(380px, calc(100vw - 32px))',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '20px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  grid: {
    flexGrow: 1,
    display: 'grid',
    gap: '6px',
    padding: '6px',
    gridAutoRows: 'minmax(0, 1fr)',
  },
  cell: { display: 'flex', minWidth: 0, minHeight: 0, containerType: 'size' },
  empty: { margin: 'auto', color: '#ffffff' },
})

const selectUsers = (s: State) => s.users
const phaseOf = (s: State) => s.session.phase
const errorOf = (s: State) => s.session.entryError
const deletedOf = (s: State) => s.projection.deleted

/**
 * /projectionMeeting: a projection page opened on another display. It enters the room as a
 * projection (role 4) with its projection id and shows the members the host chose for it.
 */
export default function ProjectionMeetingRoute() {
  const [session, setSession] = useState<Session | null>(peekSession)
  return (
    <FluentShell>
      <ProjectionEntry session={session} onSession={setSession} />
    </FluentShell>
  )
}

function ProjectionEntry({
  session,
  onSession,
}: {
  session: Session | null
  onSession: (s: Session) => void
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const { search } = useLocation()
  const { roomId } = readCarried(search)
  const projectionId = new URLSearchParams(search).get('projectionId') ?? ''
  const { card } = useRoomCard(roomId)
  const phase = useMaybeSelector(session, phaseOf, 'idle')
  const error = useMaybeSelector(session, errorOf, null)
  // [PROJ-3] a deleted address: the display is out of the room, its warning shows until home
  const deleted = useMaybeSelector(session, deletedOf, false)
  const [screenName, setScreenName] = useState('')
  const [password, setPassword] = useState('')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!card) return
    void loadSession().then((loaded) => {
      onSession(loaded)
      // The projection's id rides with the room login (EntryBody.projectionId).
      const form = {
        roomName: card.roomName,
        userName: screenName.trim() || card.roomName.slice(0, 20),
        roomType: RoomType.lectureHall,
        role: PROJECTION,
        password,
        projectionId,
      }
      loaded.dispatch({ type: 'ui/joinSubmitted', form })
    })
  }

  if (session && (phase === 'inRoom' || deleted))
    return (
      <SessionProvider session={session}>
        {/* The media adapter draws the projected members' video into their tiles. */}
        <WithMediaView>
          <ProjectionView roomId={roomId ?? ''} projectionId={projectionId} />
        </WithMediaView>
      </SessionProvider>
    )
  return (
    <main className={styles.page}>
      <form className={styles.form} onSubmit={submit}>
        <Title3>{card?.roomName ?? t('projection.title')}</Title3>
        <Field label={t('projection.screenName')}>
          <Input value={screenName} maxLength={20} onChange={(_, d) => setScreenName(d.value)} />
        </Field>
        <Field
          label={t('projection.password')}
          validationMessage={error ? entryErrorText(t, error) : undefined}
          required
        >
          <Input type="password" value={password} onChange={(_, d) => setPassword(d.value)} />
        </Field>
        <Button type="submit" appearance="primary" disabled={!card || !projectionId}>
          {t('projection.enter')}
        </Button>
      </form>
    </main>
  )
}

function ProjectionView({ roomId, projectionId }: { roomId: string; projectionId: string }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [shown, setShown] = useState<{ uids: readonly string[]; count: number } | null>(null)
  const live = useSelector(
    useCallback((s: State) => s.projection.screens.get(projectionId), [projectionId]),
  )
  const users = useSelector(selectUsers)
  useRedirect()

  useEffect(() => {
    let current = true
    void routes
      .call(ProjectionService, ProjectionService.routes.list, { params: { id: roomId } })
      .then((list) => {
        const mine = list.find((p) => p.projectionId === projectionId)
        if (current && mine) setShown({ uids: mine.subUids, count: mine.layoutCount })
      })
    return () => {
      current = false
    }
  }, [roomId, projectionId])

  // A later edit (cmd 16) or join (cmd 14) wins over the list loaded at entry.
  const uids = live?.uids ?? shown?.uids ?? []
  const count = live?.layoutCount ?? shown?.count ?? uids.length
  const present = uids
    .map((uid) => users.hosts.get(uid) ?? users.audiences.get(uid))
    .filter((m): m is Member => m !== undefined)
    .slice(0, count)
  const columns = Math.ceil(Math.sqrt(Math.max(1, present.length)))
  return (
    <main className={styles.page}>
      {present.length === 0 ? (
        <Text className={styles.empty}>{t('projection.waiting')}</Text>
      ) : (
        <div
          className={styles.grid}
          style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}
        >
          {present.map((m) => (
            <div key={m.uid} className={styles.cell}>
              <Tile
                uid={m.uid}
                name={m.userName}
                photo={m.userPhoto}
                audio={m.enableAudio === 1}
                video={m.enableVideo === 1}
                large={present.length === 1}
                local={false}
              />
            </div>
          ))}
        </div>
      )}
      <Toasts />
    </main>
  )
}
