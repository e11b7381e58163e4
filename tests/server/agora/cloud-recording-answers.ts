/** Agora Cloud Recording's documented answers, which the tests' REST double gives. */
import type { Received } from './rest-double'

export const MP4 = 'rooms/rec/sid-1_chan.mp4'
export const M3U8 = 'rooms/rec/sid-1_chan.m3u8'
export const fileList = [
  {
    filename: M3U8,
    trackType: 'audio_and_video',
    uid: '0',
    mixedAllUser: true,
    isPlayable: true,
    sliceStartTime: 1,
  },
  {
    filename: MP4,
    trackType: 'audio_and_video',
    uid: '0',
    mixedAllUser: true,
    isPlayable: true,
    sliceStartTime: 1,
  },
]

/** Agora's documented answers (docs.agora.io/en/api-reference/api-ref/cloud-recording/*). */
export const documented = (call: string, request: Received) => {
  const sid = request.path.match(/\/sid\/([^/]+)/)?.[1] ?? 'sid-1'
  switch (call) {
    case 'acquire':
      return {
        status: 200,
        body: { cname: request.body.cname, uid: request.body.uid, resourceId: 'res-1' },
      }
    case 'start':
      return {
        status: 200,
        body: {
          cname: request.body.cname,
          uid: request.body.uid,
          resourceId: 'res-1',
          sid: 'sid-1',
        },
      }
    case 'query':
      return {
        status: 200,
        body: {
          resourceId: 'res-1',
          sid,
          serverResponse: { status: 5, fileListMode: 'json', fileList, sliceStartTime: 1 },
        },
      }
    case 'stop':
      return {
        status: 200,
        body: {
          resourceId: 'res-1',
          sid,
          serverResponse: { fileListMode: 'json', fileList, uploadingStatus: 'uploaded' },
        },
      }
    case 'updateLayout':
    case 'update':
      return { status: 200, body: { resourceId: 'res-1', sid } }
    default:
      return { status: 404, body: { message: 'no Route matched with those values' } }
  }
}
