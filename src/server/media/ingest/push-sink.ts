import type { Writable } from 'node:stream'
import { decodeAmf0 } from './amf0'
import { flvHeader, flvTag } from './flv'
import type { TagSink } from './rtmp-conn'
import type { InputTracks } from './rtp-out'

/** Tags queued before ffmpeg runs, or unread by it: at most this much. */
const MAX_PENDING = 16 * 1024 * 1024
/** Without metadata naming the tracks, the tracks seen in this long after the first tag. */
const TRACKS_WAIT_MS = 1000

export interface PushPipeline {
  stopped(): boolean
  /** Starts ffmpeg for these tracks; answers its input (undefined when it did not start). */
  start(tracks: InputTracks): Promise<Writable | undefined>
  /** The media cannot be taken any more (the reason is the encoder's to hear). */
  fail(reason: string): void
  /** The encoder stopped or went away. */
  end(reason: string): void
}

/**
 * Where an accepted encoder's tags go: held until its tracks are known (from its metadata, or
 * from the tags of its first second), then written as FLV to the ffmpeg the pipeline starts.
 */
export function pushSink(pipeline: PushPipeline): TagSink {
  const pending: Buffer[] = []
  let pendingBytes = 0
  let tracks: InputTracks | undefined
  let input: Writable | undefined
  const seen = { audio: false, video: false }
  let wait: NodeJS.Timeout | undefined
  const decide = (found: InputTracks) => {
    if (tracks || pipeline.stopped()) return
    clearTimeout(wait)
    tracks = found
    void pipeline.start(found).then((stdin) => {
      if (!stdin) return
      stdin.write(flvHeader(found.audio, found.video))
      for (const tag of pending.splice(0)) stdin.write(tag)
      pendingBytes = 0
      input = stdin
    })
  }
  return {
    tag: (type, timestamp, payload) => {
      if (pipeline.stopped()) return
      const tag = flvTag(type, timestamp, payload)
      if (input) {
        input.write(tag)
        if (input.writableLength > MAX_PENDING) pipeline.fail('the input falls behind')
        return
      }
      pending.push(tag)
      pendingBytes += tag.length
      if (pendingBytes > MAX_PENDING) return pipeline.fail('the encoder sent no usable media')
      if (tracks) return
      if (type === 18) {
        const [, meta] = safeDecode(payload)
        if (meta && typeof meta === 'object' && !Array.isArray(meta)) {
          const audio = meta.audiocodecid !== undefined && meta.audiocodecid !== null
          const video = meta.videocodecid !== undefined && meta.videocodecid !== null
          if (audio || video) decide({ audio, video })
        }
        return
      }
      seen[type === 8 ? 'audio' : 'video'] = true
      if (seen.audio && seen.video) decide({ ...seen })
      else wait ??= setTimeout(() => decide({ ...seen }), TRACKS_WAIT_MS)
    },
    end: (reason) => {
      clearTimeout(wait)
      pipeline.end(reason)
    },
  }
}

function safeDecode(payload: Buffer): ReturnType<typeof decodeAmf0> {
  try {
    return decodeAmf0(payload)
  } catch {
    return []
  }
}
