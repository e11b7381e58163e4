import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { DevicesPanel } from './DevicesPanel'

/** The device picker: camera, microphone and speaker, with a preview while it is open. */
export function DevicesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('devices.title')}</DialogTitle>
          <DialogContent>{open && <DevicesPanel />}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {t('dialogs.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
