import { Button, ToggleButton, Tooltip, makeStyles } from '@fluentui/react-components'
import type { ReactElement } from 'react'

const useStyles = makeStyles({
  button: { minWidth: 'auto', flexShrink: 0 },
})

/**
 * A meeting-menu button: its accessible name is always the label; on a narrow screen only the
 * icon shows (with the label as a tooltip).
 */
export function MenuButton({
  label,
  icon,
  narrow,
  pressed,
  primary,
  danger,
  onClick,
}: {
  label: string
  icon: ReactElement
  narrow: boolean
  pressed?: boolean
  primary?: boolean
  danger?: boolean
  onClick: () => void
}) {
  const styles = useStyles()
  const common = {
    className: styles.button,
    icon,
    'aria-label': narrow ? label : undefined,
    onClick,
    appearance: primary ? ('primary' as const) : ('subtle' as const),
    style: danger ? { color: '#c50f1f' } : undefined,
  }
  const button =
    pressed === undefined ? (
      <Button {...common}>{narrow ? null : label}</Button>
    ) : (
      <ToggleButton {...common} checked={pressed}>
        {narrow ? null : label}
      </ToggleButton>
    )
  return narrow ? (
    <Tooltip content={label} relationship="description" withArrow>
      {button}
    </Tooltip>
  ) : (
    button
  )
}
