import { describe, expect, it } from 'vitest'
import {
  decodeSignal,
  encodeSignal,
  isSignalText,
  type SignalBody,
} from '../../../src/adapters/local-media/signal-codec'

describe('media signals on the wire', () => {
  it('encodes with the rtc tag first, so a peer-message text is recognised without parsing', () => {
    const text = encodeSignal('room-1', {
      t: 'hello',
      reply: false,
      pub: { audio: true, video: false },
    })
    expect(isSignalText(text)).toBe(true)
    expect(decodeSignal(text)).toEqual({
      signal: {
        rtc: 1,
        ch: 'room-1',
        t: 'hello',
        reply: false,
        pub: { audio: true, video: false },
      },
    })
  })

  it('the application peer messages (cmd 1, 2, 4) are not signals', () => {
    expect(isSignalText(JSON.stringify({ cmd: 1, data: {} }))).toBe(false)
  })

  it('refuses a signal that does not match its schema, naming the problem', () => {
    const bad = decodeSignal('{"rtc":1,"ch":"r","t":"watch","wish":{"audio":true}}')
    expect('error' in bad && bad.error).toMatch(/^bad signal \/wish/)
    expect(decodeSignal('{"rtc":1,')).toEqual({ error: 'signal is not JSON' })
    expect('error' in decodeSignal('{"rtc":2,"ch":"r","t":"bye"}')).toBe(true)
  })

  it('round-trips an offer with its transceiver sources and a batch of candidates', () => {
    for (const body of [
      { t: 'offer', link: 'l1', sdp: 'v=0', sources: { '0': 'audio', '1': 'camera' } },
      {
        t: 'ice',
        link: 'l1',
        side: 'sub',
        candidates: [
          {
            candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host',
            sdpMid: '0',
            sdpMLineIndex: 0,
          },
        ],
      },
    ] satisfies SignalBody[]) {
      const decoded = decodeSignal(encodeSignal('c', body))
      expect(decoded).toEqual({ signal: { rtc: 1, ch: 'c', ...body } })
    }
  })
})
