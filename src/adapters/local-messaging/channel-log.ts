import type { CatchUp } from '@streams/ports'
import { HistoryAnswerSchema } from '@streams/wire/realtime'
import { compile } from '@streams/wire/validate'
import { CONNECTION_LOST_CODES, RealtimeError } from './socket-client'

const historyAnswer = compile(HistoryAnswerSchema)

interface Held {
  readonly seq: number
  readonly from: string
  readonly text: string
}

/**
 * The channel's numbered messages as delivered: each `seq` once and in order. After a rejoin the
 * live ones are held while the history fills the gap, then released (the ones the history already
 * gave are dropped). Messages without a `seq` (the server's announcements) pass at once.
 */
export class ChannelLog {
  private last = 0
  private held: Held[] | null = null

  constructor(private readonly deliver: (from: string, text: string) => void) {}

  /** A first join: numbering starts after `lastSeq` (a newcomer gets nothing from before). */
  start(lastSeq: number): void {
    this.last = lastSeq
    this.held = null
  }

  /** A rejoin: hold live messages until `catchUp`. */
  hold(): void {
    this.held ??= []
  }

  receive(from: string, text: string, seq: number | undefined): void {
    if (seq === undefined) return this.deliver(from, text)
    if (this.held) {
      this.held.push({ seq, from, text })
      return
    }
    if (seq <= this.last) return
    this.last = seq
    this.deliver(from, text)
  }

  /**
   * Asks the history since the last delivered seq (page after page) and delivers what is new,
   * skipping my own (shown when I sent them, or when their resend is answered); then releases
   * the held ones. A drop during it keeps holding, so the next catch-up starts from the same place.
   */
  async catchUp(self: string, fetch: (since: number) => Promise<unknown>): Promise<CatchUp> {
    let missed = 0
    let complete = true
    try {
      for (;;) {
        const answer = await fetch(this.last)
        if (!historyAnswer.check(answer))
          throw new Error(`invalid history answer ${historyAnswer.firstError(answer)}`)
        complete &&= answer.complete
        const before = this.last
        for (const message of answer.messages) {
          if (message.seq <= this.last) continue
          this.last = message.seq
          if (message.from === self) continue
          this.deliver(message.from, message.text)
          missed++
        }
        if (this.last === before || this.last >= answer.last) break
      }
    } catch (error) {
      const dropped = error instanceof RealtimeError && CONNECTION_LOST_CODES.includes(error.code)
      if (!dropped) this.release()
      throw error
    }
    this.release()
    return { missed, complete }
  }

  /**
   * After a page reload (a first join of this page as a member who stayed in the room): the
   * kept messages up to the join's last seq, mine too (this page never showed them), page after
   * page; live ones arriving meanwhile are held, then released after them.
   */
  async restore(fetch: (since: number) => Promise<unknown>): Promise<CatchUp> {
    const upTo = this.last
    let since = 0
    let restored = 0
    let complete = true
    this.hold()
    try {
      while (since < upTo) {
        const answer = await fetch(since)
        if (!historyAnswer.check(answer))
          throw new Error(`invalid history answer ${historyAnswer.firstError(answer)}`)
        complete &&= answer.complete
        const before = since
        for (const message of answer.messages) {
          if (message.seq <= since || message.seq > upTo) continue
          since = message.seq
          this.deliver(message.from, message.text)
          restored++
        }
        if (since === before) break
      }
    } finally {
      this.release()
    }
    return { missed: restored, complete }
  }

  private release(): void {
    const held = this.held ?? []
    this.held = null
    held.sort((a, b) => a.seq - b.seq)
    for (const message of held) this.receive(message.from, message.text, message.seq)
  }
}
