/**
 * `npm run incident -- <log> --name <name> --at <seq> --expect '<path>=<value>' [--expect …]`:
 * from a support ticket's session log to a regression test. The log is normalised
 * (`normaliseLog`: times from 0, stable ids, no local addresses, no timing noise) into
 * `fixtures/incidents/<name>.ndjson`, and `tests/incidents/<name>.test.ts` is written: it replays
 * that log to the event given (its seq in the log as it came, renumbered for the normalised one)
 * and asserts each expectation on the projections there (`stateToJson`, as "Copy state" shows
 * them). The value is JSON when it parses as JSON ('1', 'true', '"x"', 'null'), else text.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { normalisedNdjson, normaliseLog } from '@streams/replay/normalise'
import { positionOfSeq } from '@streams/replay/position'
import { LogFormatError, readLog } from '@streams/replay/read'
import { replayNdjson } from '@streams/replay/engine'
import { stateToJson } from '@streams/replay/state-json'
import { stepOfSeq } from '@streams/replay/query'
import { format, resolveConfig } from 'prettier'
import { valueAt } from './incident-value'

const USAGE =
  "usage: npm run incident -- <log.ndjson> --name <name> --at <seq> --expect '<path>=<value>' [--expect …]"

class UsageError extends Error {}

const out = (line: string) => process.stdout.write(line + '\n')

const parseValue = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      at: { type: 'string' },
      expect: { type: 'string', multiple: true },
      root: { type: 'string' },
    },
  })
  if (positionals.length !== 1) throw new UsageError('give exactly one log file')
  const name = values.name ?? ''
  if (!/^[a-z0-9][a-z0-9-]*$/.test(name))
    throw new UsageError(`--name wants lower-case letters, digits and dashes, got '${name}'`)
  if (values.at === undefined) throw new UsageError('--at <seq> is needed')
  const expectations = (values.expect ?? []).map((e) => {
    const eq = e.indexOf('=')
    if (eq <= 0) throw new UsageError(`--expect wants <path>=<value>, got '${e}'`)
    return { path: e.slice(0, eq).trim(), value: parseValue(e.slice(eq + 1)) }
  })
  if (expectations.length === 0) throw new UsageError("--expect '<path>=<value>' is needed")
  const root = values.root ?? process.cwd()
  let text: string
  try {
    text = readFileSync(positionals[0] as string, 'utf8')
  } catch (error) {
    throw new UsageError(`cannot read ${positionals[0]}: ${(error as NodeJS.ErrnoException).code}`)
  }
  const log = readLog(text)
  for (const p of log.problems ?? [])
    console.error(`incident: warning: ${p.kind} at line ${p.line}`)
  const at = positionOfSeq(log.envelopes, values.at)
  if (!at.ok)
    throw new UsageError(`--at ${values.at} names no event of the log (${at.problem.kind})`)

  const normal = normaliseLog(log)
  // The event's seq in the normalised log: the noise left out before it is not counted.
  const keptTypes = new Set(normal.envelopes.map((e) => e.event.type))
  let kept = 0
  for (let i = 0; i < at.step; i++) if (keptTypes.has(log.envelopes[i]!.event.type)) kept++
  const seq = (normal.envelopes[0]?.seq ?? 0) + kept - 1
  const ndjson = normalisedNdjson(normal)
  const fixtureDir = join(root, 'fixtures', 'incidents')
  const testDir = join(root, 'tests', 'incidents')
  mkdirSync(fixtureDir, { recursive: true })
  mkdirSync(testDir, { recursive: true })
  writeFileSync(join(fixtureDir, `${name}.ndjson`), ndjson)

  const replay = replayNdjson(ndjson)
  const state = JSON.parse(stateToJson(replay.stateAt(stepOfSeq(replay.envelopes, seq))))
  const cases = expectations
    .map(
      ({ path, value }) => `
  it(${JSON.stringify(`after event #${seq}: ${path} is ${JSON.stringify(value)}`)}, () => {
    expect(valueAt(state, ${JSON.stringify(path)})).toEqual(${JSON.stringify(value)})
  })`,
    )
    .join('\n')
  const test = `// Written by \`npm run incident\` from a session log; the log is fixtures/incidents/${name}.ndjson.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { valueAt } from '../../src/cli/incident-value'
import { replayNdjson } from '@streams/replay/engine'
import { stepOfSeq } from '@streams/replay/query'
import { stateToJson } from '@streams/replay/state-json'

const log = replayNdjson(
  readFileSync(join(__dirname, '..', '..', 'fixtures', 'incidents', ${JSON.stringify(`${name}.ndjson`)}), 'utf8'),
)
const state: unknown = JSON.parse(stateToJson(log.stateAt(stepOfSeq(log.envelopes, ${seq}))))

describe(${JSON.stringify(`incident ${name}`)}, () => {${cases}
})
`
  const file = join(testDir, `${name}.test.ts`)
  // formatted as the repository formats its tests (its prettier settings, wherever it is written)
  const options = (await resolveConfig(fileURLToPath(import.meta.url))) ?? {}
  writeFileSync(file, await format(test, { ...options, filepath: file }))
  out(`fixtures/incidents/${name}.ndjson: ${normal.envelopes.length} events (normalised)`)
  out(`tests/incidents/${name}.test.ts: at event #${seq} of the normalised log`)
  for (const { path, value } of expectations) {
    const now = valueAt(state, path)
    const holds = JSON.stringify(now) === JSON.stringify(value)
    out(
      `  ${path}: expected ${JSON.stringify(value)}, the log has ${JSON.stringify(now)}${holds ? '' : '  (the test fails until this is fixed)'}`,
    )
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (
    error instanceof UsageError ||
    error instanceof LogFormatError ||
    (error as { code?: string }).code?.startsWith?.('ERR_PARSE_ARGS')
  ) {
    console.error(`incident: ${(error as Error).message}\n${USAGE}`)
    process.exit(2)
  }
  throw error
})
