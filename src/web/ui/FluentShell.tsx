import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import type { ReactNode } from 'react'

/** Fluent UI for the screens past the first load (the meeting, mobile and settings screens). */
export function FluentShell({ children }: { children: ReactNode }) {
  return (
    <FluentProvider theme={webLightTheme} style={{ minHeight: '100vh' }}>
      {children}
    </FluentProvider>
  )
}
