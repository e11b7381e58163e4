import { BehaviorSubject, type Observable } from 'rxjs'
import { toggleUid } from '../shared/uid-set'
import type { RemoteVolumes } from '@streams/ports'

export type Fit = 'cover' | 'contain'

interface Attachment {
  readonly container: HTMLElement
  readonly video: HTMLVideoElement
}

/**
 * Renders tracks into the UI's elements: the UI names a uid and a container, this puts a
 * <video> in it showing that uid's current track, and swaps the track when it changes. Tracks
 * never leave the adapter.
 */
export class VideoAttachments {
  private readonly byUid = new Map<string, Set<Attachment>>()
  private readonly available = new BehaviorSubject<ReadonlySet<string>>(new Set())
  readonly videoUids$: Observable<ReadonlySet<string>> = this.available.asObservable()

  /**
   * `trackOf` gives the uid's track now; `availableOf` whether its video can be shown (by
   * default, whether there is a track: an SFU receives a video only once a tile shows it).
   */
  constructor(
    private readonly trackOf: (uid: string) => MediaStreamTrack | undefined,
    private readonly availableOf: (uid: string) => boolean = (uid) => Boolean(trackOf(uid)),
  ) {}

  attach(uid: string, container: HTMLElement, fit: Fit = 'cover'): () => void {
    const video = document.createElement('video')
    video.autoplay = true
    video.muted = true
    video.playsInline = true
    video.dataset.uid = uid
    Object.assign(video.style, { width: '100%', height: '100%', objectFit: fit, display: 'block' })
    container.appendChild(video)
    const attachment = { container, video }
    let set = this.byUid.get(uid)
    if (!set) this.byUid.set(uid, (set = new Set()))
    set.add(attachment)
    this.show(attachment, this.trackOf(uid))
    return () => {
      set.delete(attachment)
      if (set.size === 0) this.byUid.delete(uid)
      video.srcObject = null
      video.remove()
    }
  }

  /** The uids shown in at least one element now. */
  attachedUids(): string[] {
    return [...this.byUid.keys()]
  }

  /** The elements a uid is shown in now. */
  containersOf(uid: string): HTMLElement[] {
    return [...(this.byUid.get(uid) ?? [])].map((a) => a.container)
  }

  /** A uid's track appeared, changed or went away: update its elements and the available set. */
  refresh(uid: string): void {
    const track = this.trackOf(uid)
    for (const attachment of this.byUid.get(uid) ?? []) this.show(attachment, track)
    toggleUid(this.available, uid, this.availableOf(uid))
  }

  /** Everything went away (left the session). */
  reset(): void {
    for (const uid of [...this.available.getValue()]) this.refresh(uid)
    this.available.next(new Set())
  }

  private show({ video }: Attachment, track: MediaStreamTrack | undefined): void {
    const current = video.srcObject instanceof MediaStream ? video.srcObject.getTracks()[0] : null
    if (current === (track ?? null)) return
    video.srcObject = track ? new MediaStream([track]) : null
    if (track) video.play().catch(() => undefined)
  }
}

/**
 * Plays remote audio: one element per user, all muted together ([MUTE-3]), each at its volume
 * (interpretation), one speaker.
 */
export class AudioSink {
  private readonly elements = new Map<string, HTMLAudioElement>()
  private muted = false
  private sinkId: string | undefined
  private volumes: RemoteVolumes = { room: 100, users: {} }

  play(uid: string, track: MediaStreamTrack): void {
    let element = this.elements.get(uid)
    if (!element) {
      element = new Audio()
      element.autoplay = true
      element.dataset.uid = uid
      this.container().appendChild(element)
      this.elements.set(uid, element)
    }
    element.muted = this.muted
    element.volume = this.volumeOf(uid)
    element.srcObject = new MediaStream([track])
    if (this.sinkId) void element.setSinkId?.(this.sinkId).catch(() => undefined)
    element.play().catch(() => undefined)
  }

  stop(uid: string): void {
    const element = this.elements.get(uid)
    if (!element) return
    element.pause()
    element.srcObject = null
    element.remove()
    this.elements.delete(uid)
  }

  /** The remote audio elements live in one hidden box of the page (inspectable, never shown). */
  private container(): HTMLElement {
    let box = document.querySelector<HTMLElement>('[data-remote-audio]')
    if (!box) {
      box = document.createElement('div')
      box.dataset.remoteAudio = ''
      box.hidden = true
      document.body.appendChild(box)
    }
    return box
  }

  setMuted(muted: boolean): void {
    this.muted = muted
    for (const element of this.elements.values()) element.muted = muted
  }

  /** Each voice's volume, 0 to 100: `users` by uid, the others at `room`; for later voices too. */
  setVolumes(volumes: RemoteVolumes): void {
    this.volumes = volumes
    for (const [uid, element] of this.elements) element.volume = this.volumeOf(uid)
  }

  private volumeOf(uid: string): number {
    const volume = this.volumes.users[uid] ?? this.volumes.room
    return Math.min(1, Math.max(0, volume / 100))
  }

  async setSpeaker(deviceId: string): Promise<void> {
    this.sinkId = deviceId
    await Promise.all([...this.elements.values()].map((e) => e.setSinkId?.(deviceId)))
  }

  clear(): void {
    for (const uid of [...this.elements.keys()]) this.stop(uid)
  }
}
