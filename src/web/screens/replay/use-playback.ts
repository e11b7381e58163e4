import { useCallback, useEffect, useState } from 'react'
import type { Replay } from '@streams/replay/engine'
import { stepAtTime } from '@streams/replay/query'
import { originOf, timeOfStep } from './timeline-scale'
import type { Cursor } from './use-cursor'

export const SPEEDS: readonly number[] = [1, 2, 4, 8, 16]

/** A quiet stretch longer than this (log time) is skipped when "Skip inactivity" is on. */
export const INACTIVITY_MS = 2000

export interface Playback {
  readonly playing: boolean
  readonly speed: number
  readonly skipInactivity: boolean
  setSkipInactivity(skip: boolean): void
  play(): void
  pause(): void
  setSpeed(speed: number): void
}

/**
 * Plays the log keeping its recorded gaps, at 1× to 16×. A requestAnimationFrame clock: each
 * frame goes to the last step recorded at or before start + elapsed × speed, so events that
 * share a frame are folded together and rendered once. A seek while playing carries on from there.
 */
export function usePlayback(replay: Replay, cursor: Cursor): Playback {
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState(1)
  const [skipInactivity, setSkipInactivity] = useState(false)
  const { go, position } = cursor

  useEffect(() => {
    if (!playing) return
    const { envelopes } = replay
    const origin = originOf(replay)
    let base: { wall: number; at: number; step: number } | null = null
    let frame = requestAnimationFrame(function tick(now) {
      const current = position.current
      // (re)start the clock here on the first frame and after a seek made elsewhere
      if (base === null || base.step !== current)
        base = { wall: now, at: timeOfStep(envelopes, origin, current), step: current }
      let until = base.at + (now - base.wall) * speed
      // Skip inactivity: a quiet stretch longer than INACTIVITY_MS jumps to the next event.
      const coming = current < envelopes.length ? envelopes.timeAt(current) : undefined
      if (skipInactivity && coming !== undefined && coming - until > INACTIVITY_MS) {
        base = { wall: now, at: coming, step: current }
        until = coming
      }
      const next = stepAtTime(envelopes, replay.header.startedAt, until - replay.header.startedAt)
      if (next > current) {
        go(next)
        base.step = next
      }
      if (next >= replay.length) setPlaying(false)
      else frame = requestAnimationFrame(tick)
    })
    return () => cancelAnimationFrame(frame)
  }, [playing, speed, skipInactivity, replay, go, position])

  const play = useCallback(() => {
    if (position.current >= replay.length) go(0)
    setPlaying(replay.length > 0)
  }, [replay, go, position])
  const pause = useCallback(() => setPlaying(false), [])
  return { playing, speed, play, pause, setSpeed, skipInactivity, setSkipInactivity }
}
