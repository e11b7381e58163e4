import {
  BITS,
  bucketIndex,
  childAt,
  entryAt,
  LAST_SHIFT,
  popcount,
  type Node,
  type Slot,
} from './hamt'

/** The walks over every entry of a persistent map's nodes (`hamt.ts`): map, iterate, diff. */

/**
 * The node with every value changed; one pass, and untouched subtrees are kept as they are.
 * `change` is not called for what the node shares with `known` (a node at the same place whose
 * every value `change` leaves as it is): shared sub-nodes are skipped whole, shared entries one by
 * one.
 */
export function mapNode<V>(
  node: Node<V>,
  shift: number,
  change: (value: V, key: string) => V,
  known: Node<V> | undefined,
): Node<V> {
  if (node === known) return node
  let out: Slot<V>[] | undefined
  if (shift > LAST_SHIFT) {
    for (let at = 1; at < node.length; at += 2) {
      const key = node[at] as string
      const value = node[at + 1] as V
      const k = known ? bucketIndex(known, key) : -1
      if (k >= 0 && (known as Node<V>)[k + 1] === value) continue
      const next = change(value, key)
      if (next === value) continue
      out ??= node.slice()
      out[at + 1] = next
    }
    return out ?? node
  }
  const dataMap = node[0] as number
  const nodeMap = node[1] as number
  const knownData = known ? (known[0] as number) : 0
  const knownNodes = known ? (known[1] as number) : 0
  for (let bits = dataMap, at = 2; bits !== 0; bits &= bits - 1, at += 2) {
    const bit = bits & -bits
    const key = node[at] as string
    const value = node[at + 1] as V
    if ((knownData & bit) !== 0) {
      const k = entryAt(knownData, bit)
      if ((known as Node<V>)[k] === key && (known as Node<V>)[k + 1] === value) continue
    }
    const next = change(value, key)
    if (next === value) continue
    out ??= node.slice()
    out[at + 1] = next
  }
  for (let bits = nodeMap, i = node.length - popcount(nodeMap); bits !== 0; bits &= bits - 1, i++) {
    const bit = bits & -bits
    const child = node[i] as Node<V>
    const knownChild =
      (knownNodes & bit) !== 0
        ? ((known as Node<V>)[childAt((known as Node<V>).length, knownNodes, bit)] as Node<V>)
        : undefined
    const next = mapNode(child, shift + BITS, change, knownChild)
    if (next === child) continue
    out ??= node.slice()
    out[i] = next
  }
  return out ?? node
}

/** Visits every entry in order (the order of `keys()` and `toJSON()`): entries and sub-nodes by bit. */
export function eachEntry<V>(
  node: Node<V>,
  shift: number,
  visit: (value: V, key: string) => void,
): void {
  if (shift > LAST_SHIFT) {
    for (let at = 1; at < node.length; at += 2) visit(node[at + 1] as V, node[at] as string)
    return
  }
  const dataMap = node[0] as number
  const nodeMap = node[1] as number
  let at = 2
  let i = node.length - popcount(nodeMap)
  for (let bits = dataMap | nodeMap; bits !== 0; bits &= bits - 1) {
    if ((dataMap & bits & -bits) !== 0) {
      visit(node[at + 1] as V, node[at] as string)
      at += 2
    } else eachEntry(node[i++] as Node<V>, shift + BITS, visit)
  }
}

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
  if (shift > LAST_SHIFT) return diffEntries(entriesOf(a, shift), entriesOf(b, shift), visit)
  const dataA = a[0] as number
  const nodeA = a[1] as number
  const dataB = b[0] as number
  const nodeB = b[1] as number
  for (let slot = 0; slot < 32; slot++) {
    const bit = 1 << slot
    if ((nodeA & bit) !== 0 && (nodeB & bit) !== 0) {
      const childA = a[childAt(a.length, nodeA, bit)] as Node<V>
      const childB = b[childAt(b.length, nodeB, bit)] as Node<V>
      diffNodes(childA, childB, shift + BITS, visit)
    } else if (((dataA | nodeA | dataB | nodeB) & bit) !== 0)
      diffEntries(slotEntries(a, shift, bit), slotEntries(b, shift, bit), visit)
  }
}

function diffEntries<V>(
  left: Map<string, V>,
  right: Map<string, V>,
  visit: (key: string, before: V | undefined, after: V | undefined) => void,
): void {
  for (const [key, value] of left) if (right.get(key) !== value) visit(key, value, right.get(key))
  for (const [key, value] of right) if (!left.has(key)) visit(key, undefined, value)
}

function entriesOf<V>(node: Node<V>, shift: number): Map<string, V> {
  const out = new Map<string, V>()
  eachEntry(node, shift, (value, key) => out.set(key, value))
  return out
}

/** The entries in the slot for `bit` of a branch at `shift` (its entry, or its sub-node's). */
function slotEntries<V>(node: Node<V>, shift: number, bit: number): Map<string, V> {
  const dataMap = node[0] as number
  const nodeMap = node[1] as number
  if ((nodeMap & bit) !== 0)
    return entriesOf(node[childAt(node.length, nodeMap, bit)] as Node<V>, shift + BITS)
  const out = new Map<string, V>()
  if ((dataMap & bit) !== 0) {
    const at = entryAt(dataMap, bit)
    out.set(node[at] as string, node[at + 1] as V)
  }
  return out
}
