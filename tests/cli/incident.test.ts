import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { valueAt } from '../../src/cli/incident-value'
import { replayNdjson } from '@streams/replay/engine'
import { stepOfSeq } from '@streams/replay/query'
import { stateToJson } from '@streams/replay/state-json'

const run = promisify(execFile)
const ROOT = join(__dirname, '..', '..')
const incident = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/incident.ts'), ...args], {
    cwd: ROOT,
  })

describe('npm run incident', () => {
  it('normalises the log into fixtures/incidents and writes a test asserting the expectation at that event', async () => {
    const root = mkdtempSync(join(tmpdir(), 'incident-'))
    const { stdout } = await incident(
      join(ROOT, 'fixtures', 'mute-apply.host.ndjson'),
      '--name',
      'mute-all',
      '--at',
      '40',
      '--expect',
      'conference.muteAllAudio=0',
      '--root',
      root,
    )
    expect(stdout).toContain('conference.muteAllAudio: expected 0, the log has')
    const log = replayNdjson(
      readFileSync(join(root, 'fixtures', 'incidents', 'mute-all.ndjson'), 'utf8'),
    )
    const test = readFileSync(join(root, 'tests', 'incidents', 'mute-all.test.ts'), 'utf8')
    const seq = Number(/stepOfSeq\(log\.envelopes, (\d+)\)/.exec(test)?.[1])
    expect(test).toContain("expect(valueAt(state, 'conference.muteAllAudio')).toEqual(0)")
    const state = JSON.parse(stateToJson(log.stateAt(stepOfSeq(log.envelopes, seq))))
    expect(typeof valueAt(state, 'conference.muteAllAudio')).toBe('number')
  })

  it('refuses bad input with exit code 2', async () => {
    const log = join(ROOT, 'fixtures', 'kick.conferee.ndjson')
    for (const [args, message] of [
      [['--name', 'Bad Name', '--at', '3', '--expect', 'a=1'], '--name wants'],
      [['--name', 'x', '--at', '99999', '--expect', 'a=1'], '--at 99999 names no event'],
      [['--name', 'x', '--at', '3', '--expect', 'nothing'], '--expect wants <path>=<value>'],
      [['--name', 'x', '--at', '3'], "--expect '<path>=<value>' is needed"],
    ] as const)
      await expect(incident(log, ...args)).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining(message),
      })
  })
})
