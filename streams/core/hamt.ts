/**
 * The nodes of the persistent map (`pmap.ts`): a hash array mapped trie over string keys.
 *
 * Layout: every node is one array. A branch (seven levels, each taking 5 bits of the hash) is
 * `[bitmap, key, value, key, value, …]`, a pair of slots per set bit in bit order; a pair is an
 * entry (its string key, then its value) or a sub-node (null, then the node). Below the last
 * branch, a bucket holds the keys whose 32-bit hashes are equal: `[hash, key, value, …]`.
 *
 * Why arrays with the entries inline: the fold reads and replaces members of a 10,000-member map
 * on most events, and its time goes to following pointers and allocating. A lookup reads one
 * array per level (a branch object around its array, and a leaf object per entry, cost three more
 * reads of scattered memory on a 10,000-key map), and a set allocates one array per level and
 * nothing per entry: the fold bench ran about 12% faster than with branch and leaf objects.
 */

/** A slot of a node: a bitmap or a hash (slot 0), a key or null, a value or a sub-node. */
type Slot<V> = number | string | null | V | Node<V>
export type Node<V> = readonly Slot<V>[]

const BITS = 5
const MASK = 31
/** The deepest branch reads bits 30 and 31; below it are buckets. */
const LAST_SHIFT = 30

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

/** Where the pair for `bit` starts in a branch: after the bitmap, two slots per lower set bit. */
const pairAt = (bitmap: number, bit: number): number => 1 + 2 * popcount(bitmap & (bit - 1))

/** The index of `key` in a bucket, or -1. */
function bucketIndex<V>(bucket: Node<V>, key: string): number {
  for (let i = 1; i < bucket.length; i += 2) if (bucket[i] === key) return i
  return -1
}

/** A copy of `node` with slot `i` replaced. */
function replaced<V>(node: Node<V>, i: number, slot: Slot<V>): Node<V> {
  const next = node.slice()
  next[i] = slot
  return next
}

/** A copy of `node` with a new header and a pair inserted at `at`. */
function inserted<V>(node: Node<V>, header: number, at: number, key: string, value: V): Node<V> {
  const next = new Array<Slot<V>>(node.length + 2)
  next[0] = header
  for (let i = 1; i < at; i++) next[i] = node[i] as Slot<V>
  next[at] = key
  next[at + 1] = value
  for (let i = at; i < node.length; i++) next[i + 2] = node[i] as Slot<V>
  return next
}

/** A copy of `node` with a new header and the pair at `at` removed. */
function removed<V>(node: Node<V>, header: number, at: number): Node<V> {
  const next = new Array<Slot<V>>(node.length - 2)
  next[0] = header
  for (let i = 1; i < at; i++) next[i] = node[i] as Slot<V>
  for (let i = at + 2; i < node.length; i++) next[i - 2] = node[i] as Slot<V>
  return next
}

/** A node at `shift` holding two entries whose hashes agree on the bits above `shift`. */
function pair<V>(
  shift: number,
  ha: number,
  ka: string,
  va: V,
  hb: number,
  kb: string,
  vb: V,
): Node<V> {
  if (shift > LAST_SHIFT) return [ha, ka, va, kb, vb] as Node<V>
  const ia = (ha >>> shift) & MASK
  const ib = (hb >>> shift) & MASK
  if (ia === ib) return [1 << ia, null, pair(shift + BITS, ha, ka, va, hb, kb, vb)] as Node<V>
  const bitmap = (1 << ia) | (1 << ib)
  return (ia < ib ? [bitmap, ka, va, kb, vb] : [bitmap, kb, vb, ka, va]) as Node<V>
}

/** Whether the last `setIn` added a key (module state rather than an object per set). */
let added = false

/** Whether the last `setIn` added a key rather than replacing a value. */
export const addedByLastSet = (): boolean => added

/** The node with `key` set; the same node when the value is already identical. */
export function setIn<V>(
  node: Node<V>,
  shift: number,
  hash: number,
  key: string,
  value: V,
): Node<V> {
  if (shift === 0) added = false
  if (shift > LAST_SHIFT) {
    const i = bucketIndex(node, key)
    if (i >= 0) return node[i + 1] === value ? node : replaced(node, i + 1, value)
    added = true
    return inserted(node, hash, node.length, key, value)
  }
  const bitmap = node[0] as number
  const bit = 1 << ((hash >>> shift) & MASK)
  const at = pairAt(bitmap, bit)
  if ((bitmap & bit) === 0) {
    added = true
    return inserted(node, bitmap | bit, at, key, value)
  }
  const k = node[at] as string | null
  const slot = node[at + 1] as Slot<V>
  if (k === null) {
    const child = slot as Node<V>
    const updated = setIn(child, shift + BITS, hash, key, value)
    return updated === child ? node : replaced(node, at + 1, updated)
  }
  if (k === key) return slot === value ? node : replaced(node, at + 1, value)
  added = true
  const next = replaced(node, at, null) as Slot<V>[]
  next[at + 1] = pair(shift + BITS, hashString(k), k, slot as V, hash, key, value)
  return next
}

