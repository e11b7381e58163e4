/**
 * The persistent map behind the roster, against the well-kept libraries that could replace it,
 * on the same 10,000-member workload (part of `bench:fold`, so one run compares them):
 *   - ours: PMap (streams/core/pmap.ts, a CHAMP-style hash array mapped trie);
 *   - Immutable.js `Map` (a HAMT too);
 *   - Immer: `produce` over a plain object keyed by uid (what a slice written with drafts holds).
 * Each applies the same operation sequence: a 10,000-member roster built one join at a time, then
 * `UPDATES` changes (a member's record replaced, one in ten a leave and a join again), keeping
 * every `KEEP_EVERY`-th version as the replay's checkpoints do, and `READS` lookups. Printed: time
 * per build, per update and per read, and the memory the kept versions hold (Node, --expose-gc).
 * Immer copies the whole object on each change, so it runs fewer updates, once, and is reported
 * per operation (its kept memory then covers one version, not comparable).
 */
import { Map as IMap } from 'immutable'
import { produce, setAutoFreeze } from 'immer'
import { PMap } from '@streams/core/pmap'
import type { Member } from '@streams/wire/member'
import { member } from '../streams/fixtures'
import { prng } from './fold-log'

const ROSTER = 10_000
const UPDATES = 200_000
const IMMER_UPDATES = 2_000
const KEEP_EVERY = 2000
const READS = 200_000

interface Roster<M> {
  readonly name: string
  empty(): M
  set(map: M, uid: string, m: Member): M
  delete(map: M, uid: string): M
  get(map: M, uid: string): Member | undefined
  /** The roster built from its members: one join at a time, or in one recipe (Immer). */
  build(members: readonly Member[]): M
}

const ours: Roster<PMap<Member>> = {
  name: 'PMap (ours)',
  empty: () => PMap.empty<Member>(),
  set: (map, uid, m) => map.set(uid, m),
  delete: (map, uid) => map.delete(uid),
  get: (map, uid) => map.get(uid),
  build: (members) => members.reduce((map, m) => map.set(m.uid, m), PMap.empty<Member>()),
}
const immutable: Roster<IMap<string, Member>> = {
  name: 'Immutable.js Map',
  empty: () => IMap<string, Member>(),
  set: (map, uid, m) => map.set(uid, m),
  delete: (map, uid) => map.delete(uid),
  get: (map, uid) => map.get(uid),
  build: (members) => members.reduce((map, m) => map.set(m.uid, m), IMap<string, Member>()),
}
type Plain = Readonly<Record<string, Member>>
const immer: Roster<Plain> = {
  name: 'Immer (object draft)',
  empty: () => ({}),
  set: (map, uid, m) =>
    produce(map, (draft) => {
      draft[uid] = m
    }),
  delete: (map, uid) =>
    produce(map, (draft) => {
      delete draft[uid]
    }),
  get: (map, uid) => map[uid],
  // One join at a time would copy the object 10,000 times (minutes): all joins in one recipe.
  build: (members) =>
    produce({} as Plain, (draft) => {
      for (const m of members) draft[m.uid] = m
    }),
}

export interface RosterFigures {
  name: string
  buildMs: number
  updateUs: number
  readNs: number
  keptMB: number | null
  updates: number
}

const r2 = (x: number) => Math.round(x * 100) / 100

function run<M>(
  roster: Roster<M>,
  updates: number,
  heapMB: () => number | null,
  members: readonly Member[],
): RosterFigures {
  const random = prng(11)
  const start = performance.now()
  let map = roster.build(members)
  const buildMs = performance.now() - start

  const before = heapMB()
  const kept: M[] = []
  const t0 = performance.now()
  for (let i = 0; i < updates; i++) {
    const m = members[Math.floor(random() * members.length)] as Member
    if (i % 10 === 9) map = roster.set(roster.delete(map, m.uid), m.uid, m)
    else map = roster.set(map, m.uid, { ...m, enableAudio: (i & 1) as 0 | 1 })
    if (i % KEEP_EVERY === 0) kept.push(map)
  }
  const updateMs = performance.now() - t0
  const after = heapMB()

  let found = 0
  const t1 = performance.now()
  for (let i = 0; i < READS; i++)
    if (roster.get(map, (members[(i * 7919) % members.length] as Member).uid)) found++
  const readMs = performance.now() - t1
  if (found !== READS) throw new Error(`${roster.name}: ${READS - found} members missing`)
  kept.length = 0
  return {
    name: roster.name,
    buildMs: r2(buildMs),
    updateUs: r2((updateMs * 1000) / updates),
    readNs: r2((readMs * 1e6) / READS),
    keptMB: before === null || after === null ? null : r2(after - before),
    updates,
  }
}

/** Runs the three in Node: ours and Immutable.js the best of three runs (by update time). */
export function compareRosterMaps(heapMB: () => number | null, say: (line: string) => void) {
  // Immer freezes what it produces by default; the fold's slices are not frozen either.
  setAutoFreeze(false)
  const members = Array.from({ length: ROSTER }, (_, i) => member(String(100_000 + i)))
  const best = <M>(roster: Roster<M>, updates: number) =>
    [0, 1, 2]
      .map(() => run(roster, updates, heapMB, members))
      .reduce((a, b) => (b.updateUs < a.updateUs ? b : a))
  const figures = [
    best(ours, UPDATES),
    best(immutable, UPDATES),
    run(immer, IMMER_UPDATES, heapMB, members),
  ]
  setAutoFreeze(true)
  say(
    `roster maps (${ROSTER.toLocaleString('en')} members; best of 3): build, per update, per read, kept by ${Math.ceil(UPDATES / KEEP_EVERY)} versions`,
  )
  const base = figures[0] as RosterFigures
  for (const f of figures)
    say(
      `  ${f.name.padEnd(22)} ${`${f.buildMs} ms`.padEnd(11)} ${`${f.updateUs} µs`.padEnd(12)} ${`${f.readNs} ns`.padEnd(10)} ${f.keptMB ?? '?'} MB   update ×${r2(f.updateUs / base.updateUs)}, read ×${r2(f.readNs / base.readNs)} of ours (${f.updates.toLocaleString('en')} updates)`,
    )
  return figures
}
