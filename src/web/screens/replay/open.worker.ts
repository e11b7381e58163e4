import { pumpLog, type LogSource, type PumpMessage } from './log-pump'

/** What this module sees of the worker's global scope. */
interface WorkerScope {
  onmessage: ((event: MessageEvent<LogSource>) => void) | null
  postMessage(message: PumpMessage, transfer?: ArrayBuffer[]): void
}

/**
 * The replay screen's reader: a log is fetched or read as a stream and parsed here, off the
 * page's thread, and handed to the page in chunks (`pumpLog`). The page terminates the worker to
 * cancel.
 */
const scope = self as unknown as WorkerScope
scope.onmessage = (event) => {
  void pumpLog(event.data, (message, transfer) => scope.postMessage(message, transfer ?? []))
}
