import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react'
import type { Replay } from '@streams/replay/engine'
import { clampStep, seqOfStep, stepOfSeq } from '@streams/replay/query'
import { seqInHash, writeSeqToHash } from './hash'
import type { ReplaySession } from './replay-session'

/** The replay's cursor: the step shown, and the one way to move it. */
export interface Cursor {
  /** The step rendered. */
  readonly step: number
  /** The step, up to date at once (for key handlers and the playback clock). */
  readonly position: RefObject<number>
  /** Moves to a step: one fold from a checkpoint, one emission of the session's state. */
  go(step: number): void
}

/** The step a URL hash names (`#seq=N`: after the event with seq N), else the start. */
export function stepOfHash(replay: Replay, hash: string): number {
  const seq = seqInHash(hash)
  return seq === null ? 0 : stepOfSeq(replay.envelopes, seq)
}

/** How often the hash may be rewritten (browsers throttle history.replaceState). */
const HASH_EVERY_MS = 250

export function useCursor(replay: Replay, session: ReplaySession, initial: number): Cursor {
  const [step, setStep] = useState(initial)
  const position = useRef(initial)
  const go = useCallback(
    (n: number) => {
      const next = clampStep(n, replay.length)
      if (next === position.current) return
      position.current = next
      session.show(replay.seek(next))
      setStep(next)
    },
    [replay, session],
  )

  // The position lives in the hash: rewritten at most every 250 ms, the last one always.
  const written = useRef(0)
  useEffect(() => {
    const seq = seqOfStep(replay.envelopes, step)
    const wait = Math.max(0, written.current + HASH_EVERY_MS - performance.now())
    const timer = setTimeout(() => {
      written.current = performance.now()
      writeSeqToHash(seq)
    }, wait)
    return () => clearTimeout(timer)
  }, [replay, step])

  // A hash edited by hand (or a #seq= link followed on this page) moves the cursor.
  useEffect(() => {
    const onHash = () => {
      if (seqInHash(window.location.hash) !== null) go(stepOfHash(replay, window.location.hash))
    }
    window.addEventListener('hashchange', onHash)
    return () => window.removeEventListener('hashchange', onHash)
  }, [replay, go])

  return useMemo(() => ({ step, position, go }), [step, position, go])
}
