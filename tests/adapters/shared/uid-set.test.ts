import { BehaviorSubject } from 'rxjs'
import { describe, expect, it } from 'vitest'
import { toggleUid } from '../../../src/adapters/shared/uid-set'
import { DEFAULT_PROFILE } from '../../../src/adapters/webrtc/encodings'

describe('toggleUid', () => {
  it('emits a new set only when membership changes, and never mutates the one readers hold', () => {
    const subject = new BehaviorSubject<ReadonlySet<string>>(new Set())
    const seen: ReadonlySet<string>[] = []
    subject.subscribe((set) => seen.push(set))
    toggleUid(subject, 'a', true)
    const withA = subject.getValue()
    toggleUid(subject, 'a', true) // already there: nothing emitted
    toggleUid(subject, 'b', true)
    toggleUid(subject, 'a', false)
    toggleUid(subject, 'z', false) // never there: nothing emitted
    expect(seen.map((s) => [...s])).toEqual([[], ['a'], ['a', 'b'], ['b']])
    expect([...withA]).toEqual(['a'])
  })
})

describe('the default camera profile', () => {
  it("[VIDEO-2] is the default layout's large tile: 720x300, 310 kbps, 30 fps", () => {
    expect(DEFAULT_PROFILE).toEqual({ width: 720, height: 300, bitrate: 310, frameRate: 30 })
  })
})
