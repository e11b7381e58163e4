import type { Member } from '@streams/wire/member'
import { SfuError, type FeedSource } from '@streams/wire/sfu'
import { mayPublish, mayShareScreen } from './access'
import { offeredMedia } from './sdp'
import { SfuRefusal } from './refusal'

/**
 * Refuses an offer before it reaches Janus when it is not an SDP offer of what this source
 * carries, or would send what the member may not send: audio without the audio grant, video
 * without the video grant ([ROLE-4]), a screen share the member's role may not make.
 */
export function checkOffer(sdp: string, source: FeedSource, member: Member): void {
  const media = offeredMedia(sdp)
  if (!media) throw new SfuRefusal(SfuError.badSdp, 'the offer is not an SDP with media')
  const sent = media.filter((m) => m.sends)
  const audio = sent.filter((m) => m.kind === 'audio').length
  const video = sent.filter((m) => m.kind === 'video').length
  if (sent.length !== audio + video)
    throw new SfuRefusal(SfuError.badSdp, 'only audio and video may be published')
  if (audio > 1 || video > 1)
    throw new SfuRefusal(SfuError.badSdp, 'one audio and one video stream at most')
  if (source === 'screen') {
    if (audio > 0 || video !== 1)
      throw new SfuRefusal(SfuError.badSdp, 'a screen share is one video stream')
    if (!mayShareScreen(member))
      throw new SfuRefusal(SfuError.forbidden, 'your role may not share the screen')
    return
  }
  if (audio > 0 && !mayPublish(member, 'audio'))
    throw new SfuRefusal(SfuError.forbidden, 'you may not publish audio: it is not enabled for you')
  if (video > 0 && !mayPublish(member, 'video'))
    throw new SfuRefusal(SfuError.forbidden, 'you may not publish video: it is not enabled for you')
}
