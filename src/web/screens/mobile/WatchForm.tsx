import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import type { RoleId } from '@streams/wire/roles'
import { useAccount } from '../../app/account'
import { useCarriedNavigate } from '../../app/use-carried-navigate'
import { loadSession, peekSession } from '../../session/loader'
import { useMaybeSelector } from '../../session/use-store'
import { LightField } from '../../ui/LightField'
import light from '../../ui/light.module.css'
import { EntryBusyNotice } from '../home/EntryBusyNotice'
import { entryErrorField, entryErrorText } from '../home/entry-error-text'
import { RoomType } from '../home/form-values'

/** An audience on the CDN (role 3, [ROLE-1]): only receives. */
const CDN_AUDIENCE: RoleId = 3

const phaseOf = (s: State) => s.session.phase
const errorOf = (s: State) => s.session.entryError

/**
 * Watching from a share link: your name and the room password, then the phone meeting screen as
 * an audience on the CDN. The session loads once the user starts filling the form.
 */
export function WatchForm({ roomName }: { roomName: string }) {
  const { t } = useTranslation()
  const navigate = useCarriedNavigate()
  const { user } = useAccount()
  const [session, setSession] = useState(peekSession)
  const phase = useMaybeSelector(session, phaseOf, 'idle')
  const error = useMaybeSelector(session, errorOf, null)
  const [userName, setUserName] = useState(user?.joinName ?? '')
  const [password, setPassword] = useState('')
  const busy = phase === 'entering' || phase === 'joiningChannel'
  const ensure = () =>
    loadSession().then((loaded) => {
      setSession(loaded)
      return loaded
    })

  useEffect(() => {
    if (phase === 'inRoom') navigate('/m/meeting')
  }, [phase, navigate])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void ensure().then((loaded) =>
      loaded.dispatch({
        type: 'ui/joinSubmitted',
        form: { roomName, userName, password, role: CDN_AUDIENCE, roomType: RoomType.lectureHall },
      }),
    )
  }
  const field = error ? entryErrorField(error) : null
  const at = (name: string) => (error && field === name ? entryErrorText(t, error) : undefined)
  return (
    <form className={light.stack} onSubmit={submit} onFocusCapture={() => void ensure()} noValidate>
      <LightField label={t('home.userName')} error={at('userName')} required>
        {(control) => (
          <input
            {...control}
            className={light.input}
            value={userName}
            autoComplete="nickname"
            onChange={(e) => setUserName(e.target.value)}
          />
        )}
      </LightField>
      <LightField label={t('home.password')} error={at('password') ?? at('roomName')} required>
        {(control) => (
          <input
            {...control}
            type="password"
            className={light.input}
            value={password}
            autoComplete="off"
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </LightField>
      {error && field === 'role' && (
        <p role="alert" className={light.alert}>
          {entryErrorText(t, error)}
        </p>
      )}
      {error && !field && (
        <p role="alert" className={light.alert}>
          {entryErrorText(t, error)}
        </p>
      )}
      <EntryBusyNotice session={session} />
      <button type="submit" className={`${light.button} ${light.primary}`} disabled={busy}>
        {busy ? t('home.joining') : t('guide.watch')}
      </button>
    </form>
  )
}
