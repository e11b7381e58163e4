import { Button, Tooltip } from '@fluentui/react-components'
import type { ReactElement } from 'react'

/**
 * The button that opens a toolbar menu (the child of a `MenuTrigger`): on a narrow screen its
 * icon alone, named by `label` and with `label` as its tooltip; on a wide one the icon and the
 * label. An element, not a component, so the menu's trigger props reach the button itself.
 */
export function menuTriggerButton(
  icon: ReactElement,
  label: string,
  narrow: boolean,
): ReactElement {
  const button = (
    <Button appearance="subtle" icon={icon} aria-label={narrow ? label : undefined}>
      {narrow ? null : label}
    </Button>
  )
  return narrow ? (
    <Tooltip content={label} relationship="description">
      {button}
    </Tooltip>
  ) : (
    button
  )
}
