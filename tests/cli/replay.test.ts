import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { replayNdjson } from '@streams/replay/engine'
import { stepOfSeq } from '@streams/replay/query'
import { readLog } from '@streams/replay/read'
import { stateToJson } from '@streams/replay/state-json'

const run = promisify(execFile)
const ROOT = join(__dirname, '..', '..')
const FIXTURE = join(ROOT, 'fixtures', 'kick.conferee.ndjson')
const replay = (...args: string[]) =>
  run(process.execPath, ['--import', 'tsx', join(ROOT, 'src/cli/replay.ts'), ...args], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  })

// Each case starts the CLI through tsx (up to three times): on a loaded machine one cold start took
// over 10 s, so a case has two minutes.
describe('npm run replay', { timeout: 120_000 }, () => {
  const log = replayNdjson(readFileSync(FIXTURE, 'utf8'))
  const { envelopes } = readLog(readFileSync(FIXTURE, 'utf8'))
  const kick = envelopes.find((e) => e.event.type === 'life/kicked')!

  it('--at N --json prints the projections after the event with seq N, as the replay screen copies them', async () => {
    const { stdout } = await replay(FIXTURE, '--at', String(kick.seq), '--json')
    expect(stdout).toBe(stateToJson(log.stateAt(stepOfSeq(log.envelopes, kick.seq))) + '\n')
    expect(JSON.parse(stdout).ui.dialogs[0]).toMatchObject({ kind: 'kicked' })
  })

  it('lists the events, filtered by type or source, with what each changed', async () => {
    const all = (await replay(FIXTURE)).stdout
    expect(all).toContain(`${log.length} events`)
    expect(all).toContain('life/kicked')
    const kicks = (await replay(FIXTURE, '--filter', 'kick', '--diff')).stdout.split('\n')
    expect(kicks.filter((l) => / (msg\/kickedOut|life\/kicked) /.test(l + ' '))).toHaveLength(2)
    expect(kicks.some((l) => l.includes('ui.dialogs.0'))).toBe(true)
    const rest = JSON.parse((await replay(FIXTURE, '--filter', 'rest/', '--json')).stdout)
    expect(rest.length).toBeGreaterThan(0)
    expect(rest.every((e: { event: { type: string } }) => e.event.type.startsWith('rest/'))).toBe(
      true,
    )
  })

  it('--time T goes to every event up to T from the start; --at shows the state in words', async () => {
    const last = log.envelopes.at(-1)!
    const { stdout } = await replay(FIXTURE, '--time', String(last.at / 1000))
    expect(stdout).toContain(`step ${log.length} of ${log.length}`)
    const at = (await replay(FIXTURE, '--at', String(kick.seq))).stdout
    expect(at).toContain('box: kicked')
  })

  it('refuses bad input with a clear message and exit code 2', async () => {
    await expect(replay(join(ROOT, 'fixtures', 'no-such.ndjson'))).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('cannot read'),
    })
    await expect(replay(FIXTURE, '--at', 'soon')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--at wants an event number'),
    })
    const notALog = join(mkdtempSync(join(tmpdir(), 'replay-cli-')), 'other.ndjson')
    writeFileSync(notALog, '{"hello":1}\n')
    await expect(replay(notALog)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('not a session log'),
    })
  })
  it('refuses positions outside the log and bad times with exit code 2, never clamping', async () => {
    const last = log.envelopes.at(-1)!.seq
    for (const [args, message] of [
      [['--at', '99999'], `--at 99999 is outside the log: its events go from #0 to #${last}`],
      [['--at', '-1'], '--at -1 is outside the log'],
      [['--time', '1:99'], "--time wants seconds or m:ss.mmm (seconds below 60), got '1:99'"],
      [['--time', '-1'], "--time wants seconds or m:ss.mmm (seconds below 60), got '-1'"],
      [['--time', '99999'], "is after the log's end"],
    ] as const)
      await expect(replay(FIXTURE, ...args)).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining(message),
      })
  })

  it('reads a damaged log: the cut-off last line dropped, garbage skipped, a gap marked, each on stderr', async () => {
    const lines = readFileSync(FIXTURE, 'utf8').trimEnd().split('\n')
    const damaged = [
      ...lines.slice(0, 6),
      'this line is garbage',
      ...lines.slice(9, -1),
      lines.at(-1)!.slice(0, 30),
    ].join('\n')
    const file = join(mkdtempSync(join(tmpdir(), 'replay-cli-')), 'damaged.ndjson')
    writeFileSync(file, damaged)
    const { stdout, stderr } = await replay(file)
    expect(stderr).toContain('replay: warning: line 7 is not an event and is skipped: this line')
    expect(stderr).toContain('replay: warning: events #5 to #7 are missing (3, before line 8)')
    expect(stderr).toMatch(new RegExp(`line ${lines.length - 2} was cut off and is dropped`))
    expect(stdout).toContain(`${log.length - 4} events`)
    expect(stdout).toContain('----- events #5 to #7 are missing')
  })

  it("--user finds by a name the events that carry only that person's uid", async () => {
    const entered = envelopes.find((e) => e.event.type === 'rest/roomEntered')!
    const me = (entered.event as { data: { me: { uid: string; userName: string } } }).data.me
    const byName = JSON.parse((await replay(FIXTURE, '--user', me.userName, '--json')).stdout)
    const onlyUid = byName.filter(
      (e: { event: object }) =>
        JSON.stringify(e.event).includes(me.uid) && !JSON.stringify(e.event).includes(me.userName),
    )
    expect(onlyUid.length).toBeGreaterThan(0)
  })
  it('--skip shows the state without those events; --since diffs any two steps', async () => {
    const at = (await replay(FIXTURE, '--at', String(kick.seq), '--skip', String(kick.seq))).stdout
    expect(at).not.toContain('box: kicked')
    const since = JSON.parse(
      (await replay(FIXTURE, '--at', String(kick.seq), '--since', '0', '--json')).stdout,
    )
    expect(since.map((c: { path: string }) => c.path)).toContain('ui.dialogs.0')
    await expect(replay(FIXTURE, '--at', '3', '--since', '99999')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--since 99999 is outside the log'),
    })
  })
})
