import { selectRoom } from '@streams/selectors'
import { ReportService } from '@streams/wire/rest/report'
import type { Session } from './session'
import { routes } from './routes'

/**
 * "Report a problem": the session log (secrets were redacted when it was recorded), with the
 * user's note, goes to the server for support staff, who open it at /replay. The report itself
 * is an event first, so the log marks when the user reported. Answers the report's id.
 */
export async function sendProblemReport(session: Session, note: string): Promise<string> {
  session.dispatch({ type: 'ui/problemReported', note })
  const room = selectRoom(session.store.getState())
  const answer = await routes.call(ReportService, ReportService.routes.send, {
    body: {
      note,
      ...(room?.roomId ? { roomId: room.roomId } : {}),
      log: session.recorder.toNdjson(),
    },
  })
  return answer.reportId
}
