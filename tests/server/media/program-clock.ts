import type { Program, ProgramOutput } from '../../../src/server/media/compose/program'
import { videoPts } from '../../../src/server/media/compose/ts-clock'

const PACKET = 188
const PTS_HZ = 90_000

/**
 * Watches a program's MPEG-TS stream beside its outputs and notes, for the outputs that `pick`
 * chooses, the program time (video PTS) of the first picture they were handed and of the last one
 * before they were removed. That is the stretch of program an output got, in the program's own
 * clock: neither a busy machine's late answers nor a live playlist's lag enter into it.
 */
export class ProgramClock implements ProgramOutput {
  private rest = Buffer.alloc(0)
  private latest: number | undefined
  private waiting = false
  /** Seconds of program: the first picture the picked output got, and the last. */
  from: number | undefined
  to: number | undefined

  constructor(program: Program, pick: (output: ProgramOutput) => boolean) {
    program.add(this)
    const add = program.add.bind(program)
    const remove = program.remove.bind(program)
    program.add = (output) => {
      if (pick(output)) {
        this.from = this.to = undefined
        this.waiting = true
      }
      add(output)
    }
    program.remove = (output) => {
      if (pick(output)) this.to = this.latest
      remove(output)
    }
  }

  /** Seconds of program the picked output got (undefined before it was removed). */
  get seconds(): number | undefined {
    return this.from === undefined || this.to === undefined ? undefined : this.to - this.from
  }

  write(chunk: Buffer): void {
    const data = Buffer.concat([this.rest, chunk])
    let at = 0
    for (; at + PACKET <= data.length; at += PACKET) {
      // Joined in the middle of a packet: on to the next sync byte.
      while (at + PACKET <= data.length && data[at] !== 0x47) at++
      if (at + PACKET > data.length) break
      const pts = videoPts(data.subarray(at, at + PACKET))
      if (pts === undefined) continue
      this.latest = pts / PTS_HZ
      if (this.waiting) {
        this.from = this.latest
        this.waiting = false
      }
    }
    this.rest = Buffer.from(data.subarray(at))
  }

  restarted(): void {
    this.rest = Buffer.alloc(0)
  }
}
