import { describe, expect, it } from 'vitest'
import {
  FLOOR_UNDER_INTERPRETER,
  LanguageMix,
} from '../../../src/adapters/agora-rtc/agora-language-mix'
import { FakeContext, type FakeGain, streamOf, track } from './fake-audio'

/** The levels of the mix by track id, and each input's path: source → gain → the output. */
function state(mix: LanguageMix, context: FakeContext): Record<string, number> {
  const out: Record<string, number> = {}
  for (const [t, level] of mix.levels()) out[t.id] = level
  for (const source of context.sources.filter((s) => s.outputs.size > 0)) {
    const [gain] = [...source.outputs] as FakeGain[]
    expect([...gain!.outputs]).toEqual([context.out])
  }
  return out
}

describe('a language mix in the live pusher’s browser (Web Audio, local mode’s mixer)', () => {
  it('the interpreter at 1.0 over the room at 0.2; away, the room alone at 1.0', () => {
    const context = new FakeContext()
    const mix = new LanguageMix(context, streamOf)
    const [a, b, i] = [track('a'), track('b'), track('i')]
    mix.set({ floor: [a, b], interpreter: i })
    expect(FLOOR_UNDER_INTERPRETER).toBe(0.2)
    expect(state(mix, context)).toEqual({ a: 0.2, b: 0.2, i: 1 })
    expect(context.sources.map((s) => s.name)).toEqual(['source a', 'source b', 'source i'])
    const output = mix.track
    expect(output).toBe(context.mixed)

    // The interpreter stops being heard: the room's sound at full level, in the same mix.
    mix.set({ floor: [a, b] })
    expect(state(mix, context)).toEqual({ a: 1, b: 1 })
    expect(context.sources[2]!.outputs.size).toBe(0)
    expect(context.gains[2]!.outputs.size).toBe(0)
    // Back again: a fresh input for the interpreter, the room turned down; still one output.
    mix.set({ floor: [a, b], interpreter: i })
    expect(state(mix, context)).toEqual({ a: 0.2, b: 0.2, i: 1 })
    expect(mix.track).toBe(output)
    expect(context.createMediaStreamDestination).toHaveBeenCalledTimes(1)
  })

  it('tracks added and removed: the others keep their inputs', () => {
    const context = new FakeContext()
    const mix = new LanguageMix(context, streamOf)
    const [a, b, c, i] = [track('a'), track('b'), track('c'), track('i')]
    mix.set({ floor: [a, b], interpreter: i })
    mix.set({ floor: [a, c], interpreter: i })
    expect(state(mix, context)).toEqual({ a: 0.2, c: 0.2, i: 1 })
    // a and i were not made again; b left; c joined.
    expect(context.createMediaStreamSource).toHaveBeenCalledTimes(4)
    expect(context.sources.find((s) => s.name === 'source b')!.outputs.size).toBe(0)
    // An interpreter who is also in the floor (named twice) is heard once, at 1.0.
    mix.set({ floor: [a, i], interpreter: i })
    expect(state(mix, context)).toEqual({ a: 0.2, i: 1 })
    // Nobody: silence, the output track still there.
    mix.set({ floor: [] })
    expect(state(mix, context)).toEqual({})
    expect(mix.track.id).toBe('mix')
  })

  it('close leaves every input and stops the output track', () => {
    const context = new FakeContext()
    const mix = new LanguageMix(context, streamOf)
    mix.set({ floor: [track('a')], interpreter: track('i') })
    mix.close()
    expect(mix.levels().size).toBe(0)
    expect(context.sources.every((s) => s.outputs.size === 0)).toBe(true)
    expect(context.mixed.stop).toHaveBeenCalled()
  })
})
