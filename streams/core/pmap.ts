import { addedByLastSet, deleteIn, EMPTY_ROOT, hashString, lookup, setIn, type Node } from './hamt'
import { diffNodes, eachEntry } from './hamt-walk'

/**
 * A persistent (immutable) map from string keys to values: a hash array mapped trie (`hamt.ts`).
 * `set` and `delete` copy only the path to the key (a few arrays of at most 66 slots), so a
 * projection holding 10,000 members changes one member without copying the other 9,999, and
 * every state a replay keeps shares everything that did not change. Serialises to a plain object
 * (`toJSON`).
 */
export class PMap<V> {
  private constructor(
    private readonly root: Node<V>,
    readonly size: number,
  ) {}

  private static readonly EMPTY = new PMap<never>(EMPTY_ROOT, 0)

  static empty<V>(): PMap<V> {
    return PMap.EMPTY as PMap<V>
  }

  static fromEntries<V>(entries: Iterable<readonly [string, V]>): PMap<V> {
    let map = PMap.empty<V>()
    for (const [key, value] of entries) map = map.set(key, value)
    return map
  }

  static fromObject<V>(record: Readonly<Record<string, V>>): PMap<V> {
    return PMap.fromEntries(Object.entries(record))
  }

  get(key: string): V | undefined {
    return lookup(this.root, key)
  }

  has(key: string): boolean {
    return this.get(key) !== undefined
  }

  /** A map with `key` set; this same map when the value is already identical. */
  set(key: string, value: V): PMap<V> {
    const root = setIn(this.root, 0, hashString(key), key, value)
    if (root === this.root) return this
    return new PMap(root, addedByLastSet() ? this.size + 1 : this.size)
  }

  /** A map with `key` changed by `update` when present; this same map otherwise. */
  update(key: string, update: (value: V) => V): PMap<V> {
    const value = this.get(key)
    return value === undefined ? this : this.set(key, update(value))
  }

  delete(key: string): PMap<V> {
    const root = deleteIn(this.root, 0, hashString(key), key)
    if (root === this.root) return this
    return new PMap(root ?? (EMPTY_ROOT as Node<V>), this.size - 1)
  }

  forEach(visit: (value: V, key: string) => void): void {
    eachEntry(this.root, 0, visit)
  }

  values(): V[] {
    const out: V[] = []
    eachEntry(this.root, 0, (value) => out.push(value))
    return out
  }

  keys(): string[] {
    const out: string[] = []
    eachEntry(this.root, 0, (_, key) => out.push(key))
    return out
  }

  entries(): [string, V][] {
    const out: [string, V][] = []
    eachEntry(this.root, 0, (value, key) => out.push([key, value]))
    return out
  }

  find(test: (value: V, key: string) => boolean): V | undefined {
    let found: V | undefined
    let done = false
    eachEntry(this.root, 0, (value, key) => {
      if (!done && test(value, key)) {
        found = value
        done = true
      }
    })
    return found
  }

  toObject(): Record<string, V> {
    const out: Record<string, V> = {}
    eachEntry(this.root, 0, (value, key) => (out[key] = value))
    return out
  }

  toJSON(): Record<string, V> {
    return this.toObject()
  }

  /**
   * Calls `visit` for every key whose value differs between `before` and `after` (by reference).
   * Subtrees the two maps share are skipped, so the cost follows the size of the change.
   */
  static diff<V>(
    before: PMap<V>,
    after: PMap<V>,
    visit: (key: string, before: V | undefined, after: V | undefined) => void,
  ): void {
    if (before === after) return
    diffNodes(before.root, after.root, 0, visit)
  }
}
