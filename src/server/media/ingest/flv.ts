/** FLV, as ffmpeg reads an RTMP publisher's media from a pipe: a header, then tags. */

/** The file header (with the audio and video flags) and the first back pointer. */
export function flvHeader(audio: boolean, video: boolean): Buffer {
  const b = Buffer.alloc(13)
  b.write('FLV', 0, 'latin1')
  b.writeUInt8(1, 3)
  b.writeUInt8((audio ? 4 : 0) | (video ? 1 : 0), 4)
  b.writeUInt32BE(9, 5)
  b.writeUInt32BE(0, 9)
  return b
}

/** One tag (8 audio, 9 video, 18 script data) and its back pointer. */
export function flvTag(type: 8 | 9 | 18, timestamp: number, payload: Buffer): Buffer {
  const head = Buffer.alloc(11)
  head.writeUInt8(type, 0)
  head.writeUIntBE(payload.length, 1, 3)
  head.writeUIntBE(timestamp & 0xffffff, 4, 3)
  head.writeUInt8((timestamp >>> 24) & 0xff, 7)
  head.writeUIntBE(0, 8, 3)
  const back = Buffer.alloc(4)
  back.writeUInt32BE(11 + payload.length, 0)
  return Buffer.concat([head, payload, back])
}
