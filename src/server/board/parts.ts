import { BoardFrame, MAX_BOARD_CHANGE_BYTES } from '@streams/wire/board'
import { BadBoardFrame } from './frames'

/**
 * Joins the parts (tag 3) a client sends a big frame in, one connection's at a time: the whole
 * frame once its last part came, `tooBig` once the parts pass `max` (what follows, up to that
 * frame's last part, is dropped unread), or nothing while more is to come. The connection never
 * holds more than `max` bytes of parts.
 */
export class PartJoiner {
  private parts: Uint8Array[] = []
  private bytes = 0
  private dropping = false

  constructor(private readonly max = MAX_BOARD_CHANGE_BYTES) {}

  add(payload: Uint8Array): Uint8Array | 'tooBig' | undefined {
    const last = payload[0]
    if (last !== 0 && last !== 1) throw new BadBoardFrame('not a part of a frame')
    const piece = payload.subarray(1)
    let refused = false
    if (!this.dropping) {
      this.bytes += piece.byteLength
      if (this.bytes > this.max) {
        this.clear()
        this.dropping = refused = true
      } else this.parts.push(piece.slice())
    }
    if (last === 0) return refused ? 'tooBig' : undefined
    if (this.dropping) {
      this.dropping = false
      return refused ? 'tooBig' : undefined
    }
    const whole = new Uint8Array(this.bytes)
    let at = 0
    for (const part of this.parts) {
      whole.set(part, at)
      at += part.byteLength
    }
    this.clear()
    if (whole[0] === BoardFrame.part) throw new BadBoardFrame('a part holds a part')
    return whole
  }

  private clear(): void {
    this.parts = []
    this.bytes = 0
  }
}
