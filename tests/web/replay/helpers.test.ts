import { describe, expect, it } from 'vitest'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { createReplay } from '@streams/replay/engine'
import { asList } from '@streams/replay/envelopes'
import { MARKER_KINDS, type Marker } from '@streams/replay/markers'
import { replayEn } from '../../../src/web/i18n/replay/en'
import { replayZh } from '../../../src/web/i18n/replay/zh'
import { en } from '../../../src/web/i18n/en'
import { roomEn } from '../../../src/web/i18n/room/en'
import { filterEvents } from '../../../src/web/screens/replay/event-index'
import { hashWithSeq, seqInHash } from '../../../src/web/screens/replay/hash'
import { LogOpenError, openLog } from '../../../src/web/screens/replay/open-log'
import {
  fractionOfStep,
  markerColumns,
  scaleOf,
  type MarkerColumns,
  stepAtFraction,
} from '../../../src/web/screens/replay/timeline-scale'
import { kickSessionLog } from './kick-log'

const count = (at: number, seq: number): Envelope<Event> => ({
  seq,
  at,
  event: { type: 'rtm/memberCountUpdated', count: seq },
})

function keys(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([k, v]) =>
    typeof v === 'object' && v ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  )
}

describe('replay screen helpers', () => {
  it('reads and writes #seq=N, keeping other hash parameters', () => {
    expect(seqInHash('#seq=42')).toBe(42)
    expect(seqInHash('#x=1&seq=7')).toBe(7)
    expect(seqInHash('#seq=-1')).toBe(-1)
    expect(seqInHash('#seq=abc')).toBeNull()
    expect(seqInHash('')).toBeNull()
    expect(hashWithSeq('', 5)).toBe('#seq=5')
    expect(hashWithSeq('#x=1&seq=2', 9)).toBe('#x=1&seq=9')
  })

  it('filters the event list once, and finds the row of a step by binary search', () => {
    const { replay } = openLog(kickSessionLog(), 'kick')
    const all = filterEvents(replay.envelopes, {})
    expect(all.size).toBe(19)
    expect(all.rowOf(5)).toEqual({ row: 5, exact: true })
    expect(all.rowOf(-1)).toEqual({ row: -1, exact: false })
    const msg = filterEvents(replay.envelopes, { source: 'msg' })
    const rows = Array.from({ length: msg.size }, (_, r) => msg.envelopeAt(r))
    expect(rows).toEqual([11, 12, 13, 16])
    expect(msg.rowOf(12)).toEqual({ row: 1, exact: true })
    // an event the filter drops: the row before it, not highlighted
    expect(msg.rowOf(14)).toEqual({ row: 2, exact: false })
    expect(msg.rowOf(3)).toEqual({ row: -1, exact: false })
  })

  it('places steps over the duration; a place on the bar is the step of that time', () => {
    const envelopes = [count(100, 0), count(200, 1), count(200, 2), count(1100, 3)]
    const replay = createReplay({
      header: { kind: 'roomcast-session-log', format: 1, app: 't', startedAt: 100 },
      envelopes,
    })
    const scale = scaleOf(replay)
    expect(scale).toEqual({ from: 100, to: 1100, length: 4, byTime: true })
    expect(fractionOfStep(scale, envelopes, 0)).toBe(0)
    expect(fractionOfStep(scale, envelopes, 3)).toBe(0.1)
    expect(stepAtFraction(scale, envelopes, 0.1)).toBe(3)
    expect(stepAtFraction(scale, envelopes, 0.5)).toBe(3)
    expect(stepAtFraction(scale, envelopes, 1)).toBe(4)
    // every event at one time: the bar is over the steps
    const flat = createReplay({
      header: { kind: 'roomcast-session-log', format: 1, app: 't', startedAt: 5 },
      envelopes: [count(5, 0), count(5, 1)],
    })
    const flatScale = scaleOf(flat)
    expect(flatScale.byTime).toBe(false)
    expect(stepAtFraction(flatScale, flat.envelopes, 0.5)).toBe(1)
  })

  it('aggregates 150,000 markers into a bounded number of columns per kind', () => {
    const n = 150_000
    const envelopes = Array.from({ length: n }, (_, i) => count(i, i))
    const markers: Marker[] = envelopes.map((_, i) => ({
      index: i,
      kinds: i % 3 === 0 ? ['join', 'error'] : ['dialog'],
    }))
    const scale = { from: 0, to: n - 1, length: n, byTime: true }
    const columns = markerColumns(markers, envelopes, scale, 240)
    expect(columns.join).toHaveLength(240)
    expect(columns.join.reduce((a, b) => a + b, 0)).toBe(n / 3)
    expect(columns.dialog.reduce((a, b) => a + b, 0)).toBe((2 * n) / 3)
    expect(columns.role.every((c) => c === 0)).toBe(true)
  })

  it('bins each marker by its time (or its step when every event has one time), as the log grows', () => {
    // six events at 0, 10, 20, 30, 90 and 100 ms; four columns
    const envelopes = [0, 10, 20, 30, 90, 100].map((at, i) => count(at, i))
    const view = asList(envelopes)
    const markers: Marker[] = [
      { index: 0, kinds: ['join'] },
      { index: 1, kinds: ['chat', 'error'] },
      { index: 2, kinds: ['chat'] },
      { index: 3, kinds: ['gap'] },
    ]
    const lanes = (c: MarkerColumns) =>
      Object.fromEntries(
        Object.entries(c)
          .filter(([, v]) => v.some((n) => n > 0))
          .map(([k, v]) => [k, [...v]]),
      )
    // four events so far (0 to 30 ms): one a column
    const early = markerColumns(markers, view, { from: 0, to: 30, length: 4, byTime: true }, 4)
    expect(lanes(early)).toEqual({
      join: [1, 0, 0, 0],
      error: [0, 1, 0, 0],
      chat: [0, 1, 1, 0],
      gap: [0, 0, 0, 1],
    })
    // the log grows to six (0 to 100 ms): the first three share column 0, the last one is in
    // the last column (not past it)
    markers.push({ index: 4, kinds: ['chat'] }, { index: 5, kinds: ['join', 'chat'] })
    const grown = markerColumns(markers, view, { from: 0, to: 100, length: 6, byTime: true }, 4)
    expect(lanes(grown)).toEqual({
      join: [1, 0, 0, 1],
      error: [1, 0, 0, 0],
      chat: [2, 0, 0, 2],
      gap: [0, 1, 0, 0],
    })
    // every event at one time: by step (steps 1 to 6 of 6)
    const byStep = markerColumns(markers, view, { from: 0, to: 0, length: 6, byTime: false }, 4)
    expect(lanes(byStep)).toEqual({
      join: [1, 0, 0, 1],
      error: [0, 1, 0, 0],
      chat: [0, 1, 1, 2],
      gap: [0, 0, 1, 0],
    })
  })

  it('bins the markers of a growing log as a fresh count over the whole log does', () => {
    // uneven times; every kind; the markers array grows between two calls (the log opening),
    // past the first table's 1,024 markers
    const envelopes = Array.from({ length: 3000 }, (_, i) => count(i * 7 + (i % 13) * 5, i))
    const kinds = MARKER_KINDS
    const all: Marker[] = envelopes.flatMap((_, i) =>
      i % 4 === 1
        ? []
        : [{ index: i, kinds: [kinds[i % 10]!, ...(i % 5 === 0 ? [kinds[(i + 3) % 10]!] : [])] }],
    )
    const growing: Marker[] = []
    const view = asList(envelopes)
    for (const length of [1000, 3000]) {
      while (growing.length < all.length && all[growing.length]!.index < length)
        growing.push(all[growing.length]!)
      const scale = { from: 0, to: envelopes[length - 1]!.at, length, byTime: true }
      // a copy of the array is a log seen for the first time: counted from nothing
      const fresh = markerColumns([...growing], view, scale, 240)
      expect(markerColumns(growing, view, scale, 240)).toEqual(fresh)
      for (const kind of kinds)
        expect(
          fresh[kind].reduce((a, b) => a + b, 0),
          kind,
        ).toBe(growing.filter((m) => m.kinds.includes(kind)).length)
      // every event at one time: by step
      const flat = { from: 0, to: 0, length, byTime: false }
      const byStep = markerColumns(growing, view, flat, 100)
      expect(byStep.chat.reduce((a, b) => a + b, 0)).toBe(
        growing.filter((m) => m.kinds.includes('chat')).length,
      )
      expect(byStep.chat[99]).toBeGreaterThan(0)
    }
  })

  it('opens a log with its sources, and names why one does not open', () => {
    const opened = openLog(kickSessionLog(), 'kick.ndjson')
    expect(opened.replay.length).toBe(19)
    expect(opened.sources).toContain('msg')
    const fails = (text: string) => {
      try {
        openLog(text, 'x')
      } catch (error) {
        return error instanceof LogOpenError ? [error.kind, error.message] : ['?', String(error)]
      }
      return null
    }
    expect(fails('')).toEqual(['format', 'empty log'])
    expect(fails('{"kind":"other"}')).toEqual(['format', 'not a session log (no header line)'])
    // a line that is not an event is skipped and listed, not a reason to refuse the log
    const skipped = openLog(
      '{"kind":"roomcast-session-log","format":1,"app":"x","startedAt":0}\n[1]',
      'x',
    )
    expect(skipped.replay.length).toBe(0)
    expect(skipped.replay.problems).toEqual([{ kind: 'garbage', line: 2, text: '[1]' }])
  })

  it('[ERR-3] has every replay text in English and Chinese, under its own top-level key', () => {
    expect(keys(replayZh).sort()).toEqual(keys(replayEn).sort())
    for (const key of keys(replayZh)) {
      const leaf = key
        .split('.')
        .reduce<unknown>((at, k) => (at as Record<string, unknown>)[k], replayZh)
      expect(String(leaf).trim(), key).not.toBe('')
    }
    expect(Object.keys(replayEn)).toEqual(['replay'])
    expect('replay' in en || 'replay' in roomEn).toBe(false)
  })
})
