import { Button, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from './DialogFrame'

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: '8px', padding: 0, margin: 0 },
  row: {
    listStyle: 'none',
    display: 'flex',
    padding: '8px',
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
})

/**
 * The frame of a dialog that lists the room's items (recordings, input users, goods, quiz
 * questions, sign-ins): the title, what comes above the list, a line when the list is empty, the
 * list named by the title, what comes below it, and the actions ending with Close.
 */
export function ListDialog({
  open,
  onClose,
  title,
  empty,
  above,
  below,
  actions,
  closeLabel,
  listClassName,
  surfaceClassName,
  contentClassName,
  children,
}: {
  open: boolean
  onClose: () => void
  title: string
  /** Shown instead of rows when the list is known to be empty. */
  empty: string | null
  above?: ReactNode
  below?: ReactNode
  /** Buttons before Close. */
  actions?: ReactNode
  /** The Close button's text ("Close" by default). */
  closeLabel?: string
  /** Lays out the list (merged over a column of rows). */
  listClassName?: string
  surfaceClassName?: string
  contentClassName?: string
  /** The rows: ListRow elements. */
  children: ReactNode
}) {
  const styles = useStyles()
  const { t } = useTranslation()
  return (
    <DialogFrame
      open={open}
      onClose={onClose}
      title={title}
      surfaceClassName={surfaceClassName}
      contentClassName={contentClassName}
      actions={
        <>
          {actions}
          <Button onClick={onClose}>{closeLabel ?? t('live.recordings.close')}</Button>
        </>
      }
    >
      {above}
      {empty !== null && <Text>{empty}</Text>}
      <ul className={mergeClasses(styles.list, listClassName)} aria-label={title}>
        {children}
      </ul>
      {below}
    </DialogFrame>
  )
}

/** One row of a ListDialog; `className` lays out its content. */
export function ListRow({
  className,
  label,
  children,
}: {
  className?: string
  label?: string
  children: ReactNode
}) {
  const styles = useStyles()
  return (
    <li className={mergeClasses(styles.row, className)} aria-label={label}>
      {children}
    </li>
  )
}
