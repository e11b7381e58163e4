/** One connected client, as the hub sees it. */
export interface Peer {
  /** Writes bytes that are whole WebSocket frames. */
  write(frames: Buffer): void
  close(code: number, reason: string): void
}

/** Whoever gets frames of its own (a session). */
export interface Recipient {
  readonly peer: Peer
  /** Frames for this recipient alone (acks, peer messages), written at the next flush. */
  out?: Buffer[]
}

/** A channel's delivery between two flushes. */
export interface Fanout<R extends Recipient> {
  readonly members: Set<R>
  /** Frames for every member, written at the next flush as one buffer. */
  batch: Buffer[]
  /** Frames of the batch a member must not get (its own channel messages): [index, member]. */
  excepts: [number, R][]
}

/**
 * The realtime service's output, batched per event-loop turn: a frame is serialised and framed
 * once by its sender, the frames a channel gets in one turn are joined into one buffer, and that
 * same buffer is written to every member's socket, so a burst of N messages costs each socket one
 * write instead of N. A recipient's own frames (acks, peer messages) are written before what its
 * channels say after them.
 */
export class Outbox<R extends Recipient> {
  private readonly dirtyRecipients = new Set<R>()
  private readonly dirtyFanouts = new Set<Fanout<R>>()
  private scheduled: ReturnType<typeof setImmediate> | undefined

  /** A frame for one recipient, in order with everything else it is sent. */
  toOne(recipient: R, frame: Buffer): void {
    ;(recipient.out ??= []).push(frame)
    this.dirtyRecipients.add(recipient)
    this.schedule()
  }

  /** A frame for every member of a channel but `except`. */
  toAll(fanout: Fanout<R>, frame: Buffer, except?: R): void {
    if (except) fanout.excepts.push([fanout.batch.length, except])
    fanout.batch.push(frame)
    this.dirtyFanouts.add(fanout)
    this.schedule()
  }

  /** Writes everything pending now (also run at the end of every event-loop turn). */
  flush(): void {
    this.scheduled = undefined
    for (const recipient of this.dirtyRecipients) this.flushOne(recipient)
    for (const fanout of this.dirtyFanouts) this.flushAll(fanout)
  }

  /** Nothing more is written for a channel that is gone. */
  forget(fanout: Fanout<R>): void {
    this.dirtyFanouts.delete(fanout)
  }

  close(): void {
    if (this.scheduled) clearImmediate(this.scheduled)
    this.scheduled = undefined
  }

  flushOne(recipient: R): void {
    this.dirtyRecipients.delete(recipient)
    const out = recipient.out
    if (!out || out.length === 0) return
    recipient.out = undefined
    recipient.peer.write(out.length === 1 ? out[0]! : Buffer.concat(out))
  }

  flushAll(fanout: Fanout<R>): void {
    this.dirtyFanouts.delete(fanout)
    const { batch, excepts, members } = fanout
    if (batch.length === 0) return
    fanout.batch = []
    fanout.excepts = []
    // Members' own frames first, so a reply never trails what the channel said after it.
    // (Whoever has frames of its own is among the dirty ones: fewer than the members in a crowd.)
    for (const recipient of this.dirtyRecipients)
      if (members.has(recipient)) this.flushOne(recipient)
    const all = batch.length === 1 ? batch[0]! : Buffer.concat(batch)
    if (excepts.length === 0) {
      for (const member of members) member.peer.write(all)
      return
    }
    const skip = new Map<R, Set<number>>()
    for (const [index, member] of excepts) {
      let set = skip.get(member)
      if (!set) skip.set(member, (set = new Set()))
      set.add(index)
    }
    for (const member of members) {
      const own = skip.get(member)
      if (!own) member.peer.write(all)
      else {
        const rest = batch.filter((_, i) => !own.has(i))
        if (rest.length > 0) member.peer.write(rest.length === 1 ? rest[0]! : Buffer.concat(rest))
      }
    }
  }

  private schedule(): void {
    this.scheduled ??= setImmediate(() => this.flush())
  }
}
