import { Button, Text } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'

/** [ROUTE-6] A screen that failed to load (or timed out) says so and offers a retry. */
export function ScreenError() {
  const { t } = useTranslation()
  return (
    <main
      role="alert"
      style={{
        margin: '30vh auto',
        display: 'flex',
        flexDirection: 'column',
        gap: 12,
        alignItems: 'center',
      }}
    >
      <Text>{t('app.chunkFailed')}</Text>
      <Button onClick={() => window.location.reload()}>{t('app.retry')}</Button>
    </main>
  )
}
