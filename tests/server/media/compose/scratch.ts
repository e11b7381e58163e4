import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'
import type { FfmpegInstall } from '../../../../src/server/media/compose/ffmpeg'
import { CHUNK } from '../../../../src/server/media/compose/mixer'
import { Program } from '../../../../src/server/media/compose/program'
import type { YuvFrame } from '../../../../src/server/media/compose/yuv'
import { ffmpegInstall } from './fmp4-sample'

export const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined }

/** What a composition test works with: ffmpeg, a folder of its own, and what to undo after it. */
export interface Scratch {
  readonly ffmpeg: FfmpegInstall
  readonly dir: string
  /** Undone after the file's tests, the last pushed first (a failure does not stop the rest). */
  readonly cleanup: (() => Promise<unknown>)[]
}

/** A scratch for the tests of one file (ffmpeg located now; the folder removed after them). */
export function composeScratch(name: string): Scratch {
  const scratch = {
    ffmpeg: ffmpegInstall(),
    dir: mkdtempSync(join(tmpdir(), `roomcast-${name}-`)),
    cleanup: [] as (() => Promise<unknown>)[],
  }
  afterAll(async () => {
    for (const undo of scratch.cleanup.reverse()) await undo().catch(() => undefined)
    rmSync(scratch.dir, { recursive: true, force: true })
  })
  return scratch
}

/** A 20 ms chunk of a sine tone at 48 kHz. */
export const sine = (hz: number, level: number) =>
  new Int16Array(CHUNK).map((_, i) => Math.round(level * Math.sin((i * 2 * Math.PI * hz) / 48000)))

/**
 * A program drawn by `draw`, with each input's tone (a 20 ms chunk) pushed into its mix every
 * 20 ms; stopped after the file's tests.
 */
export function tonedProgram(
  scratch: Scratch,
  draw: (frame: YuvFrame) => void,
  tones: Readonly<Record<string, Int16Array>>,
): Program {
  const p = new Program(scratch.ffmpeg, quiet, draw)
  const feed = setInterval(() => {
    for (const [input, chunk] of Object.entries(tones)) p.mixer.push(input, chunk)
  }, 20)
  scratch.cleanup.push(
    async () => clearInterval(feed),
    () => p.stop(),
  )
  return p
}
