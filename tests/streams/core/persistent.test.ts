import { describe, expect, it } from 'vitest'
import { PMap } from '@streams/core/pmap'
import { PVec } from '@streams/core/pvec'

/** A small deterministic generator, so a failure reproduces. */
function random(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

describe('persistent map', () => {
  it('agrees with a Map over 20,000 random sets and deletes, and never changes an old version', () => {
    const next = random(7)
    const model = new Map<string, number>()
    let map = PMap.empty<number>()
    const versions: [PMap<number>, Map<string, number>][] = []
    for (let i = 0; i < 20_000; i++) {
      const key = String(Math.floor(next() * 3000))
      if (next() < 0.3) {
        model.delete(key)
        map = map.delete(key)
      } else {
        model.set(key, i)
        map = map.set(key, i)
      }
      if (i % 5000 === 0) versions.push([map, new Map(model)])
    }
    expect(map.size).toBe(model.size)
    for (const [key, value] of model) expect(map.get(key)).toBe(value)
    expect(Object.keys(map.toObject()).sort()).toEqual([...model.keys()].sort())
    for (const [old, copy] of versions) {
      expect(old.size).toBe(copy.size)
      for (const [key, value] of copy) expect(old.get(key)).toBe(value)
    }
  })

  it('keeps the same map when a set changes nothing, and diffs only what changed', () => {
    let map = PMap.empty<{ n: number }>()
    for (let i = 0; i < 1000; i++) map = map.set(`u${i}`, { n: i })
    const same = map.set('u5', map.get('u5')!)
    expect(same).toBe(map)
    const changed = map.set('u5', { n: -1 }).delete('u7').set('new', { n: 0 })
    const seen: string[] = []
    PMap.diff(map, changed, (key) => seen.push(key))
    expect(seen.sort()).toEqual(['new', 'u5', 'u7'])
  })

  it('handles keys whose hashes collide', () => {
    // 'Aa' and 'BB' collide under many string hashes; force collisions by many keys too.
    let map = PMap.empty<number>()
    for (let i = 0; i < 100_000; i++) map = map.set(`k${i}`, i)
    for (let i = 0; i < 100_000; i += 997) expect(map.get(`k${i}`)).toBe(i)
    for (let i = 0; i < 100_000; i += 2) map = map.delete(`k${i}`)
    expect(map.size).toBe(50_000)
    expect(map.get('k3')).toBe(3)
    expect(map.get('k4')).toBeUndefined()
  })
})

describe('persistent vector', () => {
  it('appends 100,000 items, reads each back, and keeps old versions intact', () => {
    let vec = PVec.empty<number>()
    const versions: PVec<number>[] = []
    for (let i = 0; i < 100_000; i++) {
      vec = vec.push(i)
      if ([0, 31, 32, 33, 1023, 1024, 1025, 32768, 32769].includes(i)) versions.push(vec)
    }
    expect(vec.size).toBe(100_000)
    for (let i = 0; i < 100_000; i += 1) if (vec.get(i) !== i) throw new Error(`at ${i}`)
    for (const old of versions) {
      expect(old.get(old.size - 1)).toBe(old.size - 1)
      expect(old.get(old.size)).toBeUndefined()
    }
    expect(vec.slice(-3)).toEqual([99_997, 99_998, 99_999])
    expect(PVec.from([1, 2, 3]).toJSON()).toEqual([1, 2, 3])
  })
})

describe('persistent vector versions', () => {
  it('keeps every version exact when old versions are pushed to again (shared tails)', () => {
    let base = PVec.empty<string>()
    for (let i = 0; i < 40; i++) base = base.push(`b${i}`)
    const a = base.push('a1').push('a2')
    const b = base.push('b-only')
    const c = base.push('c-only').push('c2')
    expect(a.slice(-3)).toEqual(['b39', 'a1', 'a2'])
    expect(b.slice(-2)).toEqual(['b39', 'b-only'])
    expect(c.slice(-3)).toEqual(['b39', 'c-only', 'c2'])
    expect(base.size).toBe(40)
    expect(base.get(40)).toBeUndefined()
    expect(a.toJSON()).toHaveLength(42)
    // pushing on across a full tail keeps the old branches intact
    let long = a
    for (let i = 0; i < 100; i++) long = long.push(`l${i}`)
    expect([a.get(41), b.get(40), c.get(41), long.get(41), long.get(141)]).toEqual([
      'a2',
      'b-only',
      'c2',
      'a2',
      'l99',
    ])
  })
})
