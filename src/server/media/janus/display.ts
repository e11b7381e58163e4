/**
 * What a publisher's Janus display names: the member (uid), the source, and for a screen share
 * the uid it appears under. Our server sets it when it joins a member to the room; every process
 * of ours reads the room's publishers back from Janus with it.
 */
export interface FeedOwner {
  /** The member's uid. */
  readonly uid: string
  readonly source: 'camera' | 'screen'
  /** The uid the tile is under: the member's for its camera, its screen uid for a share. */
  readonly tileUid: string
}

/** The monitor handle our server keeps in each room (it never publishes). */
export const MONITOR_DISPLAY = 'roomcast:monitor'

export function displayOf(owner: FeedOwner): string {
  return JSON.stringify({ rc: 1, u: owner.uid, s: owner.source, t: owner.tileUid })
}

export function ownerOf(display: string): FeedOwner | undefined {
  if (!display.startsWith('{"rc":1,')) return undefined
  try {
    const d = JSON.parse(display) as { u?: unknown; s?: unknown; t?: unknown }
    if (typeof d.u !== 'string' || typeof d.t !== 'string') return undefined
    if (d.s !== 'camera' && d.s !== 'screen') return undefined
    return { uid: d.u, source: d.s, tileUid: d.t }
  } catch {
    return undefined
  }
}
