import { describe, expect, it } from 'vitest'
import {
  AudioMixer,
  CHUNK,
  FLOOR_UNDER_INTERPRETER,
  SampleReader,
} from '../../../../src/server/media/compose/mixer'

const tone = (value: number, n: number) => new Int16Array(n).fill(value)
const left = (out: Buffer, i: number) => out.readInt16LE(i * 4)
const right = (out: Buffer, i: number) => out.readInt16LE(i * 4 + 2)

describe('the audio mix', () => {
  it('sums everyone into one stereo chunk of 20 ms, clipped to 16 bits', () => {
    const mixer = new AudioMixer()
    mixer.push('a', tone(1000, CHUNK * 2))
    mixer.push('b', tone(-300, CHUNK * 2))
    const out = mixer.next()
    expect(out.length).toBe(CHUNK * 4)
    expect(left(out, 0)).toBe(700)
    expect(right(out, CHUNK - 1)).toBe(700)
    mixer.push('c', tone(32000, CHUNK * 2))
    mixer.push('d', tone(32000, CHUNK * 2))
    expect(left(mixer.next(), 10)).toBe(32767)
  })

  it('is silent when nobody talks, and an input waits for 40 ms before it plays (no crackle)', () => {
    const mixer = new AudioMixer()
    expect(left(mixer.next(), 0)).toBe(0)
    mixer.push('a', tone(500, CHUNK))
    expect(left(mixer.next(), 0)).toBe(0)
    mixer.push('a', tone(500, CHUNK))
    expect(left(mixer.next(), 0)).toBe(500)
    expect(left(mixer.next(), 0)).toBe(500)
    expect(mixer.queued('a')).toBe(0)
    // dry: waits to be primed again
    mixer.push('a', tone(500, CHUNK))
    expect(left(mixer.next(), 0)).toBe(0)
  })

  it('keeps at most 200 ms of an input: a burst after a stall does not add delay', () => {
    const mixer = new AudioMixer()
    mixer.push('a', tone(1, CHUNK * 30))
    expect(mixer.queued('a')).toBe(CHUNK * 10)
    mixer.push('a', tone(2, CHUNK))
    expect(mixer.queued('a')).toBe(CHUNK * 10)
    mixer.remove('a')
    expect(mixer.queued('a')).toBe(0)
  })

  it('reads samples split across chunks', () => {
    const reader = new SampleReader()
    const bytes = Buffer.alloc(6)
    bytes.writeInt16LE(-2, 0)
    bytes.writeInt16LE(300, 2)
    bytes.writeInt16LE(7, 4)
    expect([...reader.read(bytes.subarray(0, 3))]).toEqual([-2])
    expect([...reader.read(bytes.subarray(3))]).toEqual([300, 7])
  })

  it('an interpreter is heard in their language over the room turned down, and not in the room’s own sound', () => {
    const mixer = new AudioMixer()
    mixer.setLanguages([{ inputs: new Set(['en-interpreter']) }, { inputs: new Set() }])
    mixer.push('speaker', tone(1000, CHUNK * 2))
    mixer.push('en-interpreter', tone(4000, CHUNK * 2))
    const floor = mixer.next()
    const [english, nobody] = mixer.languageChunks()
    expect(left(floor, 0)).toBe(1000)
    expect(left(english!, 0)).toBe(4000 + 1000 * FLOOR_UNDER_INTERPRETER)
    expect(right(english!, CHUNK - 1)).toBe(4000 + 1000 * FLOOR_UNDER_INTERPRETER)
    // A language whose interpreter is away has the room's own sound.
    expect(left(nobody!, 0)).toBe(1000)
    // Without languages, everyone is in the room's sound again.
    mixer.setLanguages([])
    expect(left(mixer.next(), 0)).toBe(5000)
    expect(mixer.languageChunks()).toEqual([])
  })
})
