import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { selectPhase } from '@streams/selectors'
import { useCarriedNavigate } from '../../app/use-carried-navigate'
import { useSelector } from '../../session/context'

const useStyles = makeStyles({
  page: {
    height: '100dvh',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '16px',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: '12px',
    padding: '24px',
    maxWidth: '360px',
    width: '100%',
    boxSizing: 'border-box',
    textAlign: 'center',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
})

const selectEnded = (s: State) => s.session.ended

/**
 * What a meeting screen shows while I hold no room: connecting, out of the room after an end or
 * a kick (the core's box says why and its redirect follows), or not in a room at all. `back` is
 * where its button leads (home on a PC, the live guide on a phone). The boxes and toasts the
 * screen passes as `children` show over it.
 */
export function OutOfRoom({
  back,
  backLabel,
  children,
}: {
  back: string
  backLabel: string
  children?: ReactNode
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const navigate = useCarriedNavigate()
  const phase = useSelector(selectPhase)
  const ended = useSelector(selectEnded)
  const connecting = !ended && phase !== 'idle' && phase !== 'exited'
  return (
    <main className={styles.page}>
      <section className={styles.card} aria-live="polite">
        {connecting ? (
          <Spinner label={t('meeting.connecting')} />
        ) : (
          <>
            <Text size={400} weight="semibold" as="h1">
              {ended ? t('meeting.left') : t('meeting.notInRoom')}
            </Text>
            <Button appearance="primary" onClick={() => navigate(back)}>
              {backLabel}
            </Button>
          </>
        )}
      </section>
      {children}
    </main>
  )
}
