// Part of `npm run bench:live`: the time from an RTMP input's start to its first frame in the
// room. An encoder (ffmpeg, 1280x720 at 30 fps, x264 with a key frame every 2 s as OBS sends by
// default) starts pushing to the input's ingest URL; a member joined to the room's SFU waits for
// the input's feed, asks for its video and counts the time to the first video packet relayed.
// Baseline in the same run: the same picture sent by ffmpeg straight to a Janus remote publisher
// as plain RTP (no RTMP, no second transcode), to the same member.
import { FfmpegProcess } from '../../src/server/media/compose/ffmpeg'
import { meeting, ROOM, startServer } from '../server/harness'
import { publishPattern } from '../server/media/compose/stage'
import { SfuPeer } from '../server/media/sfu-peer'
import { until } from '../server/media/werift-peer'

export const ENCODER = [
  ...['-re', '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=30'],
  ...['-re', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000'],
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-b:v', '2500k'],
  ...['-g', '60', '-c:a', 'aac', '-b:a', '128k'],
]

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN

export interface InputTimes {
  readonly runs: number
  /** From the encoder's start to the input's feed in the room, and to its first frame there. */
  readonly rtmpFeedMs: number
  readonly rtmpFirstFrameMs: number
  /** The baseline: plain RTP straight into Janus, to the first frame. */
  readonly directFirstFrameMs: number
  readonly all: { rtmp: number[]; direct: number[] }
}

export async function inputFirstFrames(runs = 5): Promise<InputTimes> {
  const server = await startServer({ settings: { media: 'sfu', presenceGraceMs: 600_000 } })
  try {
    const ffmpeg = server.app.deps.broadcasts.ffmpegInstall!
    const room = await meeting(server)
    // A member joined afresh for each measurement (its first subscription is part of both).
    let peer = await SfuPeer.open(server, room.guest)
    const fresh = async () => {
      // An offer still on its way to the old member is not answered.
      peer.socket.socket.removeAllListeners('message')
      await peer.close()
      peer = await SfuPeer.open(server, room.guest)
      await peer.join()
    }
    const channel = room.host.room.channelName as string
    const janus = server.app.media.serverFor(channel)
    const ref = server.app.media.roomRef(channel)

    /** Waits for the feed of `uid`, asks for its video, answers when the first packet came. */
    const firstFrame = async (uid: string) => {
      await until(() => peer.feeds().some((f) => f.uid === uid && f.video), 60_000, 'the feed')
      const fed = performance.now()
      const feed = peer.feeds().find((f) => f.uid === uid)
      const before = peer.receiver.received.video
      await peer.want([{ feed: feed.feed, mid: feed.video }])
      await until(() => peer.receiver.received.video > before, 60_000, 'a frame')
      return { fed, frame: performance.now() }
    }

    const rtmp: number[] = []
    const feeds: number[] = []
    const direct: number[] = []
    for (let i = 0; i < runs; i++) {
      const { body } = await room.host.client.post(`${ROOM}room/${room.roomId}/input/add`, {
        kind: 'rtmp',
        name: `Bench ${i}`,
      })
      const input = body.data
      await fresh()
      const t0 = performance.now()
      const encoder = new FfmpegProcess(
        ffmpeg.ffmpeg,
        [...ENCODER, '-f', 'flv', `${input.ingestUrl}/${input.streamKey}`],
        { name: 'bench encoder', stdin: false, loglevel: 'error' },
      )
      const { fed, frame } = await firstFrame(input.uid)
      feeds.push(fed - t0)
      rtmp.push(frame - t0)
      await encoder.stop()
      await room.host.client.post(`${ROOM}room/${room.roomId}/input/delete`, { uid: input.uid })

      // The baseline, under the host's uid (a present member: the SFU keeps its publisher).
      await fresh()
      const t1 = performance.now()
      const sender = await publishPattern(
        janus,
        ffmpeg,
        ref,
        room.host.me.uid,
        undefined,
        '1280x720',
        'testsrc2=size=1280x720:rate=30',
      )
      direct.push((await firstFrame(room.host.me.uid)).frame - t1)
      await sender.stop()
    }
    await peer.close()
    const round = (x: number) => Math.round(x)
    return {
      runs,
      rtmpFeedMs: round(median(feeds)),
      rtmpFirstFrameMs: round(median(rtmp)),
      directFirstFrameMs: round(median(direct)),
      all: { rtmp: rtmp.map(round), direct: direct.map(round) },
    }
  } finally {
    await server.close()
  }
}
