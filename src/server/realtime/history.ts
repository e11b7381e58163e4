import type { HistoryAnswer } from '@streams/wire/realtime'
import { coalesce } from '../store/coalesce'
import type { Db } from '../store/db'
import {
  appendMessages,
  forgetMessages,
  lastSeq,
  lastSeqs,
  messagesSince,
  presentSince,
  seqsOfIds,
  type NewChannelMessage,
} from '../store/channel-messages'

/** How long a channel's messages are kept for members who missed them. */
export const HISTORY_KEEP_MS = 10 * 60_000
/** The most messages one history answer holds (the client asks again for more). */
export const HISTORY_PAGE = 500

interface Pending {
  readonly message: NewChannelMessage
  resolve(result: Appended): void
  reject(error: unknown): void
}

export interface Appended {
  readonly seq: number
  /** The sender had already sent this message (same id): it was kept once, not to relay again. */
  readonly duplicate: boolean
}

/** The sender's own id of a channel message (a chat line's `data.id`), when it has one. */
export function messageIdOf(text: string): string | undefined {
  try {
    const id = (JSON.parse(text) as { data?: { id?: unknown } }).data?.id
    return typeof id === 'string' && id.length > 0 && id.length <= 128 && !id.includes('\u0000')
      ? id
      : undefined
  } catch {
    return undefined
  }
}

/**
 * The channels' message history (docs/realtime.md): every member's channel message is numbered
 * and kept in the database before it is relayed, so its number is never given twice, not even
 * after a crash, and a member whose connection dropped asks for what it missed. Messages that
 * arrive while a channel's previous batch is being written go in the next batch (one transaction
 * each); their numbers follow arrival order and each answer comes in that order.
 */
export class ChannelHistory {
  private readonly queues = new Map<string, Pending[]>()
  private readonly writing = new Set<string>()

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  /** Numbers and keeps a message; a resend of one already kept (same sender and id) is not. */
  append(channel: string, message: NewChannelMessage): Promise<Appended> {
    return new Promise<Appended>((resolve, reject) => {
      let queue = this.queues.get(channel)
      if (!queue) this.queues.set(channel, (queue = []))
      queue.push({ message, resolve, reject })
      if (!this.writing.has(channel)) void this.drain(channel)
    })
  }

  /** The newest seq of a channel (the joins of one turn read it together). */
  last(channel: string): Promise<number> {
    return this.lastOf(channel)
  }

  private readonly lastOf = coalesce(async (channels: string[]) => {
    const unique = [...new Set(channels)]
    const seqs =
      unique.length === 1
        ? new Map([[unique[0]!, await lastSeq(this.db, unique[0]!)]])
        : await lastSeqs(this.db, unique)
    return channels.map((c) => seqs.get(c) ?? 0)
  })

  /**
   * What a member missed after `since`: only messages sent while it was a present member of the
   * channel's room (`null` when it no longer is one).
   */
  async since(channel: string, uid: string, since: number): Promise<HistoryAnswer | null> {
    const member = await presentSince(this.db, channel, uid)
    if (member === null) return null
    const notBefore = Math.max(member, this.now() - HISTORY_KEEP_MS)
    const [messages, last] = await Promise.all([
      messagesSince(this.db, channel, since, notBefore, HISTORY_PAGE),
      this.last(channel),
    ])
    const first = messages[0]?.seq ?? last + 1
    // Complete when nothing between `since` and the first kept message was forgotten.
    return { messages, last, complete: since >= last || first === since + 1 }
  }

  /** Forgets what is older than the history keeps. */
  prune(): Promise<void> {
    return forgetMessages(this.db, this.now() - HISTORY_KEEP_MS)
  }

  private async drain(channel: string): Promise<void> {
    this.writing.add(channel)
    try {
      for (;;) {
        const batch = this.queues.get(channel)
        if (!batch || batch.length === 0) break
        this.queues.set(channel, [])
        await this.write(channel, batch)
      }
    } finally {
      this.writing.delete(channel)
      if (this.queues.get(channel)?.length === 0) this.queues.delete(channel)
    }
  }

  private async write(channel: string, batch: Pending[]): Promise<void> {
    try {
      const ids = batch.flatMap((p) => (p.message.msgId ? [p.message.msgId] : []))
      const known = await seqsOfIds(this.db, channel, ids)
      const fresh: Pending[] = []
      const seen = new Map<string, Pending>()
      const answers = new Map<Pending, Appended | Pending>()
      for (const pending of batch) {
        const { msgId, from } = pending.message
        const kept = msgId ? known.get(msgId) : undefined
        const earlier = msgId ? seen.get(`${from}\n${msgId}`) : undefined
        if (kept && kept.from === from) answers.set(pending, { seq: kept.seq, duplicate: true })
        else if (earlier) answers.set(pending, earlier)
        else {
          fresh.push(pending)
          if (msgId) seen.set(`${from}\n${msgId}`, pending)
        }
      }
      const seqs =
        fresh.length > 0
          ? await appendMessages(
              this.db,
              channel,
              fresh.map((p) => p.message),
              this.now(),
            )
          : []
      const bySeq = new Map(fresh.map((p, i) => [p, seqs[i] ?? 0]))
      for (const pending of batch) {
        const answer = answers.get(pending)
        if (answer === undefined) pending.resolve({ seq: bySeq.get(pending)!, duplicate: false })
        else if ('seq' in answer) pending.resolve(answer)
        else pending.resolve({ seq: bySeq.get(answer)!, duplicate: true })
      }
    } catch (error) {
      for (const pending of batch) pending.reject(error)
    }
  }
}

/** Forgets old history every minute; answers how to stop. */
export function startPruning(history: ChannelHistory, onError: (error: unknown) => void) {
  const timer = setInterval(() => void history.prune().catch(onError), 60_000)
  timer.unref?.()
  return { stop: () => clearInterval(timer) }
}
