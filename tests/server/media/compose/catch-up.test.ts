import { afterAll, describe, expect, it } from 'vitest'
import { locateFfmpeg, type FfmpegProcess } from '../../../../src/server/media/compose/ffmpeg'
import { Program, type ProgramOutput } from '../../../../src/server/media/compose/program'
import { TsClock } from '../../../../src/server/media/compose/ts-clock'
import { yuvOf } from '../../../../src/server/media/compose/yuv'
import { until } from '../werift-peer'

const quiet = { warn: () => undefined }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** An output that notes how far the program it was handed has come (a recording stands here). */
class Taken implements ProgramOutput {
  readonly clock = new TsClock()
  firstAt = 0
  write(chunk: Buffer): void {
    this.clock.write(chunk)
    if (!this.firstAt && this.clock.seconds !== undefined) this.firstAt = performance.now()
  }
  restarted(): void {}
}

describe('an output removed from the program (a recording stopped)', () => {
  const found = locateFfmpeg()
  if ('missing' in found) throw new Error(found.missing)
  const program = new Program(found.install, quiet, (frame) =>
    frame.fill({ x: 0, y: 0, width: frame.width, height: frame.height }, yuvOf(20, 140, 60)),
  )
  afterAll(() => program.stop())

  it('[REC-3] gets what the encoder still held at the stop: an encoder two seconds behind catches up first', async () => {
    const taken = new Taken()
    program.add(taken)
    program.start()
    await until(() => (taken.clock.seconds ?? 0) > 1, 20_000, 'a second of program')
    // A starved encoder (a busy machine): it stops reading and writing for two seconds.
    const encoder = (program as unknown as { encoder: FfmpegProcess }).encoder
    encoder.child.kill('SIGSTOP')
    await sleep(2000)
    encoder.child.kill('SIGCONT')
    const stopAt = performance.now()
    expect(await program.caughtUp()).toBe(true)
    program.remove(taken)
    // The output has the program up to the stop moment, not up to the stall.
    const wanted = (stopAt - taken.firstAt) / 1000
    expect(taken.clock.seconds!).toBeGreaterThanOrEqual(wanted - 0.3)
  }, 60_000)
})
