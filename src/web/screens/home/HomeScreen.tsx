import {
  Button,
  Field,
  Input,
  Select,
  Spinner,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { selectEntryError, selectPhase } from '../../../../streams/selectors'
import type { JoinForm } from '../../../../streams/events'
import { Role, RoomType, type RoleId, type RoomTypeId } from '../../../../streams/wire/roles'
import { useSelector, useSession } from '../../session/context'
import { entryErrorText } from './entry-error-text'
import { LanguageSwitch } from '../../app/LanguageSwitch'

const useStyles = makeStyles({
  page: {
    minHeight: '100vh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '16px',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    width: '100%',
    maxWidth: '420px',
    display: 'flex',
    flexDirection: 'column',
    gap: '12px',
    padding: '24px',
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
  },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: '8px' },
  hint: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
})

const initialForm: JoinForm = {
  roomName: '',
  userName: '',
  roomType: RoomType.smallClass,
  role: Role.host,
  password: '',
}

/** [HOME-1] The home form: room name, your name, room type, role, password, Join. */
export default function HomeScreen() {
  const styles = useStyles()
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const navigate = useNavigate()
  const phase = useSelector(selectPhase)
  const error = useSelector(selectEntryError)
  const [form, setForm] = useState<JoinForm>(initialForm)
  const busy = phase === 'entering' || phase === 'joiningChannel'

  useEffect(() => {
    if (phase === 'inRoom') navigate('/meeting')
  }, [phase, navigate])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    dispatch({ type: 'ui/joinSubmitted', form })
  }
  const fieldError = (field: keyof JoinForm) =>
    error?.field === field ? entryErrorText(t, error) : undefined
  const generalError =
    error && !['roomName', 'userName', 'password', 'role'].includes(error.field ?? '')
      ? entryErrorText(t, error)
      : undefined

  return (
    <main className={styles.page}>
      <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="home-title">
        <div className={styles.header}>
          <Title2 id="home-title">{t('home.title')}</Title2>
          <LanguageSwitch />
        </div>
        <Field label={t('home.roomName')} validationMessage={fieldError('roomName')} required>
          <Input
            value={form.roomName}
            onChange={(_, d) => setForm({ ...form, roomName: d.value })}
            autoComplete="off"
          />
        </Field>
        <Field label={t('home.userName')} validationMessage={fieldError('userName')} required>
          <Input
            value={form.userName}
            onChange={(_, d) => setForm({ ...form, userName: d.value })}
            autoComplete="nickname"
          />
        </Field>
        <Field label={t('home.roomType')}>
          <Select
            value={String(form.roomType)}
            onChange={(_, d) => setForm({ ...form, roomType: Number(d.value) as RoomTypeId })}
          >
            <option value={RoomType.oneToOne}>{t('home.roomTypes.oneToOne')}</option>
            <option value={RoomType.smallClass}>{t('home.roomTypes.smallClass')}</option>
            <option value={RoomType.lectureHall}>{t('home.roomTypes.lectureHall')}</option>
          </Select>
        </Field>
        <Field label={t('home.role')} validationMessage={fieldError('role')} required>
          <Select
            value={String(form.role)}
            onChange={(_, d) => setForm({ ...form, role: Number(d.value) as RoleId })}
          >
            <option value={Role.host}>{t('home.roles.host')}</option>
            <option value={Role.conferee}>{t('home.roles.conferee')}</option>
          </Select>
        </Field>
        <Field label={t('home.password')} validationMessage={fieldError('password')} required>
          <Input
            type="password"
            value={form.password}
            onChange={(_, d) => setForm({ ...form, password: d.value })}
            autoComplete="off"
          />
        </Field>
        <Text size={200} className={styles.hint}>
          {t('home.hint')}
        </Text>
        {generalError && (
          <Text role="alert" className={styles.error}>
            {generalError}
          </Text>
        )}
        <Button
          appearance="primary"
          type="submit"
          disabled={busy}
          icon={busy ? <Spinner size="tiny" /> : undefined}
        >
          {busy ? t('home.joining') : t('home.join')}
        </Button>
      </form>
    </main>
  )
}
