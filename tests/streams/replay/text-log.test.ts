import { describe, expect, it } from 'vitest'
import type { Envelope } from '@streams/core/envelope'
import type { Event } from '@streams/events'
import { FORMAT_VERSION, LOG_KIND, toNdjson, type LogHeader } from '@streams/recorder/format'
import { createReplay, createTextReplayBuilder } from '@streams/replay/engine'
import { readLog } from '@streams/replay/read'
import { BIG_LINE, createChunkWriter, createTextEnvelopes } from '@streams/replay/text-log'
import { boardAt } from '@streams/replay/board'
import { effectsIndex } from '@streams/replay/cause'
import { positionOfSeq } from '@streams/replay/position'
import { stepAtTime, stepOfSeq } from '@streams/replay/query'
import { byHost, member, msg } from '../fixtures'
import { Cmd } from '@streams/wire/channel'

const header: LogHeader<unknown> = {
  kind: LOG_KIND,
  format: FORMAT_VERSION,
  app: 't',
  startedAt: 1000,
}

/** Joins, chat in two scripts, board updates, with causes and a gap in seq. */
function envelopes(n: number): Envelope<Event>[] {
  const out: Envelope<Event>[] = []
  for (let i = 0; i < n; i++) {
    const seq = i < 10 ? i : i + 3
    const event: Event =
      i % 3 === 0
        ? msg(Cmd.memberChanged, { ...byHost, type: 'join', member: member(`${1000 + i}`) })
        : i % 3 === 1
          ? msg(Cmd.chat, { userId: 'u', userName: '名字 é', message: `line ${i} \n"q"` }, '300')
          : { type: 'board/updated', update: `AQ${i}` }
    out.push({
      seq,
      at: 1000 + i * 10,
      event,
      ...(i % 3 === 2 ? { cause: { by: 'adapterEventsEffect', seq: seq - 1 } } : {}),
    })
  }
  return out
}

/** The text of a log cut into chunks the way the replay screen's reader cuts it. */
function chunked(text: string, size: number) {
  const writer = createChunkWriter()
  const chunks = []
  for (const line of text.split('\n').slice(1)) {
    if (line === '') continue
    writer.add(JSON.parse(line) as Envelope<Event>, line)
    if (writer.size >= size) chunks.push(writer.take()!)
  }
  const last = writer.take()
  if (last) chunks.push(last)
  return chunks
}

describe('a log held as text', () => {
  const all = envelopes(500)
  const text = toNdjson(header, all)

  it('answers every envelope and its seq, time, type and cause as the parsed log does', () => {
    const stored = createTextEnvelopes()
    for (const c of chunked(text, 64)) stored.append(c)
    expect(stored.length).toBe(all.length)
    for (let i = 0; i < all.length; i++) {
      const e = all[i]!
      expect(stored.at(i)).toEqual(e)
      expect(stored.seqAt(i)).toBe(e.seq)
      expect(stored.timeAt(i)).toBe(e.at)
      expect(stored.typeAt(i)).toBe(e.event.type)
      expect(stored.causeSeqAt(i)).toBe(e.cause?.seq)
    }
    expect(stored.at(-1)).toEqual(all.at(-1))
    expect(stored.at(all.length)).toBeUndefined()
    expect(() => stored.seqAt(all.length)).toThrow(RangeError)
    // each type travels once, in the chunk that first has it
    expect([...stored.types].sort()).toEqual(
      ['board/updated', 'msg/chatReceived', 'msg/memberChanged'].sort(),
    )
  })

  it('folds to the same replay as the log read at once: states, markers, queries', () => {
    const whole = createReplay(readLog(text), { checkpointEvery: 50 })
    const builder = createTextReplayBuilder(header, { checkpointEvery: 50 })
    builder.addProblems(readLog(text).problems ?? [])
    const chunks = chunked(text, 100)
    builder.append(chunks[0]!)
    while (builder.pending > 0) builder.foldNext()
    expect(builder.replay.length).toBe(100)
    for (const c of chunks.slice(1)) builder.append(c)
    // appended, not folded yet: not part of the replay
    expect(builder.replay.length).toBe(100)
    expect(builder.replay.envelopes.at(100)).toBeUndefined()
    while (builder.pending > 0) builder.foldNext()
    const replay = builder.view()
    expect(replay.length).toBe(whole.length)
    expect(replay.markers).toEqual(whole.markers)
    for (const step of [0, 1, 49, 50, 51, 137, 499, 500])
      expect(replay.stateAt(step)).toEqual(whole.stateAt(step))
    expect(stepOfSeq(replay.envelopes, 20)).toBe(stepOfSeq(whole.envelopes, 20))
    expect(stepAtTime(replay.envelopes, 1000, 1234)).toBe(stepAtTime(whole.envelopes, 1000, 1234))
    expect(positionOfSeq(replay.envelopes, '11')).toEqual(positionOfSeq(whole.envelopes, '11'))
    expect(effectsIndex(replay.envelopes)).toEqual(effectsIndex(whole.envelopes))
    expect(boardAt(replay.envelopes, 300)).toEqual(boardAt(whole.envelopes, 300))
  })

  it('parses a line over BIG_LINE once: what the fold parsed is what the screen is answered', () => {
    const roster: Envelope<Event> = {
      seq: 0,
      at: 1000,
      event: {
        type: 'rest/usersLoaded',
        users: Array.from({ length: 600 }, (_, i) => member(`${2000 + i}`)),
        total: 600,
      },
    }
    const small = all.slice(0, 3).map((e, i) => ({ ...e, seq: i + 1 }))
    const stored = createTextEnvelopes()
    for (const c of chunked(toNdjson(header, [roster, ...small]), 64)) stored.append(c)
    expect(stored.sizeAt(0)).toBeGreaterThan(BIG_LINE)
    expect(stored.sizeAt(1)).toBe(JSON.stringify(small[0]).length)
    const folded = stored.parse(0)
    expect(folded).toEqual(roster)
    expect(stored.at(0)).toBe(folded)
    expect(stored.parse(0)).toBe(folded)
    // a small line is parsed anew for a fold, and kept once the screen asks for it
    expect(stored.parse(1)).not.toBe(stored.parse(1))
    expect(stored.at(1)).toBe(stored.at(1))
  })
})
