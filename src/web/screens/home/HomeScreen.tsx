import { useCallback, useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import type { JoinForm } from '@streams/events'
import type { State } from '@streams/projections'
import type { RoleId, RoomTypeId } from '@streams/wire/roles'
import { displayName } from '@streams/wire/names'
import { Role, RoomType } from './form-values'
import { useAccount } from '../../app/account'
import { AccountBar } from '../../app/AccountBar'
import { readCarried } from '../../app/carry'
import { prefetchRoomScreen } from '../../app/room-screens'
import { useRoomCard } from '../../app/use-room-card'
import { LanguageSwitch } from '../../app/LanguageSwitch'
import { useCarriedNavigate } from '../../app/use-carried-navigate'
import { exportIfAny } from '../../session/capture'
import { loadSession, peekSession } from '../../session/loader'
import { useMaybeSelector } from '../../session/use-store'
import { LightField } from '../../ui/LightField'
import styles from '../../ui/light.module.css'
import { EntryBusyNotice } from './EntryBusyNotice'
import { entryErrorField, entryErrorText } from './entry-error-text'

const phaseOf = (s: State) => s.session.phase
const errorOf = (s: State) => s.session.entryError
const mobileOf = (s: State) => s.session.mobile

/** [HOME-1] The home form: room name, your name, room type, role, password, Join. */
export default function HomeScreen() {
  const { t } = useTranslation()
  const navigate = useCarriedNavigate()
  const { user } = useAccount()
  const [session, setSession] = useState(peekSession)
  const phase = useMaybeSelector(session, phaseOf, 'idle')
  const error = useMaybeSelector(session, errorOf, null)
  const mobile = useMaybeSelector(session, mobileOf, false)
  const [form, setForm] = useState<JoinForm>(() => ({
    roomName: '',
    // [HOME-5] the name I join with: my join name, or a nickname of 3 or more, else my login name
    userName: user ? displayName(user) : '',
    roomType: RoomType.smallClass,
    role: Role.host,
    password: '',
  }))
  const [waiting, setWaiting] = useState(false)
  // [ROUTE-9] arriving with a room (a share link): its name is filled in, as a conferee.
  const { search } = useLocation()
  const carried = readCarried(search)
  useRoomCard(carried.roomId, (card) =>
    setForm((f) =>
      f.roomName
        ? f
        : { ...f, roomName: card.roomName, role: carried.share ? Role.conferee : f.role },
    ),
  )
  const busy = waiting || phase === 'entering' || phase === 'joiningChannel'
  // Only a host may create a room, and a share link names one that exists.
  const creating = form.role === Role.host && !carried.roomId

  // The session loads while the user fills the form (not before: the first load stays small),
  // and so does the room screen a join goes to.
  const ensureSession = useCallback(() => {
    prefetchRoomScreen()
    return loadSession().then((loaded) => {
      setSession(loaded)
      return loaded
    })
  }, [])

  useEffect(() => {
    if (phase === 'inRoom') navigate(mobile ? '/m/meeting' : '/meeting')
  }, [phase, mobile, navigate])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setWaiting(true)
    ensureSession()
      .then((loaded) => loaded.dispatch({ type: 'ui/joinSubmitted', form }))
      .finally(() => setWaiting(false))
  }
  const errorField = error ? entryErrorField(error) : null
  const fieldError = (field: string) =>
    error && errorField === field ? entryErrorText(t, error) : undefined
  const generalError = error && !errorField ? entryErrorText(t, error) : undefined

  return (
    <main className={styles.page}>
      <form
        className={styles.card}
        onSubmit={submit}
        onFocusCapture={() => void ensureSession()}
        noValidate
        aria-labelledby="home-title"
      >
        <div className={styles.header}>
          <h1 id="home-title" className={styles.title}>
            {t('home.title')}
          </h1>
          <LanguageSwitch />
        </div>
        <AccountBar />
        <LightField label={t('home.roomName')} error={fieldError('roomName')} required>
          {(control) => (
            <input
              {...control}
              className={styles.input}
              value={form.roomName}
              onChange={(e) => setForm({ ...form, roomName: e.target.value })}
              autoComplete="off"
            />
          )}
        </LightField>
        <LightField label={t('home.userName')} error={fieldError('userName')} required>
          {(control) => (
            <input
              {...control}
              className={styles.input}
              value={form.userName}
              onChange={(e) => setForm({ ...form, userName: e.target.value })}
              autoComplete="nickname"
            />
          )}
        </LightField>
        <LightField label={t('home.role')} error={fieldError('role')} required>
          {(control) => (
            <select
              {...control}
              className={styles.select}
              value={String(form.role)}
              onChange={(e) => setForm({ ...form, role: Number(e.target.value) as RoleId })}
            >
              <option value={Role.host}>{t('home.roles.host')}</option>
              <option value={Role.conferee}>{t('home.roles.conferee')}</option>
            </select>
          )}
        </LightField>
        {creating && (
          // The room type is the creator's choice: a joiner (a conferee, or anyone a share link
          // brought to a room) is not asked for it.
          <LightField label={t('home.roomType')} hint={t('home.roomTypeHint')}>
            {(control) => (
              <select
                {...control}
                className={styles.select}
                value={String(form.roomType)}
                onChange={(e) =>
                  setForm({ ...form, roomType: Number(e.target.value) as RoomTypeId })
                }
              >
                <option value={RoomType.oneToOne}>{t('home.roomTypes.oneToOne')}</option>
                <option value={RoomType.smallClass}>{t('home.roomTypes.smallClass')}</option>
                <option value={RoomType.lectureHall}>{t('home.roomTypes.lectureHall')}</option>
              </select>
            )}
          </LightField>
        )}
        <LightField
          label={t('home.password')}
          error={fieldError('password')}
          hint={t('home.hint')}
          required
        >
          {(control) => (
            <input
              {...control}
              type="password"
              className={styles.input}
              value={form.password}
              onChange={(e) => setForm({ ...form, password: e.target.value })}
              autoComplete="off"
            />
          )}
        </LightField>
        {generalError && (
          <p role="alert" className={styles.alert}>
            {generalError}
          </p>
        )}
        <EntryBusyNotice session={session} />
        <button type="submit" className={`${styles.button} ${styles.primary}`} disabled={busy}>
          {busy ? t('home.joining') : t('home.join')}
        </button>
        {error && error.reason !== 'empty' && error.reason !== 'tooLong' && (
          // A failed join (not a field left empty or too long) offers the session log at once.
          <div className={styles.row}>
            <span className={`${styles.hint} ${styles.grow}`}>{t('app.exportLogHint')}</span>
            <button type="button" className={styles.button} onClick={() => exportIfAny()}>
              {t('app.exportLog')}
            </button>
          </div>
        )}
      </form>
    </main>
  )
}
