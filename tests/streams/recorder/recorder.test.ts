import { Subject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import type { Envelope } from '@streams/core/envelope'
import { createRecorder } from '@streams/recorder/recorder'
import { redact, REDACTED } from '@streams/recorder/redact'

type E = { type: 'x/added'; n: number; token?: string }
const reduce = (s: { sum: number }, e: E) => ({ sum: s.sum + e.n })

describe('recorder', () => {
  it('writes a versioned header line and one envelope a line', () => {
    const envelope$ = new Subject<Envelope<E>>()
    const recorder = createRecorder({
      envelope$,
      initialState: { sum: 0 },
      reduce,
      app: '1.2.3',
      startedAt: 5,
    })
    envelope$.next({ seq: 0, at: 6, event: { type: 'x/added', n: 2 } })
    const lines = recorder
      .toNdjson()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines[0]).toEqual({
      kind: 'roomcast-session-log',
      format: 1,
      app: '1.2.3',
      startedAt: 5,
    })
    expect(lines[1]).toEqual({ seq: 0, at: 6, event: { type: 'x/added', n: 2 } })
  })

  it('keeps a bounded window and folds what falls out into a snapshot, so the log replays alone', () => {
    const envelope$ = new Subject<Envelope<E>>()
    const recorder = createRecorder({
      envelope$,
      initialState: { sum: 0 },
      reduce,
      app: 't',
      startedAt: 0,
      window: 3,
    })
    for (let i = 0; i < 10; i++) envelope$.next({ seq: i, at: i, event: { type: 'x/added', n: i } })
    expect(recorder.envelopes().map((e) => e.seq)).toEqual([7, 8, 9])
    expect(recorder.header().snapshot).toEqual({
      seq: 7,
      state: { sum: 0 + 1 + 2 + 3 + 4 + 5 + 6 },
    })
    const replayed = recorder
      .envelopes()
      .reduce((s, e) => reduce(s, e.event), recorder.header().snapshot!.state)
    expect(replayed.sum).toBe(45)
  })

  it('redacts secrets when it records them', () => {
    const envelope$ = new Subject<Envelope<E>>()
    const recorder = createRecorder({
      envelope$,
      initialState: { sum: 0 },
      reduce,
      app: 't',
      startedAt: 0,
    })
    envelope$.next({ seq: 0, at: 0, event: { type: 'x/added', n: 1, token: 'abc.def' } })
    expect(recorder.toNdjson()).not.toContain('abc.def')
    expect(recorder.envelopes()[0]?.event.token).toBe(REDACTED)
  })

  it('redacts CDN push URLs (their stream key) in a live setting, and keeps the pull URLs', () => {
    expect(
      redact({
        setting: {
          pushUrl: 'rtmp://push/live/room-key',
          liveUrl: 'https://pull/room.m3u8',
          streamingUrls: [{ pushUrl: 'rtmp://cdn/live/en-key', pullUrl: 'https://cdn/en.m3u8' }],
        },
      }),
    ).toEqual({
      setting: {
        pushUrl: REDACTED,
        liveUrl: 'https://pull/room.m3u8',
        streamingUrls: [{ pushUrl: REDACTED, pullUrl: 'https://cdn/en.m3u8' }],
      },
    })
    // An empty one (what members other than hosts get) stays empty.
    expect(redact({ pushUrl: '' })).toEqual({ pushUrl: '' })
  })

  it('redacts nested secret fields by name and leaves the rest', () => {
    expect(
      redact({
        me: { rtmToken: 't1', rtcToken: 't2', userName: 'Ann', phone: '123' },
        password: 'p',
        list: [{ screenToken: 's' }],
      }),
    ).toEqual({
      me: { rtmToken: REDACTED, rtcToken: REDACTED, userName: 'Ann', phone: REDACTED },
      password: REDACTED,
      list: [{ screenToken: REDACTED }],
    })
  })
})
