/**
 * What the hub tells the other server processes (through a shared bus such as Redis) as it
 * happens. Every call is fire-and-forget: delivery to this process's own members never waits for
 * it, and while the bus is away the hub goes on serving its members alone.
 */
export interface Relay {
  /** A frame (its JSON) for every member of a channel, wherever it is connected. */
  frame(channel: string, json: string): void
  /** A server frame (JSON) for some uids only, wherever they are (and joined to `channel`). */
  toUids(uids: readonly string[], json: string, channel?: string): void
  /** A member of this process joined or left a channel. */
  joined(channel: string, uid: string): void
  left(channel: string, uid: string): void
  /** A uid logged in here: a session holding it elsewhere is a remote login. */
  loggedIn(uid: string): void
  loggedOut(uid: string): void
  /** Takes a uid out of a channel wherever it is connected (a kick). */
  remove(channel: string, uid: string): void
}

/** What the other processes tell the hub of one process. */
export interface RelayListener {
  /** A frame for this process's members of a channel. */
  channelFrame(channel: string, json: string): void
  /** The channel's membership changed elsewhere: its count is due here too. */
  countChanged(channel: string): void
  removeFromChannel(uid: string, channel: string): void
  /** A uid logged in on another process after its session here did. */
  loggedInElsewhere(uid: string): void
  toUids(uids: readonly string[], json: string, channel?: string): void
}
