import type {
  LiveStreamingTranscodingConfig,
  LiveStreamingTranscodingImage,
  LiveStreamingTranscodingUser,
} from 'agora-rtc-sdk-ng'
import type { LivePush } from '@streams/ports'
import { MAX_TRANSCODING_USERS } from '@streams/selectors/live-push'
import { CDN_PROGRAM } from '@streams/wire/cdn-layout'
import { toAgoraUid } from './encoder'

/** H.264 Main, as local mode's encoder (`-profile:v main`). */
const MAIN_PROFILE = 77

/**
 * A transcoding user's `audioChannel` that leaves its sound out of the push: "0xFF or values
 * greater than 5: the host's audio is muted and removed by the Agora server" (Agora's
 * TranscodingUser reference of its 4.x SDKs; the Web SDK hands the value to the same server).
 */
export const MUTED_AUDIO_CHANNEL = 0xff

/**
 * Agora's live transcoding for a push: local mode's program (720p, 30 fps, 2,500 kbps, a key
 * frame every 15 frames, AAC stereo 48 kHz 128 kbps, its background colour), an online PNG
 * behind everyone when the room has one, each place of the CDN layout as a transcoding user at
 * its position and layer, each voice as a user of no size (heard, not seen), and the pictures
 * of names, name cards and the paused slate over them. The SDK gives every picture of `images`
 * the layer 255, above every user (users take 1 to 100), in the order given.
 *
 * `sound` is what the push carries: the room's (a placed interpreter seen, not heard), or a
 * language's, the mix its stage uid publishes (everyone placed seen, not heard; the stage heard,
 * not seen; silent while paused).
 */
export function transcodingOf(
  push: LivePush,
  sound: { readonly stageUid: string } | 'room' = 'room',
): LiveStreamingTranscodingConfig {
  const muted = sound === 'room' ? new Set(push.interpreters) : undefined
  const tiles = sound === 'room' ? push.tiles : push.tiles.slice(0, MAX_TRANSCODING_USERS - 1)
  const placed = tiles.map((t): LiveStreamingTranscodingUser => ({
    uid: toAgoraUid(t.uid),
    x: t.x,
    y: t.y,
    width: t.width,
    height: t.height,
    zOrder: t.zOrder,
    alpha: 1,
    ...(!muted || muted.has(t.uid) ? { audioChannel: MUTED_AUDIO_CHANNEL } : {}),
  }))
  const voices = sound === 'room' ? push.voices : push.paused ? [] : [sound.stageUid]
  const heard = voices.map((uid): LiveStreamingTranscodingUser => ({
    uid: toAgoraUid(uid),
    x: 0,
    y: 0,
    width: 0,
    height: 0,
    zOrder: 0,
    alpha: 0,
  }))
  const { width, height } = CDN_PROGRAM
  return {
    width,
    height,
    videoBitrate: CDN_PROGRAM.videoKbps,
    videoFrameRate: CDN_PROGRAM.fps,
    videoGop: CDN_PROGRAM.gopFrames,
    videoCodecProfile: MAIN_PROFILE,
    audioBitrate: CDN_PROGRAM.audioKbps,
    audioSampleRate: CDN_PROGRAM.audioSampleRate,
    audioChannels: CDN_PROGRAM.audioChannels,
    backgroundColor: CDN_PROGRAM.background,
    ...(push.backgroundImage
      ? { backgroundImage: { url: push.backgroundImage, x: 0, y: 0, width, height, alpha: 1 } }
      : {}),
    ...(push.images.length > 0 ? { images: push.images.map(imageOf) } : {}),
    transcodingUsers: [...placed, ...heard],
  }
}

const imageOf = ({ url, x, y, width, height, alpha }: LivePush['images'][number]) =>
  ({ url, x, y, width, height, alpha }) satisfies LiveStreamingTranscodingImage

/** A push URL with its stream key (the path's last part) hidden: it is a secret. */
export function maskPushUrl(url: string): string {
  return url.replace(/\/[^/]*$/, '/••••')
}

/** An SDK failure in words for the host, with any push URL's stream key hidden. */
export function pushFailure(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null
  const message = typeof e?.message === 'string' ? e.message : String(error)
  const masked = message.replace(/rtmps?:\/\/\S+/g, maskPushUrl)
  return typeof e?.code === 'string' && !masked.includes(e.code) ? `${e.code}: ${masked}` : masked
}
