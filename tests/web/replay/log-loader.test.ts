import { describe, expect, it } from 'vitest'
import { createReplay } from '@streams/replay/engine'
import { readLog } from '@streams/replay/read'
import { loadLog, type LoadProgress } from '../../../src/web/screens/replay/log-loader'
import {
  CHUNK_ENVELOPES,
  pumpLog,
  type PumpMessage,
} from '../../../src/web/screens/replay/log-pump'
import type { TextReplayBuilder } from '@streams/replay/engine'
import { BIG_LINE, createTextEnvelopes } from '@streams/replay/text-log'

const header = JSON.stringify({ kind: 'roomcast-session-log', format: 1, app: 't', startedAt: 0 })
const line = (seq: number) =>
  JSON.stringify({ seq, at: seq, event: { type: 'msg/chatSent', text: `é ${seq} 中` } })
const logText = (n: number, skip: (seq: number) => boolean = () => false) =>
  [
    header,
    ...Array.from({ length: n }, (_, i) => i)
      .filter((i) => !skip(i))
      .map(line),
  ].join('\n') + '\n'

/** A stream of the text's bytes cut at odd places (inside lines and inside characters). */
function cutInto(text: string, size: number): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text)
  let at = 0
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close()
      controller.enqueue(bytes.slice(at, at + size))
      at += size
    },
  })
}

const fetchOf = (text: string, size: number) =>
  (async () =>
    new Response(cutInto(text, size), {
      headers: { 'content-length': String(new TextEncoder().encode(text).length) },
    })) as unknown as typeof fetch

describe('opening a log in chunks', () => {
  it('reads a stream cut anywhere into the same envelopes, in chunks, with its problems and size', async () => {
    const text = logText(CHUNK_ENVELOPES * 2 + 10, (seq) => seq === 5 || seq === 6)
    const messages: PumpMessage[] = []
    await pumpLog({ url: '/log' }, (m) => messages.push(m), { fetchImpl: fetchOf(text, 997) })
    expect(messages[0]).toMatchObject({
      type: 'header',
      total: new TextEncoder().encode(text).length,
    })
    const chunks = messages.filter((m) => m.type === 'chunk')
    expect(chunks.length).toBeGreaterThanOrEqual(3)
    const stored = createTextEnvelopes()
    for (const c of chunks) {
      expect(c.chunk?.seqs.length).toBeLessThanOrEqual(CHUNK_ENVELOPES)
      if (c.chunk) stored.append(c.chunk)
    }
    const envelopes = Array.from({ length: stored.length }, (_, i) => stored.at(i))
    expect(envelopes).toEqual(readLog(text).envelopes)
    expect(chunks.flatMap((c) => c.problems)).toEqual([
      { kind: 'gap', line: 7, index: 5, from: 5, to: 6 },
    ])
    expect(messages.at(-1)).toMatchObject({ type: 'done' })
  })

  it('drops a cut-off last line and names HTTP failures and non-logs', async () => {
    const text = logText(3)
    const messages: PumpMessage[] = []
    await pumpLog({ text: text.slice(0, -10) }, (m) => messages.push(m))
    const problems = messages.flatMap((m) => ('problems' in m ? m.problems : []))
    expect(problems).toEqual([expect.objectContaining({ kind: 'truncated', line: 4 })])
    const failed: PumpMessage[] = []
    const notFound = (async () =>
      new Response('no', { status: 404, statusText: 'Not Found' })) as unknown as typeof fetch
    await pumpLog({ url: '/x' }, (m) => failed.push(m), { fetchImpl: notFound })
    expect(failed).toEqual([{ type: 'error', kind: 'http', message: '404 Not Found' }])
    const other: PumpMessage[] = []
    await pumpLog({ text: 'hello\n' }, (m) => other.push(m))
    expect(other).toEqual([
      { type: 'error', kind: 'format', message: 'not a session log (no header line)' },
    ])
  })

  it('folds on the page in slices: ready after the first, the same replay at the end, cancel keeps what was folded', async () => {
    const text = logText(CHUNK_ENVELOPES * 3)
    const whole = createReplay(readLog(text))
    const run = (cancelAfter?: number) =>
      new Promise<{ builder: TextReplayBuilder; progress: LoadProgress[]; readyAt: number }>(
        (resolve, reject) => {
          let builder: TextReplayBuilder | null = null
          let readyAt = -1
          const progress: LoadProgress[] = []
          const loading = loadLog(
            { file: new Blob([text]) },
            {
              onReady(b) {
                builder = b
                readyAt = b.replay.length
              },
              onProgress(p) {
                progress.push(p)
                if (cancelAfter !== undefined && p.events >= cancelAfter) loading.cancel()
                if (p.done) resolve({ builder: builder!, progress, readyAt })
              },
              onError: (kind, message) => reject(new Error(`${kind}: ${message}`)),
            },
          )
        },
      )
    const full = await run()
    expect(full.readyAt).toBeGreaterThan(0)
    expect(full.readyAt).toBeLessThan(whole.length)
    expect(full.progress.at(-1)).toMatchObject({
      done: true,
      cancelled: false,
      events: whole.length,
    })
    expect(full.builder.replay.stateAt(whole.length)).toEqual(whole.stateAt(whole.length))
    expect(full.builder.replay.stateAt(1234)).toEqual(whole.stateAt(1234))
    const cut = await run(1)
    const last = cut.progress.at(-1)!
    expect(last).toMatchObject({ done: true, cancelled: true })
    expect(last.events).toBeLessThan(whole.length)
    expect(cut.builder.replay.length).toBe(last.events)
  })

  it('folds a line over BIG_LINE (a whole roster) in a slice of its own, after the first screen', async () => {
    const users = Array.from({ length: 800 }, (_, i) => ({
      uid: String(1000 + i),
      userName: `Member ${i} ${'x'.repeat(80)}`,
    }))
    const big = JSON.stringify({
      seq: 3,
      at: 3,
      event: { type: 'rest/usersLoaded', users, total: 800 },
    })
    expect(big.length).toBeGreaterThan(BIG_LINE)
    const lines = logText(200).split('\n')
    lines.splice(4, 1, big)
    const text = lines.join('\n')
    const steps = await new Promise<number[]>((resolve, reject) => {
      const seen: number[] = []
      loadLog(
        { file: new Blob([text]) },
        {
          onReady: (b) => seen.push(b.replay.length),
          onProgress(p) {
            seen.push(p.events)
            if (p.done) resolve(seen)
          },
          onError: (kind, message) => reject(new Error(`${kind}: ${message}`)),
        },
      )
    })
    // ready with the three before it; then it alone; then the rest
    expect(steps.slice(0, 4)).toEqual([3, 3, 4, 200])
  })
})