/** The node without `key`; undefined when the node becomes empty; the same node when absent. */
export function deleteIn<V>(
  node: Node<V>,
  shift: number,
  hash: number,
  key: string,
): Node<V> | undefined {
  if (shift > LAST_SHIFT) {
    const i = bucketIndex(node, key)
    if (i < 0) return node
    return node.length === 3 ? undefined : removed(node, hash, i)
  }
  const bitmap = node[0] as number
  const bit = 1 << ((hash >>> shift) & MASK)
  if ((bitmap & bit) === 0) return node
  const at = pairAt(bitmap, bit)
  const k = node[at] as string | null
  if (k === null) {
    const child = node[at + 1] as Node<V>
    const updated = deleteIn(child, shift + BITS, hash, key)
    if (updated === child) return node
    if (updated !== undefined) return replaced(node, at + 1, updated)
  } else if (k !== key) return node
  return bitmap === bit ? undefined : removed(node, bitmap & ~bit, at)
}

/** The value of `key` under a root node, or undefined. */
export function lookup<V>(root: Node<V>, key: string): V | undefined {
  const hash = hashString(key)
  let node = root
  for (let shift = 0; shift <= LAST_SHIFT; shift += BITS) {
    const bitmap = node[0] as number
    const bit = 1 << ((hash >>> shift) & MASK)
    if ((bitmap & bit) === 0) return undefined
    const at = pairAt(bitmap, bit)
    const k = node[at] as string | null
    if (k !== null) return k === key ? (node[at + 1] as V) : undefined
    node = node[at + 1] as Node<V>
  }
  const i = bucketIndex(node, key)
  return i < 0 ? undefined : (node[i + 1] as V)
}

/** The node with every value changed; one pass, and untouched subtrees are kept as they are. */
export function mapNode<V>(node: Node<V>, change: (value: V, key: string) => V): Node<V> {
  let out: Slot<V>[] | undefined
  for (let i = 1; i < node.length; i += 2) {
    const key = node[i] as string | null
    const before = node[i + 1] as Slot<V>
    const after = key === null ? mapNode(before as Node<V>, change) : change(before as V, key)
    if (after === before) continue
    out ??= node.slice()
    out[i + 1] = after
  }
  return out ?? node
}

/** Visits every entry in order (the order of `keys()` and `toJSON()`). */
export function eachEntry<V>(node: Node<V>, visit: (value: V, key: string) => void): void {
  for (let i = 1; i < node.length; i += 2) {
    const key = node[i] as string | null
    if (key === null) eachEntry(node[i + 1] as Node<V>, visit)
    else visit(node[i + 1] as V, key)
  }
}

export const EMPTY_ROOT: Node<never> = [0]

/**
 * Calls `visit` for every key whose value differs under two nodes at `shift` (by reference),
 * skipping the sub-nodes they share.
 */
export function diffNodes<V>(
  a: Node<V>,
  b: Node<V>,
  shift: number,
  visit: (key: string, before: V | undefined, after: V | undefined) => void,
): void {
  if (a === b) return
  if (shift > LAST_SHIFT) return diffEntries(a, 0, b, 0, visit)
  const bitmapA = a[0] as number
  const bitmapB = b[0] as number
  for (let slot = 0; slot < 32; slot++) {
    const bit = 1 << slot
    const atA = bitmapA & bit ? pairAt(bitmapA, bit) : -1
    const atB = bitmapB & bit ? pairAt(bitmapB, bit) : -1
    if (atA >= 0 && atB >= 0 && a[atA] === null && b[atB] === null)
      diffNodes(a[atA + 1] as Node<V>, b[atB + 1] as Node<V>, shift + BITS, visit)
    else if (atA >= 0 || atB >= 0) diffEntries(a, atA, b, atB, visit)
  }
}

/** Compares the entries under the pair at `atA` of `a` and `atB` of `b` (0: the whole node). */
function diffEntries<V>(
  a: Node<V>,
  atA: number,
  b: Node<V>,
  atB: number,
  visit: (key: string, before: V | undefined, after: V | undefined) => void,
): void {
  const left = entriesAt(a, atA)
  const right = entriesAt(b, atB)
  for (const [key, value] of left) if (right.get(key) !== value) visit(key, value, right.get(key))
  for (const [key, value] of right) if (!left.has(key)) visit(key, undefined, value)
}

/** The entries under the pair at `at` of `node` (none for -1, all of them for 0). */
function entriesAt<V>(node: Node<V>, at: number): Map<string, V> {
  const out = new Map<string, V>()
  const add = (value: V, key: string) => void out.set(key, value)
  if (at === 0) eachEntry(node, add)
  else if (at > 0) {
    const key = node[at] as string | null
    if (key === null) eachEntry(node[at + 1] as Node<V>, add)
    else add(node[at + 1] as V, key)
  }
  return out
}
