/**
 * `npm run replay -- <log> [--at N | --time T] [--diff] [--filter TYPE] [--user U] [--json]`:
 * a session log replayed in Node with the client's own reducers (no network, no effects).
 *
 * - no position: the events, one a line (seq, time from the start, type, who), filtered;
 * - `--at N`: the state after the event with seq N; `--time T`: after every event up to T
 *   (seconds, or m:ss.mmm) from the start;
 * - `--diff`: what each event changed (with a position: what that event changed);
 * - `--since S` (with a position): what differs from after event S to there;
 * - `--skip A,B` (with a position): the state as if those events had never come;
 * - `--json`: machine-readable; with a position, the projections exactly as the replay
 *   screen's "Copy state" gives them.
 */
import { readFile } from 'node:fs/promises'
import { parseArgs } from 'node:util'
import type { State } from '@streams/projections'
import {
  buildPeopleDirectory,
  createSkipper,
  describeProblem,
  formatTime,
  LogFormatError,
  matchesFilter,
  parseTime,
  peopleOf,
  positionOfSeq,
  positionOfTime,
  producerOf,
  replayNdjson,
  seqOfStep,
  stateToJson,
  type EventFilter,
  type PositionProblem,
  type Replay,
} from '@streams/replay'

const USAGE =
  'usage: npm run replay -- <log.ndjson> [--at N | --time T] [--diff] [--since S] [--skip A,B] [--filter TYPE] [--user U] [--json]'

class UsageError extends Error {}

/** `--at -1` as `--at=-1`: a value that starts with a dash is still the option's value. */
const joined = (argv: string[]) => {
  const out: string[] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    const next = argv[i + 1]
    if ((arg === '--at' || arg === '--time') && next !== undefined && next.startsWith('-')) {
      out.push(`${arg}=${next}`)
      i++
    } else out.push(arg)
  }
  return out
}

function options(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: joined(argv),
    allowPositionals: true,
    options: {
      at: { type: 'string' },
      time: { type: 'string' },
      diff: { type: 'boolean', default: false },
      filter: { type: 'string' },
      user: { type: 'string' },
      json: { type: 'boolean', default: false },
      since: { type: 'string' },
      skip: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  })
  if (values.help) return null
  if (positionals.length !== 1) throw new UsageError('give exactly one log file')
  if (values.at !== undefined && values.time !== undefined)
    throw new UsageError('give --at or --time, not both')
  if (values.at !== undefined && !/^-?\d+$/.test(values.at))
    throw new UsageError(`--at wants an event number (a seq), got '${values.at}'`)
  if (values.time !== undefined && Number.isNaN(parseTime(values.time)))
    throw new UsageError(
      `--time wants seconds or m:ss.mmm (seconds below 60), got '${values.time}'`,
    )
  return { file: positionals[0] as string, ...values }
}

/**
 * The filter of `--filter` (a source when it ends with '/', else a part of the type) and
 * `--user` (a name finds the events that carry only that person's uid, and back).
 */
function filterOf(
  replay: Replay,
  filter: string | undefined,
  user: string | undefined,
): EventFilter {
  const f = filter?.trim() ?? ''
  return {
    ...(f.endsWith('/') ? { source: f.slice(0, -1) } : { type: f }),
    user: user ?? '',
    ...(user ? { people: buildPeopleDirectory(replay.envelopes).resolve(user) } : {}),
  }
}

/** Why a position names no step, in words. */
function positionMessage(p: PositionProblem): string {
  switch (p.kind) {
    case 'notSeq':
      return `--at wants an event number (a seq), got '${p.text}'`
    case 'notTime':
      return `--time wants seconds or m:ss.mmm, got '${p.text}'`
    case 'emptyLog':
      return 'the log holds no event to go to'
    case 'seqOutside':
      return `--at ${p.seq} is outside the log: its events go from #${p.first} to #${p.last}`
    case 'seqMissing':
      return `--at ${p.seq}: that event is missing from the log (a gap in seq)`
    case 'timeOutside':
      return `--time ${formatTime(p.ms)} is after the log's end (${formatTime(p.duration)})`
  }
}

function summary(state: State): string[] {
  const s = state
  const lines = [`phase: ${s.session.phase}${s.session.ended ? ' (ended)' : ''}`]
  if (s.room) lines.push(`room: ${s.room.roomName} (${s.room.roomId}), state ${s.room.state}`)
  if (s.me) lines.push(`me: ${s.me.userName} (uid ${s.me.uid}), role ${s.me.role}`)
  lines.push(`members: ${s.users.hosts.size} hosts, ${s.users.audiences.size} conferees`)
  lines.push(
    `mute all: ${s.conference.muteAllAudio}, board ${s.conference.shareBoard}, screen ${s.conference.shareScreen}`,
  )
  for (const d of s.ui.dialogs) lines.push(`box: ${d.kind} ${JSON.stringify(d.params)}`)
  for (const t of s.ui.toasts) lines.push(`toast: ${t.level} ${t.key} ${JSON.stringify(t.params)}`)
  if (s.ui.redirect) lines.push(`redirect: ${s.ui.redirect.to} after ${s.ui.redirect.delay} ms`)
  lines.push(`chat: ${s.chat.messages.size} messages`)
  return lines
}

