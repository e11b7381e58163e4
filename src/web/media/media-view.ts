import type { Observable } from 'rxjs'

/**
 * What the UI asks of the media adapter (local or Agora): render a uid's video into an element.
 * Tracks never enter the core; a replayed session has no view, and tiles show avatars.
 */
export interface MediaView {
  /** Shows the uid's video (a camera, mine included, or a screen share) in the container. */
  attachVideo(uid: string, container: HTMLElement, fit?: 'cover' | 'contain'): () => void
  /** The uids whose video can be shown now, and every change. */
  readonly videoUids$: Observable<ReadonlySet<string>>
  /** The uids talking now (the active speakers, from the SFU's audio levels), when known. */
  readonly talking$?: Observable<ReadonlySet<string>>
}
