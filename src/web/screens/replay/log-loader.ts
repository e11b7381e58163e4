import { createTextReplayBuilder, type TextReplayBuilder } from '@streams/replay/engine'
import { sourceOf } from '@streams/replay/query'
import type { ReadProblem } from '@streams/replay/read'
import { BIG_LINE } from '@streams/replay/text-log'
import { pumpLog, type LogErrorKind, type LogSource, type PumpMessage } from './log-pump'

/** How long one slice of the page's fold may run before it gives the browser its turn. */
export const SLICE_MS = 16

/**
 * A checkpoint (a kept state) every this many steps. A seek folds at most this many envelopes,
 * each parsed from the log's text first, so closer than the command line's 2,000.
 */
export const CHECKPOINT_EVERY = 500

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
  onReady(builder: TextReplayBuilder, sources: ReadonlySet<string>): void
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
 * hands over its envelopes in chunks, as text with typed-array indexes (`LogChunk`: no million
 * objects to copy onto the page, or for its garbage collector to move). The page appends each
 * chunk at once and folds in slices of at most SLICE_MS, parsing each envelope for its fold and
 * keeping only the states, so no task holds the page while a big log opens, and the first screen
 * shows as soon as the first slice is folded. `cancel` stops the reading; what was folded stays.
 */
export function loadLog(source: LogSource, handlers: LoadHandlers): Loading {
  const reader = workerReader() ?? pageReader()
  let builder: TextReplayBuilder | null = null
  const sources = new Set<string>()
  let typesSeen = 0
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
    done: (finished && pending() === 0) || cancelled,
    cancelled,
  })

  const pending = () => builder?.pending ?? 0

  const slice = () => {
    scheduled = false
    if (!builder || cancelled) return
    const until = performance.now() + SLICE_MS
    let n = 0
    while (builder.pending > 0) {
      // a big line (a whole roster) is folded in a slice of its own: its parse and fold are long
      const big = builder.nextSize > BIG_LINE
      if (big && n > 0) break
      builder.foldNext()
      if (big || ((++n & 63) === 0 && performance.now() > until)) break
    }
    const types = builder.types
    for (; typesSeen < types.length; typesSeen++) sources.add(sourceOf(types[typesSeen] as string))
    if (readyToldAt < 0) {
      readyToldAt = builder.replay.length
      handlers.onReady(builder, sources)
    }
    handlers.onProgress(progress())
    if (pending() > 0) schedule()
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
        builder = createTextReplayBuilder(message.header, { checkpointEvery: CHECKPOINT_EVERY })
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
        if (message.chunk) builder?.append(message.chunk)
        schedule()
        return
      case 'done':
        read = message.read
        finished = true
        builder?.addProblems(message.problems)
        reader.stop()
        if (!received || pending() === 0) schedule()
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
      if (cancelled || (finished && pending() === 0)) return
      cancelled = true
      reader.stop()
      handlers.onProgress(progress())
    },
  }
}