function line(replay: Replay, index: number): string {
  const e = replay.envelopes.at(index)!
  const who = peopleOf(e.event).slice(0, 3).join(', ')
  const by = producerOf(e)
  const cause =
    by === null ? '' : `  ← ${e.cause?.seq === undefined ? '' : `#${e.cause.seq} `}${by}`
  return `${String(e.seq).padStart(7)}  ${formatTime(e.at - replay.header.startedAt).padStart(11)}  ${e.event.type}${who ? `  (${who})` : ''}${cause}`
}

/** The step a `--since` or `--skip` seq names, or a usage error. */
function stepOf(replay: Replay, option: string, text: string): number {
  const at = positionOfSeq(replay.envelopes, text)
  if (!at.ok) throw new UsageError(positionMessage(at.problem).replace('--at', option))
  return at.step
}

function changes(replay: Replay, step: number): string[] {
  return replay
    .diff(step - 1, step)
    .map((c) => `    ${c.path}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`)
}

async function main(argv: string[]): Promise<void> {
  const o = options(argv)
  if (!o) {
    process.stdout.write(USAGE + '\n')
    return
  }
  const text = await readFile(o.file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    throw new UsageError(`cannot read ${o.file}: ${error.code ?? error.message}`)
  })
  const replay = replayNdjson(text)
  const out = (s: string) => process.stdout.write(s + '\n')
  // What reading got past goes to stderr: the output stays what a script reads.
  for (const p of replay.problems) console.error(`replay: warning: ${describeProblem(p)}`)

  if (o.at !== undefined || o.time !== undefined) {
    const position =
      o.at !== undefined
        ? positionOfSeq(replay.envelopes, o.at)
        : positionOfTime(replay.envelopes, replay.header.startedAt, o.time!)
    if (!position.ok) throw new UsageError(positionMessage(position.problem))
    const step = position.step
    const skipped = new Set(
      (o.skip ?? '')
        .split(',')
        .filter((x) => x.trim() !== '')
        .map((x) => stepOf(replay, '--skip', x) - 1),
    )
    const state = skipped.size > 0 ? createSkipper(replay)(step, skipped) : replay.seek(step)
    if (o.since !== undefined) {
      const from = stepOf(replay, '--since', o.since)
      const diff = replay.diff(from, step)
      if (o.json) out(JSON.stringify(diff, null, 2))
      else {
        out(`from after #${o.since.trim()} to after #${seqOfStep(replay.envelopes, step)}:`)
        for (const c of diff)
          out(`    ${c.path}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`)
      }
      return
    }
    const envelope = step > 0 ? replay.envelopes.at(step - 1) : undefined
    if (o.json && o.diff) {
      out(
        JSON.stringify(
          {
            seq: seqOfStep(replay.envelopes, step),
            event: envelope?.event ?? null,
            changes: step > 0 ? replay.diff(step - 1, step) : [],
          },
          null,
          2,
        ),
      )
      return
    }
    if (o.json) {
      out(stateToJson(state))
      return
    }
    out(`step ${step} of ${replay.length}, seq ${seqOfStep(replay.envelopes, step)}`)
    if (envelope) out(line(replay, step - 1))
    if (o.diff && step > 0) for (const c of changes(replay, step)) out(c)
    for (const l of summary(state)) out(`  ${l}`)
    return
  }

  const filter = filterOf(replay, o.filter, o.user)
  const picked: number[] = []
  for (let i = 0; i < replay.length; i++)
    if (matchesFilter(replay.envelopes.at(i)!.event, filter)) picked.push(i)
  if (o.json) {
    const rows = picked.map((i) => ({
      ...replay.envelopes.at(i)!,
      ...(o.diff ? { changes: replay.diff(i, i + 1) } : {}),
    }))
    out(JSON.stringify(rows, null, 2))
    return
  }
  out(
    `${o.file}: ${replay.length} events, ${formatTime((replay.envelopes.at(-1)?.at ?? replay.header.startedAt) - replay.header.startedAt)} long, app ${replay.header.app}, format ${replay.header.format}${replay.header.snapshot ? ', starts from a snapshot' : ''}`,
  )
  const gaps = new Map<number, string>()
  for (const p of replay.problems) if (p.kind === 'gap') gaps.set(p.index, describeProblem(p))
  for (const i of picked) {
    const gap = gaps.get(i)
    if (gap) out(`  ----- ${gap} -----`)
    out(line(replay, i))
    if (o.diff) for (const c of changes(replay, i + 1)) out(c)
  }
  if (picked.length !== replay.length) out(`(${picked.length} of ${replay.length} events shown)`)
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof LogFormatError) {
    console.error(`replay: ${error.message}`)
    if (error instanceof UsageError) console.error(USAGE)
    process.exit(2)
  }
  if (
    error instanceof TypeError &&
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    console.error(`replay: ${error.message}\n${USAGE}`)
    process.exit(2)
  }
  throw error
})
