/**
 * A persistent (immutable) map from string keys to values: a hash array mapped trie. `set` and
 * `delete` copy only the path to the key (a few arrays of at most 32 slots), so a projection
 * holding 10,000 members changes one member without copying the other 9,999, and every state a
 * replay keeps shares everything that did not change. Serialises to a plain object (`toJSON`).
 */

class Leaf<V> {
  constructor(
    readonly hash: number,
    readonly key: string,
    readonly value: V,
  ) {}
}

class Collision<V> {
  constructor(
    readonly hash: number,
    readonly leaves: readonly Leaf<V>[],
  ) {}
}

class Branch<V> {
  constructor(
    readonly bitmap: number,
    readonly children: readonly Node<V>[],
  ) {}
}

type Node<V> = Leaf<V> | Collision<V> | Branch<V>

const BITS = 5
const MASK = 31

let lastKey = ''
let lastHash = 0x811c9dc5

/** FNV-1a over UTF-16 code units (the last key's hash is remembered: a get then a set is common). */
export function hashString(key: string): number {
  if (key === lastKey) return lastHash
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  lastKey = key
  lastHash = h >>> 0
  return lastHash
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  x = (x + (x >>> 4)) & 0x0f0f0f0f
  return Math.imul(x, 0x01010101) >>> 24
}

function nodeHash<V>(node: Leaf<V> | Collision<V>): number {
  return node.hash
}

/** Two hashed nodes that differ from `shift` on, under one new branch. */
function merge<V>(shift: number, a: Leaf<V> | Collision<V>, b: Leaf<V> | Collision<V>): Node<V> {
  const ha = nodeHash(a)
  const hb = nodeHash(b)
  if (shift >= 32 || ha === hb) {
    const leaves: Leaf<V>[] = []
    for (const n of [a, b]) {
      if (n instanceof Leaf) leaves.push(n)
      else leaves.push(...n.leaves)
    }
    return new Collision(ha, leaves)
  }
  const ia = (ha >>> shift) & MASK
  const ib = (hb >>> shift) & MASK
  if (ia === ib) return new Branch(1 << ia, [merge(shift + BITS, a, b)])
  return ia < ib
    ? new Branch((1 << ia) | (1 << ib), [a, b])
    : new Branch((1 << ia) | (1 << ib), [b, a])
}

interface Change {
  added: boolean
}

function setIn<V>(
  node: Node<V>,
  shift: number,
  hash: number,
  key: string,
  value: V,
  change: Change,
): Node<V> {
  if (node instanceof Branch) {
    const bit = 1 << ((hash >>> shift) & MASK)
    const index = popcount(node.bitmap & (bit - 1))
    const children = node.children
    if ((node.bitmap & bit) === 0) {
      change.added = true
      const next = new Array<Node<V>>(children.length + 1)
      for (let i = 0; i < index; i++) next[i] = children[i] as Node<V>
      next[index] = new Leaf(hash, key, value)
      for (let i = index; i < children.length; i++) next[i + 1] = children[i] as Node<V>
      return new Branch(node.bitmap | bit, next)
    }
    const child = children[index] as Node<V>
    const updated = setIn(child, shift + BITS, hash, key, value, change)
    if (updated === child) return node
    const next = children.slice()
    next[index] = updated
    return new Branch(node.bitmap, next)
  }
  if (node instanceof Leaf) {
    if (node.key === key) return node.value === value ? node : new Leaf(hash, key, value)
    change.added = true
    return merge(shift, node, new Leaf(hash, key, value))
  }
  if (node.hash !== hash) {
    change.added = true
    return merge(shift, node, new Leaf(hash, key, value))
  }
  const at = node.leaves.findIndex((l) => l.key === key)
  if (at >= 0) {
    if ((node.leaves[at] as Leaf<V>).value === value) return node
    const leaves = node.leaves.slice()
    leaves[at] = new Leaf(hash, key, value)
    return new Collision(hash, leaves)
  }
  change.added = true
  return new Collision(hash, [...node.leaves, new Leaf(hash, key, value)])
}

/** The node without `key`; undefined when the node becomes empty; the same node when absent. */
function deleteIn<V>(node: Node<V>, shift: number, hash: number, key: string): Node<V> | undefined {
  if (node instanceof Branch) {
    const bit = 1 << ((hash >>> shift) & MASK)
    if ((node.bitmap & bit) === 0) return node
    const index = popcount(node.bitmap & (bit - 1))
    const child = node.children[index] as Node<V>
    const updated = deleteIn(child, shift + BITS, hash, key)
    if (updated === child) return node
    if (updated === undefined) {
      if (node.children.length === 1) return undefined
      const next = node.children.slice()
      next.splice(index, 1)
      return new Branch(node.bitmap & ~bit, next)
    }
    const next = node.children.slice()
    next[index] = updated
    return new Branch(node.bitmap, next)
  }
  if (node instanceof Leaf) return node.key === key ? undefined : node
  if (node.hash !== hash) return node
  const leaves = node.leaves.filter((l) => l.key !== key)
  if (leaves.length === node.leaves.length) return node
  return leaves.length === 1 ? leaves[0] : new Collision(hash, leaves)
}

