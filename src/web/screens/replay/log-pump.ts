import type { LogHeader } from '@streams/recorder/format'
import { createLogReader, LogFormatError, type ReadProblem } from '@streams/replay/read'
import { buffersOf, createChunkWriter, type LogChunk } from '@streams/replay/text-log'

/** Why a log did not open: not a readable log, an HTTP answer, no answer, anything else. */
export type LogErrorKind = 'format' | 'http' | 'network' | 'read'

/** Where a log comes from: a URL the browser fetches, a file the user gave, or its text. */
export type LogSource =
  { readonly url: string } | { readonly file: Blob } | { readonly text: string }

/** What the reader of a log (the worker, or the page when there is no worker) says. */
export type PumpMessage =
  | { readonly type: 'header'; readonly header: LogHeader<unknown>; readonly total: number | null }
  | {
      readonly type: 'chunk'
      /** The envelopes read, as their lines and indexes (the page parses one when it needs it). */
      readonly chunk: LogChunk | null
      readonly problems: ReadProblem[]
      /** Bytes (characters for a text) read so far. */
      readonly read: number
    }
  | { readonly type: 'done'; readonly problems: ReadProblem[]; readonly read: number }
  | { readonly type: 'error'; readonly kind: LogErrorKind; readonly message: string }

/** Envelopes a chunk holds at most (a string of their lines and a few typed arrays to copy). */
export const CHUNK_ENVELOPES = 2000

class SourceError extends Error {
  constructor(
    readonly kind: LogErrorKind,
    message: string,
  ) {
    super(message)
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

async function* streamed(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader()
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return
      yield value
    }
  } finally {
    reader.releaseLock()
  }
}

/** The source as chunks of bytes (or one text), and its size when it is known. */
async function open(
  source: LogSource,
  fetchImpl: typeof fetch,
): Promise<{ chunks: AsyncIterable<Uint8Array | string>; total: number | null }> {
  if ('text' in source)
    return {
      chunks: (async function* () {
        yield source.text
      })(),
      total: source.text.length,
    }
  if ('file' in source) {
    const file = source.file
    if (typeof file.stream === 'function')
      return { chunks: streamed(file.stream()), total: file.size }
    const text = await file.text()
    return {
      chunks: (async function* () {
        yield text
      })(),
      total: text.length,
    }
  }
  let response: Response
  try {
    response = await fetchImpl(source.url)
  } catch (error) {
    throw new SourceError('network', messageOf(error))
  }
  if (!response.ok)
    throw new SourceError('http', `${response.status} ${response.statusText}`.trim())
  const length = Number(response.headers.get('content-length'))
  const total = Number.isFinite(length) && length > 0 ? length : null
  if (!response.body) {
    const text = await response.text()
    return {
      chunks: (async function* () {
        yield text
      })(),
      total,
    }
  }
  return { chunks: streamed(response.body), total }
}

export interface PumpOptions {
  readonly fetchImpl?: typeof fetch
  /** Called after each chunk is posted: on the page, a yield to the browser. */
  readonly pause?: () => Promise<void>
  /** Whether to stop (the page's cancel when there is no worker to terminate). */
  readonly stopped?: () => boolean
}

/**
 * Reads a log as it arrives, line by line (`createLogReader`: damaged lines are got past and
 * listed), and posts its header, then its envelopes in chunks of at most CHUNK_ENVELOPES (their
 * lines and indexes, `LogChunk`, the typed arrays transferred) with the problems found among
 * them, then the end. Every line is parsed here, to check it; the page parses again only the
 * envelopes it folds or shows, and keeps none of them. Runs in the replay screen's worker, so parsing never
 * holds the page; without a worker, on the page with a pause between chunks.
 */
export async function pumpLog(
  source: LogSource,
  post: (message: PumpMessage, transfer?: ArrayBuffer[]) => void,
  options: PumpOptions = {},
): Promise<void> {
  try {
    const { chunks, total } = await open(source, options.fetchImpl ?? fetch)
    const writer = createChunkWriter()
    const reader = createLogReader(undefined, {
      onEnvelope: (envelope, line) => writer.add(envelope, line ?? JSON.stringify(envelope)),
    })
    const decoder = new TextDecoder()
    let rest = ''
    let read = 0
    let sentProblems = 0
    let headerSent = false
    let lines = 0
    const flush = async () => {
      if (!headerSent && reader.header) {
        post({ type: 'header', header: reader.header, total })
        headerSent = true
      }
      const chunk = writer.take()
      const problems = reader.problems.slice(sentProblems)
      sentProblems = reader.problems.length
      if (chunk || problems.length > 0)
        post({ type: 'chunk', chunk, problems, read }, chunk ? buffersOf(chunk) : [])
      lines = 0
      if (options.pause) await options.pause()
    }
    for await (const chunk of chunks) {
      if (options.stopped?.()) return
      const base = read
      const text =
        rest + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))
      let from = 0
      for (;;) {
        const newline = text.indexOf('\n', from)
        if (newline < 0) break
        reader.line(text.slice(from, newline))
        from = newline + 1
        if (++lines >= CHUNK_ENVELOPES) {
          if (typeof chunk === 'string') read = base + from
          await flush()
          if (options.stopped?.()) return
        }
      }
      rest = text.slice(from)
      read = base + (typeof chunk === 'string' ? chunk.length : chunk.byteLength)
    }
    rest += decoder.decode()
    if (rest !== '') reader.line(rest)
    reader.end(rest === '')
    read = total ?? read
    await flush()
    post({ type: 'done', problems: reader.problems.slice(sentProblems), read })
  } catch (error) {
    if (error instanceof SourceError)
      post({ type: 'error', kind: error.kind, message: error.message })
    else if (error instanceof LogFormatError)
      post({ type: 'error', kind: 'format', message: error.message })
    else post({ type: 'error', kind: 'read', message: messageOf(error) })
  }
}
