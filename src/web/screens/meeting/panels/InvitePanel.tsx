import {
  Button,
  Field,
  Input,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { Copy24Regular, Dismiss24Regular } from '@fluentui/react-icons'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { selectRoom } from '@streams/selectors'
import { useSelector } from '../../../session/context'

export type InvitePlace = 'top' | 'bottom'

const useStyles = makeStyles({
  panel: {
    position: 'fixed',
    left: '50%',
    transform: 'translateX(-50%)',
    width: 'min(440px, calc(100vw - 24px))',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '12px 16px 16px',
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow28,
    zIndex: 900,
  },
  top: { top: '64px' },
  bottom: { bottom: '72px' },
  header: { display: 'flex', alignItems: 'center', gap: '8px' },
  title: { flexGrow: 1 },
  row: { display: 'flex', gap: '8px', alignItems: 'flex-end' },
  input: { flexGrow: 1, minWidth: 0 },
})

/** The link that brings people to this room: the home form, with the room and share=1 ([ROUTE-9]). */
export function inviteLink(origin: string, roomId: string): string {
  const params = new URLSearchParams({ roomId, share: '1' })
  return `${origin}/home?${params.toString()}`
}

/**
 * The invite dialog, at the top or at the bottom of the screen (where it was asked for); the
 * screen holds one place, so it is never at both.
 */
export function InvitePanel({ place, onClose }: { place: InvitePlace; onClose: () => void }) {
  const styles = useStyles()
  const { t } = useTranslation()
  const room = useSelector(selectRoom)
  const [copied, setCopied] = useState(false)
  if (!room) return null
  const link = inviteLink(window.location.origin, room.roomId)
  const copy = () => {
    void navigator.clipboard?.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    )
  }
  return (
    <section
      role="dialog"
      aria-labelledby="invite-title"
      data-place={place}
      className={mergeClasses(styles.panel, place === 'top' ? styles.top : styles.bottom)}
    >
      <div className={styles.header}>
        <Text id="invite-title" weight="semibold" size={400} className={styles.title}>
          {t('invite.title')}
        </Text>
        <Button
          appearance="subtle"
          icon={<Dismiss24Regular />}
          aria-label={t('invite.close')}
          onClick={onClose}
        />
      </div>
      <Text>{t('invite.text')}</Text>
      <div className={styles.row}>
        <Field label={t('invite.link')} className={styles.input}>
          <Input readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        </Field>
        <Button icon={<Copy24Regular />} onClick={copy}>
          {copied ? t('toasts.linkCopied') : t('invite.copy')}
        </Button>
      </div>
    </section>
  )
}
