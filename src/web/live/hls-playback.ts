/** How a live playback goes, as the player shows it. */
export type PlaybackStatus = 'loading' | 'playing' | 'retrying' | 'unsupported'

export interface HlsPlayback {
  stop(): void
}

/**
 * hls.js settings for our low-latency HLS (parts of about a quarter second, blocking playlist
 * reloads): hls.js keeps the server's PART-HOLD-BACK behind the live edge (three part targets,
 * about 0.8 s) when no live sync duration is given, so none is; it catches up by playing a little
 * faster rather than jumping, and keeps little back buffer.
 */
const LOW_LATENCY = {
  lowLatencyMode: true,
  maxLiveSyncPlaybackRate: 1.1,
  backBufferLength: 10,
  manifestLoadingMaxRetry: 30,
  levelLoadingMaxRetry: 30,
  fragLoadingMaxRetry: 10,
} as const

/** Plays; when the browser refuses sound without a gesture, plays muted (the page offers sound). */
function start(video: HTMLVideoElement): void {
  void video.play().catch(() => {
    video.muted = true
    void video.play().catch(() => undefined)
  })
}

/**
 * Plays a live HLS stream in a video element with hls.js, loaded lazily (its own chunk: only a
 * CDN audience needs it); a browser that plays HLS itself (Safari on iOS) gets the URL as the
 * source. A stream that breaks (a network error, the server restarting it) is loaded again.
 */
export async function playHls(
  video: HTMLVideoElement,
  url: string,
  report: (status: PlaybackStatus) => void,
): Promise<HlsPlayback> {
  const onPlaying = () => report('playing')
  video.addEventListener('playing', onPlaying)
  const { default: Hls } = await import('hls.js')
  if (!Hls.isSupported()) {
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = url
      start(video)
      return {
        stop: () => {
          video.removeEventListener('playing', onPlaying)
          video.removeAttribute('src')
          video.load()
        },
      }
    }
    report('unsupported')
    return { stop: () => video.removeEventListener('playing', onPlaying) }
  }
  const hls = new Hls(LOW_LATENCY)
  let retry: ReturnType<typeof setTimeout> | undefined
  hls.on(Hls.Events.MANIFEST_PARSED, () => start(video))
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return
    report('retrying')
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR) {
      hls.recoverMediaError()
      return
    }
    clearTimeout(retry)
    retry = setTimeout(() => {
      hls.loadSource(url)
      hls.startLoad()
    }, 1000)
  })
  hls.loadSource(url)
  hls.attachMedia(video)
  return {
    stop: () => {
      clearTimeout(retry)
      video.removeEventListener('playing', onPlaying)
      hls.destroy()
    },
  }
}
