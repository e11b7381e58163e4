import {
  PortalMountNodeProvider,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { State } from '@streams/projections'
import { SessionProvider, useSelector } from '../../session/context'
import { WithMediaView } from '../../session/WithMediaView'
import { entryErrorText } from '../home/entry-error-text'
import { MeetingScreen } from '../meeting/MeetingScreen'
import { Boxes } from '../meeting/dialogs/Boxes'
import { Toasts } from '../meeting/dialogs/Toasts'
import { MobileMeetingScreen } from '../mobile/MobileMeetingScreen'
import type { ReplaySession } from './replay-session'

const useStyles = makeStyles({
  stage: {
    display: 'flex',
    justifyContent: 'center',
    minWidth: 0,
    minHeight: 0,
    flexGrow: 1,
    padding: '8px',
    boxSizing: 'border-box',
    backgroundColor: tokens.colorNeutralBackground4,
  },
  // The screen fills this frame instead of the window: a transform makes it the box of its
  // fixed-position parts (toasts, boxes, panels), and Fluent's portals mount inside it.
  frame: {
    position: 'relative',
    transform: 'translateZ(0)',
    overflow: 'hidden',
    flexGrow: 1,
    minWidth: 0,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow8,
    backgroundColor: tokens.colorNeutralBackground2,
    '& > main': { height: '100%' },
  },
  phone: { flexGrow: 0, width: '390px', maxWidth: '100%' },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    height: '100%',
    alignItems: 'center',
    justifyContent: 'center',
    padding: '24px',
    boxSizing: 'border-box',
    textAlign: 'center',
  },
  error: { color: tokens.colorPaletteRedForeground1 },
})

const selectInRoom = (s: State) => s.room !== null
const selectMobile = (s: State) => s.session.mobile
const selectPhase = (s: State) => s.session.phase
const selectEntryError = (s: State) => s.session.entryError

/** Before the room (the home form, a failed join): the phase, and the entry error as worded there. */
function OutsideRoom() {
  const styles = useStyles()
  const { t } = useTranslation()
  const phase = useSelector(selectPhase)
  const error = useSelector(selectEntryError)
  return (
    <main className={styles.panel}>
      <Text as="h2" size={500} weight="semibold">
        {t('replay.stage.notInRoom')}
      </Text>
      <Text>{t('replay.stage.phase', { phase: t(`replay.stage.phases.${phase}`, phase) })}</Text>
      {error ? (
        <Text role="alert" className={styles.error}>
          {t('replay.stage.entryError', { text: entryErrorText(t, error) })}
        </Text>
      ) : (
        <Text>{t('replay.stage.noEntryError')}</Text>
      )}
      <Boxes />
      <Toasts />
    </main>
  )
}

function Screen() {
  const inRoom = useSelector(selectInRoom)
  const mobile = useSelector(selectMobile)
  if (!inRoom) return <OutsideRoom />
  return mobile ? <MobileMeetingScreen /> : <MeetingScreen />
}

/**
 * What the user saw at the cursor: the real meeting screen (the phone one for a phone session),
 * fed by the replayed state, with no network and no effects ([ROUTE-15]).
 */
export function ReplayStage({
  session,
  onFrame,
}: {
  session: ReplaySession
  /** Hears the frame element the screen renders in. */
  onFrame?: (element: HTMLDivElement | null) => void
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  const [frame, setFrame] = useState<HTMLDivElement | null>(null)
  const mobile = session.store.getState().session.mobile
  const attach = useCallback(
    (element: HTMLDivElement | null) => {
      setFrame(element)
      onFrame?.(element)
    },
    [onFrame],
  )
  return (
    <section className={styles.stage} aria-label={t('replay.stage.label')}>
      <div ref={attach} className={mergeClasses(styles.frame, mobile && styles.phone)}>
        <PortalMountNodeProvider value={frame ?? undefined}>
          <SessionProvider session={session}>
            <WithMediaView>
              <Screen />
            </WithMediaView>
          </SessionProvider>
        </PortalMountNodeProvider>
      </div>
    </section>
  )
}
