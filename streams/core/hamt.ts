/**
 * The nodes of the persistent map (`pmap.ts`): a hash array mapped trie over string keys, laid
 * out as in CHAMP (Steindorfer and Vinju, 2015).
 *
 * Every node is one array. A branch (seven levels, each taking 5 bits of the hash) is
 * `[dataMap, nodeMap, key, value, key, value, …, node, node, …]`: the entries (a key and its
 * value) for the bits of `dataMap`, then the sub-nodes for the bits of `nodeMap`, each in bit
 * order. Below the last branch, a bucket holds the keys whose 32-bit hashes are equal:
 * `[hash, key, value, …]`. Iteration visits a branch's slots in bit order, entries and sub-nodes
 * interleaved, so the order of keys depends on the hashes only.
 *
 * Reading every entry (iteration, `map`, `diff`) is in `hamt-walk.ts`.
 *
 * Why this layout: the fold reads and replaces members of a 10,000-member map on most events,
 * and its time goes to following pointers (the maps outgrow the caches) and to allocating. A
 * lookup reads one array per level (a branch object around its children and a leaf object per
 * entry cost three more reads of scattered memory), a set allocates one array per level and
 * nothing per entry, and a branch of sub-nodes only (the top two levels of a 10,000-key map) is
 * 34 slots, not 65 with a marker per sub-node.
 */

/** A slot of a node: a bitmap or a hash, a key, a value or a sub-node. */
export type Slot<V> = number | string | V | Node<V>
export type Node<V> = readonly Slot<V>[]

export const BITS = 5
const MASK = 31
/** The deepest branch reads bits 30 and 31; below it are buckets. */
export const LAST_SHIFT = 30

export const EMPTY_ROOT: Node<never> = [0, 0]

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

export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  x = (x + (x >>> 4)) & 0x0f0f0f0f
  return Math.imul(x, 0x01010101) >>> 24
}

/** Where the entry for `bit` starts in a branch: after the bitmaps, two slots per lower bit. */
export const entryAt = (dataMap: number, bit: number): number =>
  2 + 2 * popcount(dataMap & (bit - 1))

/** Where the sub-node for `bit` is in a branch of `length` slots (`-bit`: the bits from `bit` up). */
export const childAt = (length: number, nodeMap: number, bit: number): number =>
  length - popcount(nodeMap & -bit)

/** The index of `key` in a bucket, or -1. */
export function bucketIndex<V>(bucket: Node<V>, key: string): number {
  for (let i = 1; i < bucket.length; i += 2) if (bucket[i] === key) return i
  return -1
}

/** A copy of `node` with slot `i` replaced. */
function replaced<V>(node: Node<V>, i: number, slot: Slot<V>): Slot<V>[] {
  const next = node.slice()
  next[i] = slot
  return next
}

/** A copy of `node` with the two slots of an entry inserted at `at`. */
function withEntry<V>(node: Node<V>, at: number, key: string, value: V): Slot<V>[] {
  const next = new Array<Slot<V>>(node.length + 2)
  for (let i = 0; i < at; i++) next[i] = node[i] as Slot<V>
  next[at] = key
  next[at + 1] = value
  for (let i = at; i < node.length; i++) next[i + 2] = node[i] as Slot<V>
  return next
}

/** A copy of `node` without the `count` slots at `at`. */
function without<V>(node: Node<V>, at: number, count: number): Slot<V>[] {
  const next = new Array<Slot<V>>(node.length - count)
  for (let i = 0; i < at; i++) next[i] = node[i] as Slot<V>
  for (let i = at + count; i < node.length; i++) next[i - count] = node[i] as Slot<V>
  return next
}

/** A branch whose entry at `at` moves down into `child`, the sub-node for `bit`. */
function pushedDown<V>(node: Node<V>, at: number, bit: number, child: Node<V>): Slot<V>[] {
  const dataMap = (node[0] as number) ^ bit
  const nodeMap = (node[1] as number) | bit
  const next = new Array<Slot<V>>(node.length - 1)
  const target = childAt(next.length, nodeMap, bit)
  for (let i = 0, j = 0; j < next.length; i++) {
    if (j === target) next[j++] = child
    if (i !== at && i !== at + 1 && i < node.length) next[j++] = node[i] as Slot<V>
  }
  next[0] = dataMap
  next[1] = nodeMap
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
  if (shift > LAST_SHIFT) return [ha, ka, va, kb, vb]
  const ia = (ha >>> shift) & MASK
  const ib = (hb >>> shift) & MASK
  if (ia === ib) return [0, 1 << ia, pair(shift + BITS, ha, ka, va, hb, kb, vb)]
  const dataMap = (1 << ia) | (1 << ib)
  return ia < ib ? [dataMap, 0, ka, va, kb, vb] : [dataMap, 0, kb, vb, ka, va]
}

/** The value of `key` under a root node, or undefined. */
export function lookup<V>(root: Node<V>, key: string): V | undefined {
  const hash = hashString(key)
  let node = root
  for (let shift = 0; shift <= LAST_SHIFT; shift += BITS) {
    const bit = 1 << ((hash >>> shift) & MASK)
    const dataMap = node[0] as number
    if ((dataMap & bit) !== 0) {
      const at = entryAt(dataMap, bit)
      return node[at] === key ? (node[at + 1] as V) : undefined
    }
    const nodeMap = node[1] as number
    if ((nodeMap & bit) === 0) return undefined
    node = node[childAt(node.length, nodeMap, bit)] as Node<V>
  }
  const i = bucketIndex(node, key)
  return i < 0 ? undefined : (node[i + 1] as V)
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
    return withEntry(node, node.length, key, value)
  }
  const bit = 1 << ((hash >>> shift) & MASK)
  const dataMap = node[0] as number
  const nodeMap = node[1] as number
  if ((dataMap & bit) !== 0) {
    const at = entryAt(dataMap, bit)
    const k = node[at] as string
    const v = node[at + 1] as V
    if (k === key) return v === value ? node : replaced(node, at + 1, value)
    added = true
    return pushedDown(node, at, bit, pair(shift + BITS, hashString(k), k, v, hash, key, value))
  }
  if ((nodeMap & bit) !== 0) {
    const i = childAt(node.length, nodeMap, bit)
    const child = node[i] as Node<V>
    const updated = setIn(child, shift + BITS, hash, key, value)
    return updated === child ? node : replaced(node, i, updated)
  }
  added = true
  const next = withEntry(node, entryAt(dataMap, bit), key, value)
  next[0] = dataMap | bit
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
    return node.length === 3 ? undefined : without(node, i, 2)
  }
  const bit = 1 << ((hash >>> shift) & MASK)
  const dataMap = node[0] as number
  const nodeMap = node[1] as number
  let next: Slot<V>[]
  if ((dataMap & bit) !== 0) {
    const at = entryAt(dataMap, bit)
    if (node[at] !== key) return node
    next = without(node, at, 2)
    next[0] = dataMap ^ bit
  } else if ((nodeMap & bit) !== 0) {
    const i = childAt(node.length, nodeMap, bit)
    const child = node[i] as Node<V>
    const updated = deleteIn(child, shift + BITS, hash, key)
    if (updated === child) return node
    if (updated !== undefined) return replaced(node, i, updated)
    next = without(node, i, 1)
    next[1] = nodeMap ^ bit
  } else return node
  return next.length === 2 ? undefined : next
}
