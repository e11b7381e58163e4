import { describe, expect, it, vi } from 'vitest'
import type { Event } from '@streams/events'
import {
  BOARD_STAGE_FPS,
  BOARD_STAGE_KBPS,
  type BoardPictureSource,
} from '../../../src/adapters/agora-rtc/agora-board-stage'
import { AgoraMedia } from '../../../src/adapters/agora-rtc/agora-media'
import { fakeAgoraRtc, type FakeClient, type FakeCustomVideoTrack } from './fake-agora'

const join = {
  appId: 'app',
  channel: 'room-ch',
  uid: '123456',
  token: 'rtc-token',
  role: 'host' as const,
  screenUid: '223456',
}

/** The board adapter's picture: a canvas capture's track, stopped with it. */
function picture() {
  const track = { kind: 'video', id: 'board-canvas' } as MediaStreamTrack
  return {
    track,
    start: vi.fn<BoardPictureSource['start']>(() => track),
    stop: vi.fn<BoardPictureSource['stop']>(),
  }
}

async function joined(source: BoardPictureSource | null = picture()) {
  const fake = fakeAgoraRtc()
  const boardPicture = vi.fn(async () => source ?? undefined)
  const media = new AgoraMedia({ load: async () => fake as never, boardPicture })
  const events: Event[] = []
  media.events$.subscribe((e) => events.push(e))
  await media.join(join)
  return { fake, media, events, boardPicture }
}

describe('AgoraMedia.publishBoardStage: the board picture under its stage uid', () => {
  it("publishes the board adapter's canvas track as a custom video track from a client of its own", async () => {
    const source = picture()
    const { fake, media, boardPicture } = await joined(source)
    await media.publishBoardStage({ uid: '12345', token: 'stage-1' })
    expect(boardPicture).toHaveBeenCalledTimes(1)
    expect(source.start).toHaveBeenCalledTimes(1)
    const stage = fake.clients[1] as FakeClient
    expect(stage.config).toEqual({ mode: 'live', codec: 'vp8', role: 'host' })
    expect(stage.join).toHaveBeenCalledWith('app', 'room-ch', 'stage-1', 12345)
    expect(fake.createCustomVideoTrack).toHaveBeenCalledWith({
      mediaStreamTrack: source.track,
      frameRate: BOARD_STAGE_FPS,
      bitrateMax: BOARD_STAGE_KBPS,
      optimizationMode: 'detail',
    })
    const track = fake.createCustomVideoTrack.mock.results[0]!.value as FakeCustomVideoTrack
    expect(stage.publish).toHaveBeenCalledWith(track)
    // The member's own client published nothing of it.
    expect((fake.clients[0] as FakeClient).publish).not.toHaveBeenCalled()
  })

  it("the same uid again renews the stage's token; its warnings are events; null stops it and the drawing", async () => {
    const source = picture()
    const { fake, media, events } = await joined(source)
    await media.publishBoardStage({ uid: '12345', token: 'stage-1' })
    const stage = fake.clients[1] as FakeClient
    stage.emit('token-privilege-will-expire')
    stage.emit('token-privilege-did-expire')
    expect(events).toEqual([
      { type: 'rtc/boardStageTokenWillExpire' },
      { type: 'rtc/boardStageTokenExpired' },
    ])
    await media.publishBoardStage({ uid: '12345', token: 'stage-2' })
    // After the expiry: joined again and published again, no second client, no second picture.
    expect(stage.join).toHaveBeenLastCalledWith('app', 'room-ch', 'stage-2', 12345)
    expect(stage.publish).toHaveBeenCalledTimes(2)
    expect(fake.clients).toHaveLength(2)
    expect(source.start).toHaveBeenCalledTimes(1)
    await media.publishBoardStage(null)
    expect(source.stop).toHaveBeenCalledTimes(1)
    expect(stage.leave).toHaveBeenCalledTimes(1)
    const track = fake.createCustomVideoTrack.mock.results[0]!.value as FakeCustomVideoTrack
    expect(track.close).toHaveBeenCalledTimes(1)
  })

  it('calls run in order: a stop right after a start stops what the start made', async () => {
    const source = picture()
    const { fake, media } = await joined(source)
    const started = media.publishBoardStage({ uid: '12345', token: 'stage-1' })
    const stopped = media.publishBoardStage(null)
    await Promise.all([started, stopped])
    expect((fake.clients[1] as FakeClient).leave).toHaveBeenCalledTimes(1)
    expect(source.stop).toHaveBeenCalledTimes(1)
  })

  it('a refused join fails the call and stops the drawing; a board without a picture fails by name; leaving the channel stops the stage', async () => {
    const source = picture()
    const { fake, media } = await joined(source)
    fake.createClient.mockImplementationOnce((config) => {
      const client = new (fake.clients[0]!.constructor as new (c: typeof config) => FakeClient)(
        config,
      )
      client.join.mockRejectedValueOnce(new Error('INVALID_TOKEN'))
      fake.clients.push(client)
      return client
    })
    await expect(media.publishBoardStage({ uid: '12345', token: 'bad' })).rejects.toThrow(
      'INVALID_TOKEN',
    )
    expect(source.stop).toHaveBeenCalledTimes(1)
    // Tried again: a fresh stage (the failed one is gone).
    await media.publishBoardStage({ uid: '12345', token: 'stage-2' })
    expect(fake.clients).toHaveLength(3)
    await media.leave()
    expect((fake.clients[2] as FakeClient).leave).toHaveBeenCalledTimes(1)
    expect(source.stop).toHaveBeenCalledTimes(2)

    const bare = await joined(null)
    await expect(bare.media.publishBoardStage({ uid: '12345', token: 't' })).rejects.toThrow(
      'this client has no board picture to publish',
    )
    await expect(new AgoraMedia().publishBoardStage({ uid: '12345', token: 't' })).rejects.toThrow(
      'not in the media channel',
    )
  })
})
