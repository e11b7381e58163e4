import {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import type { FormEvent, ReactNode } from 'react'

/**
 * The frame of a modal dialog: its title, its content and its actions; closing it (Escape, a
 * click outside) calls `onClose`. With `onSubmit` the body is a form (Enter submits).
 */
export function DialogFrame({
  open = true,
  onClose,
  title,
  actions,
  onSubmit,
  surfaceClassName,
  contentClassName,
  children,
}: {
  open?: boolean
  onClose: () => void
  title: string
  /** The buttons at the bottom. */
  actions: ReactNode
  onSubmit?: (event: FormEvent) => void
  surfaceClassName?: string
  contentClassName?: string
  children: ReactNode
}) {
  const body = (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent className={contentClassName}>{children}</DialogContent>
      <DialogActions>{actions}</DialogActions>
    </DialogBody>
  )
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface className={surfaceClassName}>
        {onSubmit ? <form onSubmit={onSubmit}>{body}</form> : body}
      </DialogSurface>
    </Dialog>
  )
}
