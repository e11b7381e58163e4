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
import { selectDialogs } from '@streams/selectors'
import { RequestAction, type RequestTypeId } from '@streams/wire/peer'
import { useIsReplay, useSelector, useSession } from '../../../session/context'
import { boxText, type BoxLike } from './box-text'

/**
 * The boxes of spec §2 the core decided to show (the ui projection): meeting ended, kicked out
 * naming the kicker, invitations and applications to answer, state changed, the inactive-room
 * warning, recording failed, alerts. The oldest shows first; each button is an event. In a replay
 * ([ROUTE-15]) the box is not modal, so the replay's own controls stay usable around it.
 */
export function Boxes() {
  const { t } = useTranslation()
  const { dispatch } = useSession()
  const dialogs = useSelector(selectDialogs)
  const replay = useIsReplay()
  const box: BoxLike | undefined = dialogs[0]
  if (!box) return null
  const text = boxText(t, box)

  const answer = (confirmed: boolean) => {
    if (box.kind === 'invite' || box.kind === 'apply')
      dispatch({
        type: 'ui/requestAnswered',
        uid: String(box.params.uid),
        requestType: Number(box.params.requestType) as RequestTypeId,
        invite: box.kind === 'invite',
        action: confirmed ? RequestAction.accept : RequestAction.reject,
      })
    else if (box.kind === 'inactiveWarning' && confirmed)
      dispatch({ type: 'ui/inactiveStayClicked' })
    else dispatch({ type: 'ui/dialogClosed', id: box.id, confirmed })
  }

  return (
    <Dialog
      key={box.id}
      open
      modalType={replay ? 'non-modal' : 'alert'}
      onOpenChange={(_, data) => {
        if (!data.open) answer(false)
      }}
    >
      <DialogSurface role="alertdialog" aria-describedby={`box-${box.id}`} data-kind={box.kind}>
        <DialogBody>
          <DialogTitle>{text.title}</DialogTitle>
          <DialogContent id={`box-${box.id}`}>{text.body}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => answer(true)}>
              {text.confirm}
            </Button>
            {text.reject && <Button onClick={() => answer(false)}>{text.reject}</Button>}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
