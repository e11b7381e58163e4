import type { RemotePublisher } from '../janus/rooms'
import { RtpCodec } from '../compose/rtp'

/** What an input carries, and so what its remote publisher in Janus has (audio first). */
export interface InputTracks {
  readonly audio: boolean
  readonly video: boolean
}

/** The streams of a remote publisher for these tracks, in the order the SSRCs follow. */
export function remoteStreams(tracks: InputTracks) {
  return [
    ...(tracks.audio ? [{ type: 'audio' as const, codec: 'opus' }] : []),
    ...(tracks.video ? [{ type: 'video' as const, codec: 'vp8' }] : []),
  ]
}

/** The picture an input user sends into the room: at most 720p and 30 fps, about 1.5 Mbit/s. */
export const INGEST_VIDEO = { maxWidth: 1280, maxHeight: 720, fps: 30, kbps: 1500, gopSeconds: 2 }

/**
 * ffmpeg output options that transcode input 0 to what the SFU room speaks (VP8 and Opus) and send
 * it as plain RTP to a Janus remote publisher: one RTP output per track, all to the publisher's
 * one port, told apart by the SSRC Janus expects. A key frame every 2 s (of time, not of frames)
 * lets a new viewer start soon (ffmpeg does not answer Janus's key frame requests).
 */
export function rtpOutputArgs(tracks: InputTracks, publisher: RemotePublisher): string[] {
  const url = `rtp://127.0.0.1:${publisher.port}?rtcpport=${publisher.rtcpPort}&pkt_size=1200`
  const args: string[] = []
  const [first, second] = publisher.ssrcs
  if (tracks.audio) {
    args.push(
      ...['-map', '0:a:0', '-c:a', 'libopus', '-application', 'lowdelay', '-b:a', '96k'],
      ...['-ar', '48000', '-ac', '2', '-frame_duration', '20'],
      ...['-payload_type', String(RtpCodec.opus.pt), '-ssrc', String(first)],
      ...['-f', 'rtp', url],
    )
  }
  if (tracks.video) {
    const { maxWidth, maxHeight, fps, kbps, gopSeconds } = INGEST_VIDEO
    args.push(
      ...['-map', '0:v:0'],
      ...[
        '-vf',
        `scale=w='min(${maxWidth},iw)':h='min(${maxHeight},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
      ],
      // At most 30 fps, never more than the source: frames are sent with their own time, and two
      // within a 30th of a second keep the first. A constant rate (the fps filter) made copies of
      // the last frame to fill a slower source or a gap: twice the encoding for a 15 fps camera,
      // and on a starved machine a burst of copies of a late frame, later still.
      ...['-fps_mode', 'vfr', '-r', String(fps)],
      // One thread: libvpx's VP8 threads wait for each other by spinning, which on a busy machine
      // took 4-10 times the CPU and fell behind real time (1 thread: 10% of a core at 640x360).
      ...['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-threads', '1'],
      ...['-b:v', `${kbps}k`, '-maxrate', `${kbps}k`, '-bufsize', `${kbps}k`],
      ...['-g', String(fps * gopSeconds), '-keyint_min', String(fps * gopSeconds)],
      // Every 2 s of time too: a busy machine that encodes fewer frames would space them out.
      ...['-force_key_frames', `expr:gte(t,n_forced*${gopSeconds})`],
      ...['-error-resilient', '1', '-auto-alt-ref', '0', '-lag-in-frames', '0'],
      ...['-payload_type', String(RtpCodec.vp8.pt), '-ssrc', String(tracks.audio ? second : first)],
      ...['-f', 'rtp', url],
    )
  }
  return args
}