/** The node with every value changed; one pass, and untouched subtrees are kept as they are. */
function mapNode<V>(node: Node<V>, change: (value: V, key: string) => V): Node<V> {
  if (node instanceof Leaf) {
    const value = change(node.value, node.key)
    return value === node.value ? node : new Leaf(node.hash, node.key, value)
  }
  const children: readonly Node<V>[] = node instanceof Branch ? node.children : node.leaves
  let out: Node<V>[] | undefined
  for (let i = 0; i < children.length; i++) {
    const child = children[i] as Node<V>
    const next = mapNode(child, change)
    if (next === child) continue
    out ??= children.slice()
    out[i] = next
  }
  if (!out) return node
  return node instanceof Branch
    ? new Branch(node.bitmap, out)
    : new Collision(node.hash, out as Leaf<V>[])
}

function eachLeaf<V>(node: Node<V>, visit: (leaf: Leaf<V>) => void): void {
  if (node instanceof Leaf) visit(node)
  else if (node instanceof Collision) node.leaves.forEach(visit)
  else for (const child of node.children) eachLeaf(child, visit)
}

const EMPTY_ROOT = new Branch<never>(0, [])

export class PMap<V> {
  private constructor(
    private readonly root: Branch<V>,
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
    const hash = hashString(key)
    let node: Node<V> = this.root
    let shift = 0
    for (;;) {
      if (node instanceof Branch) {
        const bit = 1 << ((hash >>> shift) & MASK)
        if ((node.bitmap & bit) === 0) return undefined
        node = node.children[popcount(node.bitmap & (bit - 1))] as Node<V>
        shift += BITS
      } else if (node instanceof Leaf) {
        return node.key === key ? node.value : undefined
      } else {
        return node.leaves.find((l) => l.key === key)?.value
      }
    }
  }

  has(key: string): boolean {
    return this.get(key) !== undefined
  }

  /** A map with `key` set; this same map when the value is already identical. */
  set(key: string, value: V): PMap<V> {
    const change: Change = { added: false }
    const root = setIn(this.root, 0, hashString(key), key, value, change) as Branch<V>
    if (root === this.root) return this
    return new PMap(root, change.added ? this.size + 1 : this.size)
  }

  /** A map with `key` changed by `update` when present; this same map otherwise. */
  update(key: string, update: (value: V) => V): PMap<V> {
    const value = this.get(key)
    return value === undefined ? this : this.set(key, update(value))
  }

  delete(key: string): PMap<V> {
    const root = deleteIn(this.root, 0, hashString(key), key)
    if (root === this.root) return this
    return new PMap((root as Branch<V> | undefined) ?? (EMPTY_ROOT as Branch<V>), this.size - 1)
  }

  forEach(visit: (value: V, key: string) => void): void {
    eachLeaf(this.root, (leaf) => visit(leaf.value, leaf.key))
  }

  values(): V[] {
    const out: V[] = []
    eachLeaf(this.root, (leaf) => out.push(leaf.value))
    return out
  }

  keys(): string[] {
    const out: string[] = []
    eachLeaf(this.root, (leaf) => out.push(leaf.key))
    return out
  }

  entries(): [string, V][] {
    const out: [string, V][] = []
    eachLeaf(this.root, (leaf) => out.push([leaf.key, leaf.value]))
    return out
  }

  find(test: (value: V, key: string) => boolean): V | undefined {
    let found: V | undefined
    let done = false
    eachLeaf(this.root, (leaf) => {
      if (!done && test(leaf.value, leaf.key)) {
        found = leaf.value
        done = true
      }
    })
    return found
  }

  /** Every value changed by `change`; unchanged values keep their slots. */
  map(change: (value: V, key: string) => V): PMap<V> {
    const root = mapNode(this.root, change) as Branch<V>
    return root === this.root ? this : new PMap(root, this.size)
  }

  toObject(): Record<string, V> {
    const out: Record<string, V> = {}
    eachLeaf(this.root, (leaf) => (out[leaf.key] = leaf.value))
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
    diffNodes(before.root, after.root, visit)
  }
}

function diffNodes<V>(
  a: Node<V> | undefined,
  b: Node<V> | undefined,
  visit: (key: string, before: V | undefined, after: V | undefined) => void,
): void {
  if (a === b) return
  if (a instanceof Branch && b instanceof Branch) {
    for (let slot = 0; slot < 32; slot++) {
      const bit = 1 << slot
      const ca = a.bitmap & bit ? a.children[popcount(a.bitmap & (bit - 1))] : undefined
      const cb = b.bitmap & bit ? b.children[popcount(b.bitmap & (bit - 1))] : undefined
      diffNodes(ca, cb, visit)
    }
    return
  }
  const left = new Map<string, V>()
  const right = new Map<string, V>()
  if (a) eachLeaf(a, (l) => left.set(l.key, l.value))
  if (b) eachLeaf(b, (l) => right.set(l.key, l.value))
  for (const [key, value] of left) if (right.get(key) !== value) visit(key, value, right.get(key))
  for (const [key, value] of right) if (!left.has(key)) visit(key, undefined, value)
}
