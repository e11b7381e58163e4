import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { createReplayBuilder, type ReplayBuilder } from '@streams/replay/engine'
import { sourceOf } from '@streams/replay/query'
import type { ReadProblem } from '@streams/replay/read'
import { pumpLog, type LogErrorKind, type LogSource, type PumpMessage } from './log-pump'

/** How long one slice of the page's fold may run before it gives the browser its turn. */
export const SLICE_MS = 16

/** How far opening a log has come. */
export interface LoadProgress {
  /** Bytes read of the log (characters for a text), and its size when known. */
  readonly read: number
  readonly total: number | null
  /** Envelopes folded, ready to be shown. */
  readonly events: number
  readonly done: boolean
  readonly cancelled: boolean
}

export interface LoadHandlers {
  /** The replay grows from here on; called once, after the first slice folded. */
  onReady(builder: ReplayBuilder, sources: ReadonlySet<string>): void
  onProgress(progress: LoadProgress): void
  onError(kind: LogErrorKind, message: string): void
}

export interface Loading {
  cancel(): void
}

/** A reader in a worker when the browser has workers; else the same reader on the page. */
type Reader = { start(source: LogSource, post: (m: PumpMessage) => void): void; stop(): void }

function workerReader(): Reader | null {
  if (typeof Worker === 'undefined') return null
  let worker: Worker | null = null
  return {
    start(source, post) {
      worker = new Worker(new URL('./open.worker.ts', import.meta.url), { type: 'module' })
      worker.onmessage = (event: MessageEvent<PumpMessage>) => post(event.data)
      worker.onerror = (event) => post({ type: 'error', kind: 'read', message: event.message })
      worker.postMessage(source)
    },
    stop() {
      worker?.terminate()
      worker = null
    },
  }
}

const turn = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

function pageReader(): Reader {
  let stopped = false
  return {
    start(source, post) {
      void pumpLog(source, (m) => !stopped && post(m), { pause: turn, stopped: () => stopped })
    },
    stop() {
      stopped = true
    },
  }
}

/**
 * Opens a log for the replay screen: a worker reads and parses it as it arrives (`pumpLog`) and
 * hands over its envelopes in chunks; the page folds them into the replay in slices of at most
 * SLICE_MS, so no task holds the page while a big log opens, and the first screen shows as soon
 * as the first slice is folded. `cancel` stops the reading; what was folded stays.
 */
export function loadLog(source: LogSource, handlers: LoadHandlers): Loading {
  const reader = workerReader() ?? pageReader()
  const queue: Envelope<Event>[][] = []
  let head = 0
  let builder: ReplayBuilder | null = null
  const sources = new Set<string>()
  const typesSeen = new Set<string>()
  let read = 0
  let total: number | null = null
  let received = false
  let finished = false
  let cancelled = false
  let readyToldAt = -1
  let scheduled = false
  let pendingProblems: ReadProblem[] = []

  const progress = (): LoadProgress => ({
    read,
    total,
    events: builder?.replay.length ?? 0,
    done: (finished && queue.length === 0) || cancelled,
    cancelled,
  })

  const slice = () => {
    scheduled = false
    if (!builder || cancelled) return
    const until = performance.now() + SLICE_MS
    outer: while (queue.length > 0) {
      const chunk = queue[0] as Envelope<Event>[]
      while (head < chunk.length) {
        const envelope = chunk[head++] as Envelope<Event>
        const type = envelope.event.type
        if (!typesSeen.has(type)) {
          typesSeen.add(type)
          sources.add(sourceOf(type))
        }
        builder.push(envelope)
        if ((head & 63) === 0 && performance.now() > until) break outer
      }
      queue.shift()
      head = 0
    }
    if (readyToldAt < 0) {
      readyToldAt = builder.replay.length
      handlers.onReady(builder, sources)
    }
    handlers.onProgress(progress())
    if (queue.length > 0) schedule()
  }
  const schedule = () => {
    if (scheduled || cancelled) return
    scheduled = true
    setTimeout(slice, 0)
  }

  reader.start(source, (message) => {
    if (cancelled) return
    switch (message.type) {
      case 'header':
        builder = createReplayBuilder(message.header)
        total = message.total
        builder.addProblems(pendingProblems)
        pendingProblems = []
        return
      case 'chunk':
        read = message.read
        received = true
        // problems first: a gap is marked on the envelope it comes before
        if (builder) builder.addProblems(message.problems)
        else pendingProblems.push(...message.problems)
        if (message.envelopes.length > 0) queue.push(message.envelopes)
        schedule()
        return
      case 'done':
        read = message.read
        finished = true
        builder?.addProblems(message.problems)
        reader.stop()
        if (!received || queue.length === 0) schedule()
        return
      case 'error':
        finished = true
        reader.stop()
        handlers.onError(message.kind, message.message)
        return
    }
  })

  return {
    cancel() {
      if (cancelled || (finished && queue.length === 0)) return
      cancelled = true
      reader.stop()
      queue.length = 0
      handlers.onProgress(progress())
    },
  }
}
